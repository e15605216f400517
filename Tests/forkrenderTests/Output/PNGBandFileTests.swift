import Foundation
import Testing
import Raster
import SceneFormat
import Compose
import Output

/// The files the PNG sinks write, with their band caches warm: valid for `pngcheck`, and byte for byte the
/// frame encoded alone with a cold cache, whichever frames the sink encoded before (PNGBandCache.swift).
@Suite struct PNGBandFileTests {
    static var pngcheck: String? {
        ["/usr/bin/pngcheck", "/usr/local/bin/pngcheck", "/opt/homebrew/bin/pngcheck"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A short showcase render at device scale on two encoders: every file passes `pngcheck`, the last frame
    /// equals that frame rendered and encoded here without a cache, and a PNG stream starting at frame 3
    /// (another cache, warmed by other frames) carries the same bytes as the folder's frames 3 to 5.
    @Test func showcaseFilesAreValidAndIndependentOfTheCache() throws {
        let dir = CLI.temporaryFolder("png-bands")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out")
        let r = try CLI.run(["-o", out.path, "-q", "--frames", "0..5", "--threads", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let names = CLI.files(in: out)
        #expect(names == (0...5).map { String(format: "%04d.png", $0) })

        if let pngcheck = Self.pngcheck {
            for name in names {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: pngcheck)
                p.arguments = ["-q", out.appendingPathComponent(name).path]
                let pipe = Pipe()
                p.standardOutput = pipe
                try p.run()
                let said = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                p.waitUntilExit()
                #expect(p.terminationStatus == 0, "pngcheck \(name): \(said)")
            }
        } else {
            Issue.record("pngcheck is not installed (scripts/setup.sh installs it)")
        }

        let document = try SceneDecoder().decode(text: Showcase.json)
        var compositor = Compositor(document: document, workers: Workers(2))
        let alone = try EncodeSettings(dither: document.dither).pngBytes(compositor.render(frame: 5))
        #expect(try [UInt8](Data(contentsOf: out.appendingPathComponent("0005.png"))) == alone)

        let stream = dir.appendingPathComponent("stream.bin")
        _ = FileManager.default.createFile(atPath: stream.path, contents: nil)
        let handle = try FileHandle(forWritingTo: stream)
        let s = try CLI.run(["-o", "-", "-q", "--frames", "3..5", "--threads", "2"], stdoutTo: handle)
        try handle.close()
        #expect(s.status == 0, "\(s.stderr)")
        let folder = try (3...5).flatMap { try [UInt8](Data(contentsOf: out.appendingPathComponent(String(format: "%04d.png", $0)))) }
        #expect(try [UInt8](Data(contentsOf: stream)) == folder)
    }
}
