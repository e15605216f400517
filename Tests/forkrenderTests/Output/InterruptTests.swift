import Foundation
import Raster
import Testing

/// Ctrl-C inside one long physics replay (the last frame of an hour-long scene) stops the render: exit 130,
/// nothing published, within a second of the signal (it used to run 7.5 s and exit 0).
@Suite struct InterruptTests {
    @Test func ctrlCDuringALongReplayStopsWithin1Second() throws {
        let dir = CLI.temporaryFolder("interrupt-replay")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("long.json").path
        // A vortex on for the whole hour: the replay to the last frame takes 13.7 s uncancelled (measured).
        try #"{"duration": 3600, "fps": 60, "canvas": {"width": 390, "height": 844, "scale": 0.25}, "events": [{"type": "field", "field": "vortex", "t": 0, "at": [195, 422], "radius": 400}]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = [scene, "-o", dir.appendingPathComponent("out").path, "--frames", "215999", "--quiet", "--threads", "1"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 1)
        #expect(p.isRunning, "the replay finished within 1 s: the scene is too short to test cancellation")
        let sent = Date()
        p.interrupt()
        p.waitUntilExit()
        let after = Date().timeIntervalSince(sent)
        #expect(p.terminationStatus == 130)
        #expect(after < 1.5, "stopped \(after) s after SIGINT")
        #expect(CLI.files(in: dir.appendingPathComponent("out")).isEmpty)
    }

    /// A scene whose symbols are slow in librsvg but within every budget: four symbols of 500 random cubics
    /// that cross each other (about 240,000 crossing pairs each, under the 250,000 of one symbol and the
    /// 1,000,000 of a scene) at 2000 x 2000 px. One frame took 4-7 s, all of it inside librsvg and cairo, which
    /// poll no cancellation (7.4 s uninterrupted on a 2-core machine under load); since the vector registers'
    /// upper halves are cleared after ISA-L (cpng.c), cairo's SSE code runs at its speed and the first frame
    /// with its video takes about 2 s (2.2 s for the whole process, measured on an idle 2-core machine).
    static func slowIconScene(in dir: URL) throws -> String {
        var state: UInt64 = 5
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 40) % 2400
        }
        var d = "M 2 2"
        for _ in 0..<500 { d += " C" + (0..<6).map { _ in " \(Double(next()) / 100)" }.joined() }
        let items = (0..<4).map { _ in #"{"symbol": "\#(d)", "frame": [0, 0, 1000, 1000]}"# }.joined(separator: ", ")
        let scene = dir.appendingPathComponent("slow-icons.json").path
        try #"{"canvas": {"width": 1000, "height": 1000, "scale": 2}, "duration": 0.2, "fps": 10, "content": [\#(items)]}"#
            .write(toFile: scene, atomically: true, encoding: .utf8)
        return scene
    }

    /// SIGINT or SIGTERM while the render is inside librsvg: the watcher does not wait for the worker; within a
    /// second the process has removed its temporary files and exited 130, and the output folder holds no part
    /// of the frame being drawn (at most the first frame, whole, where the signal found the second). Before,
    /// SIGTERM printed "interrupted" and the process ran on until librsvg returned.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalInsideLibrsvgEndsTheProcessWithin1Second(signal: Int32) throws {
        let dir = CLI.temporaryFolder("interrupt-librsvg-\(signal)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try Self.slowIconScene(in: dir)
        let out = dir.appendingPathComponent("out")
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = [scene, "-o", out.path, "--quiet", "--video", dir.appendingPathComponent("v.mp4").path]
        let err = Pipe()
        p.standardError = err
        try p.run()
        Thread.sleep(forTimeInterval: 1.0)
        #expect(p.isRunning, "the frames finished within 1 s: the icons are too fast to test cancellation")
        let sent = Date()
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        let after = Date().timeIntervalSince(sent)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 130, "\(text)")
        #expect(p.terminationReason == .exit)
        #expect(after < 1.0, "stopped \(after) s after the signal")
        #expect(text.contains("interrupted"), "\(text)")
        // Nothing of the frame being drawn published: at most frame 0, whole (libpng decodes it at the canvas's
        // size), no hidden temporary file, no video and no ffmpeg log.
        let published = CLI.files(in: out)
        #expect(published.isEmpty || published == ["0000.png"], "left in the output folder: \(published)")
        if published == ["0000.png"] {
            let png = try PNG.decode([UInt8](Data(contentsOf: out.appendingPathComponent("0000.png"))))
            #expect(png.width == 2000 && png.height == 2000)
        }
        #expect(CLI.files(in: dir) == ["out", "slow-icons.json"], "left: \(CLI.files(in: dir))")
        let log = NSTemporaryDirectory() + "forkrender-ffmpeg-\(p.processIdentifier).log"
        #expect(!FileManager.default.fileExists(atPath: log))
    }
}
