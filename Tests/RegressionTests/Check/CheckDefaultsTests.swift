import Foundation
import Testing
import Raster
import Output
@testable import Regression

/// `check`'s defaults (issue 54): exact for a reference of this renderer's fingerprint, so a visible change
/// fails at the defaults; the measured tolerance for another's, saying why in every report.
@Suite(.serialized) struct CheckDefaultsTests {
    /// A light scene with a glass bar (corner radius `radius`) and a label at `labelX`: the issue's example.
    static func scene(radius: Double = 26, labelX: Double = 24, dotIdle: String = "", extra: String = "") -> String {
        #"{"canvas": {"width": 200, "height": 120, "scale": 1}, "appearance": "light", "duration": 0.2, "fps": 10, "plane": {"spacing": 12, "dotSize": 3\#(dotIdle)}, "glass": [{"id": "bar", "frame": [10, 20, 180, 64], "radius": \#(radius), "material": "regular"}], "content": [{"text": "Home", "at": [\#(labelX), 44], "size": 17, "on": "bar"}]\#(extra)}"#
    }

    static func setup(_ name: String, _ json: String = scene()) throws -> (dir: URL, scenes: URL, refs: URL) {
        let dir = Binary.folder(name)
        let scenes = dir.appendingPathComponent("scenes"), refs = dir.appendingPathComponent("refs")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try json.write(to: scenes.appendingPathComponent("home.json"), atomically: true, encoding: .utf8)
        return (dir, scenes, refs)
    }

    /// The issue's "done when": a 26 -> 12 pt corner and a label moved 1 pt each fail at the defaults; so does
    /// the dots' idle alpha 0.05 -> 0.08 (a token edit), which pixelmatch's threshold 0.1 lets through.
    @Test(arguments: [("radius", scene(radius: 12), false), ("label", scene(labelX: 25), false),
                      ("dotIdle", scene(dotIdle: #", "dotIdle": 0.08"#), true)])
    func aVisibleChangeFailsAtTheDefaults(label: String, changed: String, passesAtPointOne: Bool) throws {
        let s = try Self.setup("defaults-\(label)")
        let record = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(record.status == 0, "\(record.err)")
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
        try changed.write(to: s.scenes.appendingPathComponent("home.json"), atomically: true, encoding: .utf8)
        let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(r.status == 1, "\(label): \(r.out)\(r.err)")
        #expect(r.out.contains("tolerance at most 0 different pixels"), "\(r.out)")
        #expect(!r.out.contains("another renderer"), "same machine, same fingerprint: \(r.out)")
        let old = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--threshold", "0.1"])
        #expect((old.status == 0) == passesAtPointOne, "at pixelmatch's 0.1: \(old.out)")
    }

    /// Rewrites a reference with another renderer's fingerprint (FreeType 9.9.9), pixels unchanged.
    static func forge(_ path: String) throws {
        let img = try RGBAImage.read(path: path)
        var fp = RendererFingerprint.current
        fp.entries = fp.entries.map { $0.name == "FreeType" ? .init("FreeType", "9.9.9") : $0 }
        var o = CheckRunner.referenceEncoding
        o.text = PNGText(keyword: RendererFingerprint.keyword, text: fp.text)
        try AtomicFile.write(try img.pngBytes(options: o), to: path)
    }

    @Test func anotherFingerprintIsComparedWithTheMeasuredToleranceAndEveryReportSaysWhy() throws {
        let s = try Self.setup("defaults-fingerprint")
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
        let frames = CLIFiles.list(s.refs.appendingPathComponent("home"))
        for f in frames { try Self.forge(s.refs.appendingPathComponent("home/\(f)").path) }

        // The same picture passes, and says it was not compared exactly, and why.
        let report = s.dir.appendingPathComponent("report"), junit = s.dir.appendingPathComponent("junit.xml")
        let same = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--report", report.path, "--junit", junit.path])
        #expect(same.status == 0, "\(same.out)\(same.err)")
        let why = "reference recorded with FreeType 9.9.9, this machine \(RendererFingerprint.current.entries.first { $0.name == "FreeType" }!.value)"
        let tolerance = "threshold \(FrameRule.format(CheckDefaults.crossThreshold)), \(CheckDefaults.crossTolerance), anti-aliasing ignored, \(CheckDefaults.crossCluster)"
        #expect(same.out.contains("compared with the tolerance for another renderer (\(tolerance)): \(why)"), "\(same.out)")
        #expect(same.err.contains("note: \(frames.count) of \(frames.count) frames compared with the tolerance for another renderer"), "\(same.err)")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<system-out>passed: identical; compared with the tolerance for another renderer"), "\(xml)")
        #expect(xml.contains(why))
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("class=\"fallback\">\(frames.count) of \(frames.count) frames were not compared exactly"), "\(html)")
        #expect(html.contains(why))

        // A corner redrawn still fails there, by the cluster gate, naming the reason.
        try Self.scene(radius: 12).write(to: s.scenes.appendingPathComponent("home.json"), atomically: true, encoding: .utf8)
        let changed = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--junit", junit.path])
        #expect(changed.status == 1, "\(changed.out)")
        #expect(changed.out.contains("the cluster gate fails at \(CheckDefaults.crossClusterPixels)"), "\(changed.out)")
        #expect(changed.out.contains(why))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains(why))
        // The command line still overrides: exact again.
        let exact = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--threshold", "0", "--max-diff-pixels", "0", "--cluster", "1:1"])
        #expect(exact.status == 1 && exact.out.contains("tolerance at most 0 different pixels"), "\(exact.out)")
    }

    /// libpng, zlib, ISA-L and forkrender's version do not move pixels: a reference differing only there is
    /// still compared exactly.
    @Test func fileByteLibrariesKeepTheComparisonExact() {
        let here = RendererFingerprint.current
        var other = here
        other.entries = other.entries.map { ["zlib", "libpng", "ISA-L"].contains($0.name) ? .init($0.name, "0.0") : $0 }
        #expect(!FrameRule.shapesDifferently(other, here))
        other.entries = other.entries.map { $0.name == "HarfBuzz" ? .init($0.name, "0.0") : $0 }
        #expect(FrameRule.shapesDifferently(other, here))
        other = here
        other.entries.removeAll { $0.name.hasPrefix("font sans") }
        #expect(FrameRule.shapesDifferently(other, here))
    }
}
