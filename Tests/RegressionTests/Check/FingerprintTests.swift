import Foundation
import Testing
import Raster
@testable import Regression
import SceneFormat
import Compose
import Output

/// The renderer fingerprint: `--version --verbose` lists it, `check --update` writes it into every reference
/// (an iTXt chunk libpng writes and reads), and a failing check against a reference from another renderer
/// names the entries that differ in its message, the JUnit file and the HTML report.
@Suite(.serialized) struct FingerprintTests {
    static let libraries = ["forkrender", "libpng", "zlib", "ISA-L", "FreeType", "HarfBuzz", "FriBidi", "fontconfig",
                            "librsvg", "cairo", "font sans 400", "font serif 400", "font mono 400"]

    @Test func theFingerprintNamesEveryLibraryAndFont() {
        let f = RendererFingerprint.current
        #expect(f.entries.map(\.name).starts(with: Self.libraries.prefix(10)))
        for name in Self.libraries {
            let value = f.entries.first { $0.name == name }?.value ?? ""
            #expect(!value.isEmpty && value != "unknown" && value != "none", "\(name): '\(value)'")
        }
        // Versions look like versions; fonts name a file, its size and hash.
        for name in ["libpng", "zlib", "FreeType", "HarfBuzz", "fontconfig", "librsvg", "cairo"] {
            let v = f.entries.first { $0.name == name }!.value
            #expect(v.split(separator: ".").count >= 2 && v.first!.isNumber, "\(name) \(v)")
        }
        let sans = f.entries.first { $0.name == "font sans 400" }!.value
        #expect(sans.hasPrefix("/") && sans.contains(" bytes, fnv1a "), "\(sans)")
        #expect(RendererFingerprint(text: f.text) == f, "the text round-trips")
    }

    @Test func differencesNameOnlyWhatDiffers() {
        let here = RendererFingerprint(entries: [.init("forkrender", "0.1.0"), .init("FreeType", "2.12.1"), .init("zlib", "1.2.13")])
        let there = RendererFingerprint(entries: [.init("forkrender", "0.1.0"), .init("FreeType", "2.13.3"), .init("cairo", "1.18.0")])
        #expect(there.differences(from: here) == ["FreeType 2.13.3, this machine 2.12.1", "cairo 1.18.0, this machine none",
                                                  "zlib none, this machine 1.2.13"])
        #expect(RendererFingerprint.mismatch(reference: here, here: here) == nil)
        #expect(RendererFingerprint.mismatch(reference: there, here: here)?.hasPrefix("reference recorded with FreeType 2.13.3, this machine 2.12.1; ") == true)
        #expect(RendererFingerprint.mismatch(reference: nil, here: here)?.contains("without a renderer fingerprint") == true)
    }

    @Test func versionVerboseListsTheFingerprint() throws {
        let plain = try Binary.run(["--version"])
        #expect(plain.status == 0 && plain.out == "forkrender \(RendererFingerprint.version)\n")
        let verbose = try Binary.run(["--version", "--verbose"])
        #expect(verbose.status == 0)
        #expect(verbose.out == RendererFingerprint.current.text + "\n", "\(verbose.out)")
        for name in Self.libraries { #expect(verbose.out.contains("\n\(name): ") || verbose.out.hasPrefix("\(name): "), "\(name)") }
    }

    static let scene = #"{"canvas": {"width": 40, "height": 30, "scale": 1}, "duration": 0.1, "fps": 10, "plane": {"spacing": 10, "dotSize": 4}}"#

    /// Records one reference, then replaces it with `pixels changed` and `text` as its fingerprint chunk.
    func setup(_ name: String) throws -> (dir: URL, scenes: URL, refs: URL, reference: String) {
        let dir = Binary.folder("fingerprint-\(name)")
        let scenes = dir.appendingPathComponent("scenes"), refs = dir.appendingPathComponent("refs")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Self.scene.write(to: scenes.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        let r = try Binary.run(["check", scenes.path, "--references", refs.path, "--frames", "0", "--update", "all"])
        #expect(r.status == 0, "\(r.err)")
        return (dir, scenes, refs, refs.appendingPathComponent("card/0000.png").path)
    }

    @Test func checkUpdateWritesTheFingerprintIntoEveryReference() throws {
        let s = try setup("write")
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let text = try PNG.text(path: s.reference, key: RendererFingerprint.keyword)
        #expect(text == RendererFingerprint.current.text)
        #expect(RendererFingerprint.read(png: s.reference) == RendererFingerprint.current)
        // A PNG without the chunk has none; one with a chunk of another keyword neither.
        let plain = s.dir.appendingPathComponent("plain.png").path
        try PNG.write(rgba8: [UInt8](repeating: 255, count: 4), width: 1, height: 1, to: plain)
        #expect(try PNG.text(path: plain, key: RendererFingerprint.keyword) == nil)
        var o = PNGEncodeOptions.default
        o.text = PNGText(keyword: "Comment", text: "hello")
        try PNG.write(rgba8: [UInt8](repeating: 255, count: 4), width: 1, height: 1, to: plain, options: o)
        #expect(try PNG.text(path: plain, key: "Comment") == "hello")
        #expect(try PNG.text(path: plain, key: RendererFingerprint.keyword) == nil)
        #expect(throws: PNGError.self) { try PNG.text(path: s.dir.appendingPathComponent("none.png").path, key: "x") }
    }

    /// A reference from a renderer with FreeType 2.13.3: compared with the tolerance for another renderer, and
    /// a failure (a 6 x 6 block changed, which the cluster gate catches) says how the two renderers differ, only
    /// where they do, on the terminal, in the JUnit file and in the HTML report.
    @Test func aFailureAgainstAnotherRenderersReferenceSaysSo() throws {
        let s = try setup("mismatch")
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let here = RendererFingerprint.current
        let freetype = here.entries.first { $0.name == "FreeType" }!.value
        var other = here
        other.entries = other.entries.map { $0.name == "FreeType" ? .init("FreeType", "2.13.3") : $0 }
        var image = try RGBAImage.read(path: s.reference)
        var options = CheckRunner.referenceEncoding
        options.text = PNGText(keyword: RendererFingerprint.keyword, text: other.text)
        // Same pixels first: it passes, saying it was not compared exactly.
        try PNG.write(rgba8: image.pixels, width: image.width, height: image.height, to: s.reference, options: options)
        let same = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--frames", "0"])
        #expect(same.status == 0 && same.out.contains("identical; compared with the tolerance for another renderer"), "\(same.out)")
        for y in 10..<16 { for x in 10..<16 { image[x, y] = (255, 0, 0, 255) } }
        try PNG.write(rgba8: image.pixels, width: image.width, height: image.height, to: s.reference, options: options)
        let junit = s.dir.appendingPathComponent("check.xml"), report = s.dir.appendingPathComponent("report")
        let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--frames", "0",
                                "--junit", junit.path, "--report", report.path])
        #expect(r.status == 1)
        let note = "reference recorded with FreeType 2.13.3, this machine \(freetype)"
        #expect(r.out.contains(note), "\(r.out)")
        #expect(!r.out.contains("libpng"), "only the entries that differ: \(r.out)")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(note), "\(xml)")
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains(note), "the HTML report")
        // Without a fingerprint (a reference recorded before forkrender wrote one): said too.
        try PNG.write(rgba8: image.pixels, width: image.width, height: image.height, to: s.reference, options: CheckRunner.referenceEncoding)
        let bare = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--frames", "0"])
        #expect(bare.status == 1 && bare.out.contains("without a renderer fingerprint"), "\(bare.out)")
    }
}
