import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Raster
@testable import Regression

/// `forkrender check` end to end: recording, comparing, update modes, CI, reports and bad input.
@Suite(.serialized) struct CheckCommandTests {
    /// A small scene (120 x 90 px) with named check frames.
    static func scene(appearance: String = "light", dotIdle: Double? = nil, extra: String = "") -> String {
        let plane = dotIdle.map { #", "plane": {"dotIdle": \#($0), "spacing": 10, "dotSize": 4}"# } ?? #", "plane": {"spacing": 10, "dotSize": 4}"#
        return #"{"canvas": {"width": 60, "height": 45, "scale": 2}, "appearance": "\#(appearance)", "duration": 0.5, "fps": 30\#(plane)\#(extra)}"#
    }

    struct Setup {
        let dir: URL
        let scenes: URL
        let refs: URL
        func path(_ s: String) -> String { dir.appendingPathComponent(s).path }
    }

    func setup(_ name: String, scenes: [String: String] = ["card": scene()]) throws -> Setup {
        let dir = Binary.folder(name)
        let s = dir.appendingPathComponent("scenes"), r = dir.appendingPathComponent("refs")
        try FileManager.default.createDirectory(at: s, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: r, withIntermediateDirectories: true)
        for (n, json) in scenes { try json.write(to: s.appendingPathComponent("\(n).json"), atomically: true, encoding: .utf8) }
        return Setup(dir: dir, scenes: s, refs: r)
    }

    @Test func recordsMissingThenPassesAndWritesNothingMore() throws {
        let s = try setup("record", scenes: ["card": Self.scene(), "other": Self.scene(extra: #", "check": {"frames": [2, 7]}"#)])
        let first = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.contains("card   0000   recorded"), "\(first.out)")
        #expect(first.out.hasSuffix("5 frames: 5 recorded\n"))
        // Frames: first, middle (15 frames: 7) and last for card; the scene's own list for other.
        #expect(CLIFiles.list(s.refs.appendingPathComponent("card")) == ["0000.png", "0007.png", "0014.png"])
        #expect(CLIFiles.list(s.refs.appendingPathComponent("other")) == ["0002.png", "0007.png"])
        let img = try RGBAImage.read(path: s.refs.appendingPathComponent("card/0007.png").path)
        #expect(img.width == 120 && img.height == 90)

        let second = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--threads", "1"])
        #expect(second.status == 0)
        #expect(second.out.hasSuffix("5 frames: 5 passed\n"))
        #expect(second.out.hasPrefix("SCENE  FRAME  STATUS  DIFFERENT  DETAILS\ncard   0000   passed          0  identical\n"), "\(second.out)")
        // --frames applies to every scene.
        let some = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--frames", "7", "-q"])
        #expect(some.status == 0 && some.out == "2 frames: 2 passed\n", "\(some.out)")
        // References made at another scale: a size mismatch whose message names the scale to pass.
        let other = s.dir.appendingPathComponent("refs1")
        #expect(try Binary.run(["check", s.scenes.path, "--references", other.path, "--scale", "1", "--update", "all"]).status == 0)
        let mismatch = try Binary.run(["check", s.scenes.path, "--references", other.path, "--frames", "0"])
        #expect(mismatch.status == 1)
        #expect(mismatch.out.contains("sizes differ: expected 60x45, actual 120x90 (the reference is this scene at scale 1: pass --scale 1?)"), "\(mismatch.out)")
    }

    /// The "done when" of the issue: a changed token fails the check, and the report shows the change.
    @Test(arguments: [("appearance", scene(appearance: "dark")), ("dotIdle", scene(dotIdle: 0.5))])
    func changingOneTokenFailsWithAReportThatShowsIt(label: String, changed: String) throws {
        let s = try setup("token-\(label)")
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
        try changed.write(to: s.scenes.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
        let report = s.dir.appendingPathComponent("report"), junit = s.dir.appendingPathComponent("junit.xml")
        let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--report", report.path, "--junit", junit.path])
        #expect(r.status == 1, "\(r.out)\(r.err)")
        #expect(r.out.contains("card   0000   failed"))
        #expect(r.out.contains("report: \(report.path)/index.html"))

        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("3 frames: 3 failed"))
        for frame in ["0000", "0007", "0014"] {
            for kind in ["expected", "actual", "diff"] {
                #expect(html.contains("src=\"card/\(frame)-\(kind).png\""), "\(frame) \(kind)")
                #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("card/\(frame)-\(kind).png").path))
            }
        }
        #expect(html.contains("type=\"range\"") && html.contains("value=\"blink\""))
        #expect(html.contains("--update changed"))
        // The images show the change: expected is the reference, actual the new rendering, and the diff marks
        // pixels red exactly where the two differ beyond the threshold.
        let expected = try RGBAImage.read(path: report.appendingPathComponent("card/0007-expected.png").path)
        let actual = try RGBAImage.read(path: report.appendingPathComponent("card/0007-actual.png").path)
        let diff = try RGBAImage.read(path: report.appendingPathComponent("card/0007-diff.png").path)
        #expect(expected == (try RGBAImage.read(path: s.refs.appendingPathComponent("card/0007.png").path)))
        #expect(expected != actual)
        // The check's default for a reference of this renderer: exact.
        let result = try Comparison(threshold: 0).apply(expected: expected, actual: actual)
        var red = 0
        for y in 0..<diff.height { for x in 0..<diff.width where diff[x, y] == (255, 0, 0, 255) { red += 1 } }
        #expect(red == result.differentPixels && red > 0)

        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"forkrender check\" tests=\"3\" failures=\"3\" errors=\"0\""))
        #expect(xml.contains("<testcase classname=\"card\" name=\"frame 0007\""))
        #expect(xml.contains("<failure type=\"failed\" message=\"\(result.differentPixels) different pixels"))
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "JUnit XML is well-formed")

        // Accepting the change: --update changed replaces the references, and then the check passes.
        let accept = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--update", "changed"])
        #expect(accept.status == 0 && accept.out.hasSuffix("3 frames: 3 updated\n"), "\(accept.out)")
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
    }

    /// The command a team would run against the project's own references passes (CI mode: nothing written).
    @Test func checkPassesAgainstTheCommittedGoldenReferences() throws {
        let scenes = Binary.root.appendingPathComponent("scenes").path
        let refs = Binary.root.appendingPathComponent("Tests/GoldenTests/References").path
        let r = try Binary.run(["check", scenes, "--references", refs, "--scale", "1", "-q"], ci: true)
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(r.out.hasSuffix(" passed\n") && !r.out.contains("failed"), "\(r.out)")
    }

    @Test func onCIMissingReferencesFailAndNothingIsWritten() throws {
        let s = try setup("ci")
        let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--junit", s.path("j.xml")], ci: true)
        #expect(r.status == 1)
        #expect(r.out.contains("card   0000   missing"))
        #expect(r.out.contains("never written on CI"))
        #expect(r.out.contains("--update missing"))
        #expect(CLIFiles.list(s.refs).isEmpty)
        #expect(try String(contentsOf: s.dir.appendingPathComponent("j.xml"), encoding: .utf8).contains("<failure type=\"missing\""))
        let forced = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--update", "all"], ci: true)
        #expect(forced.status == 2)
        #expect(forced.err.hasPrefix("Error: '--update all' refused: references are never written on CI"))
        #expect(CLIFiles.list(s.refs).isEmpty)
        // Locally, --update none behaves like CI.
        let none = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--update", "none"])
        #expect(none.status == 1 && CLIFiles.list(s.refs).isEmpty)
    }

    @Test func sceneMasksLeaveRegionsOut() throws {
        // The mask covers the left half of the 60 x 45 pt canvas; the change is a different dot size, which
        // moves every dot edge, on both halves.
        let masked = #", "check": {"frames": [0], "masks": [[0, 0, 30, 45]]}"#
        let s = try setup("masks", scenes: ["card": Self.scene(extra: masked)])
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
        // Change the right half of the reference only inside the mask: still passes.
        let ref = s.refs.appendingPathComponent("card/0000.png").path
        var img = try RGBAImage.read(path: ref)
        for y in 0..<90 { for x in 0..<60 { img[x, y] = (255, 0, 0, 255) } }
        // Written with this renderer's fingerprint, so the comparison stays exact (one without is another
        // renderer's, compared with a tolerance).
        try PNG.write(rgba8: img.pixels, width: 120, height: 90, to: ref, options: CheckRunner.referenceOptions)
        let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("identical (5400 masked)"))
        // Outside the mask it fails.
        img[61, 0] = (255, 0, 0, 255)
        try PNG.write(rgba8: img.pixels, width: 120, height: 90, to: ref, options: CheckRunner.referenceOptions)
        let f = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(f.status == 1 && f.out.contains("1 different pixel (0.00926%)"), "\(f.out)")
    }

    @Test func sizeMismatchAndUnreadableReferences() throws {
        let s = try setup("refs-bad")
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
        let r0 = s.refs.appendingPathComponent("card/0000.png").path, r7 = s.refs.appendingPathComponent("card/0007.png").path
        try PNG.write(rgba8: [UInt8](repeating: 200, count: 4 * 10 * 10), width: 10, height: 10, to: r0)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: r7))
        let report = s.dir.appendingPathComponent("report")
        let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--report", report.path])
        #expect(r.status == 2, "an unreadable reference is an input error")
        #expect(r.out.contains("card   0000   failed          -  sizes differ: expected 10x10, actual 120x90"), "\(r.out)")
        #expect(r.out.contains("card   0007   error           -  cannot read PNG '\(r7)': not a PNG file"), "\(r.out)")
        #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent("card/0000-panels.png").path))
        let fixed = try Binary.run(["check", s.scenes.path, "--references", s.refs.path, "--update", "changed"])
        #expect(fixed.status == 0 && fixed.out.hasSuffix("3 frames: 1 passed, 2 updated\n"), "\(fixed.out)")
    }

    @Test func badInputExits2BeforeRendering() throws {
        let s = try setup("input")
        let cases: [([String], String)] = [
            (["check", s.scenes.path], "Error: Missing '--references <folder>'"),
            (["check", "--references", s.refs.path], "Error: Expected at least one scene file or folder"),
            (["check", s.scenes.path, "--references", s.path("nowhere"), "--update", "none"], "error: reference folder '\(s.path("nowhere"))' does not exist"),
            (["check", s.scenes.path, "--references", s.refs.path, "--scenes-root", s.refs.path], "error: scene '\(s.scenes.path)/card.json' is not inside --scenes-root"),
            (["check", s.path("nope.json"), "--references", s.refs.path], "error: scene path '\(s.path("nope.json"))' does not exist"),
            (["check", s.scenes.path, "--references", s.refs.path, "--update", "some"], "Error: The value 'some' is invalid for '--update'"),
            (["check", s.scenes.path, "--references", s.refs.path, "--threshold", "1.01"], "Error: The value '1.01' is invalid for '--threshold'"),
            (["check", s.scenes.path, "--references", s.refs.path, "--frames", "20"], "error: \(s.scenes.path)/card.json: --frames: frame range 20 passes the last frame"),
            (["check", s.refs.path, "--references", s.refs.path], "error: no scene files (*.json) in"),
        ]
        for (args, prefix) in cases {
            let r = try Binary.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.err.hasPrefix(prefix), "\(args): \(r.err)")
        }
        try #"{"canvas": {"width": -1}}"#.write(to: s.scenes.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        let broken = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(broken.status == 2)
        #expect(broken.err.hasPrefix(s.scenes.appendingPathComponent("broken.json").path + ":1:22: error: canvas.width: expected a positive number"), "\(broken.err)")
        #expect(CLIFiles.list(s.refs).isEmpty, "nothing rendered or written before every scene decoded")
        // With --update all a missing reference folder is created.
        let fresh = s.dir.appendingPathComponent("fresh")
        try FileManager.default.removeItem(at: s.scenes.appendingPathComponent("broken.json"))
        #expect(try Binary.run(["check", s.scenes.path, "--references", fresh.path, "--update", "all"]).status == 0)
        #expect(CLIFiles.list(fresh.appendingPathComponent("card")).count == 3)
    }

    /// Two scenes called x.json in a/ and b/, as ios/home.json and android/home.json are in many projects.
    func twins(_ name: String) throws -> (dir: URL, a: String, b: String, refs: URL) {
        let dir = Binary.folder(name)
        for (sub, appearance) in [("a", "light"), ("b", "dark")] {
            let folder = dir.appendingPathComponent(sub)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.scene(appearance: appearance).write(to: folder.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)
        }
        return (dir, dir.appendingPathComponent("a/x.json").path, dir.appendingPathComponent("b/x.json").path, dir.appendingPathComponent("refs"))
    }

    @Test func scenesWithOneFileNameRecordIntoTheirOwnFoldersAndCompareWithTheirOwn() throws {
        let t = try twins("twins")
        // The references folder does not exist yet: --update missing (the default) creates it.
        let first = try Binary.run(["check", t.a, t.b, "--references", t.refs.path, "--update", "missing"])
        #expect(first.status == 0, "\(first.out)\(first.err)")
        #expect(first.out.contains("a/x    0000   recorded") && first.out.contains("b/x    0000   recorded"), "\(first.out)")
        #expect(CLIFiles.list(t.refs) == ["a", "b"])
        #expect(CLIFiles.list(t.refs.appendingPathComponent("a/x")) == ["0000.png", "0007.png", "0014.png"])
        #expect(CLIFiles.list(t.refs.appendingPathComponent("b/x")) == ["0000.png", "0007.png", "0014.png"])
        let light = try RGBAImage.read(path: t.refs.appendingPathComponent("a/x/0000.png").path)
        let dark = try RGBAImage.read(path: t.refs.appendingPathComponent("b/x/0000.png").path)
        #expect(light != dark)
        let again = try Binary.run(["check", t.a, t.b, "--references", t.refs.path])
        #expect(again.status == 0 && again.out.hasSuffix("6 frames: 6 passed\n"), "\(again.out)")
        // Each is compared with its own: swapping the scenes fails both, every frame.
        try Self.scene(appearance: "dark").write(toFile: t.a, atomically: true, encoding: .utf8)
        try Self.scene(appearance: "light").write(toFile: t.b, atomically: true, encoding: .utf8)
        let report = t.dir.appendingPathComponent("report")
        let swapped = try Binary.run(["check", t.a, t.b, "--references", t.refs.path, "--report", report.path])
        #expect(swapped.status == 1 && swapped.out.contains("6 frames: 6 failed\n"), "\(swapped.out)")
        #expect(CLIFiles.list(report.appendingPathComponent("b/x")).contains("0000-panels.png"))
        // The next run's report removes the previous run's images in the keys' subfolders.
        #expect(try Binary.run(["check", t.b, "--scenes-root", t.dir.path, "--references", t.refs.path, "--report", report.path,
                                "--update", "changed"]).status == 0)
        #expect(CLIFiles.list(report) == ["index.html"], "\(CLIFiles.list(report))")
        // One scene alone, with the root the pair had, finds its folder; the CI hint names that root.
        let alone = try Binary.run(["check", t.a, "--scenes-root", t.dir.path, "--references", t.refs.path, "-q"])
        #expect(alone.status == 1 && alone.out.contains("a/x    0000   failed"), "\(alone.out)")
        #expect(try Binary.run(["check", t.a, "--scenes-root", t.dir.path, "--references", t.refs.path, "--update", "changed"]).status == 0)
        try FileManager.default.removeItem(at: t.refs.appendingPathComponent("a/x/0007.png"))
        let ci = try Binary.run(["check", t.a, t.b, "--references", t.refs.path, "--frames", "7"], ci: true)
        #expect(ci.status == 1 && ci.out.hasSuffix("2 frames: 1 passed, 1 missing\n"), "\(ci.out)")
        #expect(ci.out.contains("forkrender check \(t.a) --scenes-root \(t.dir.path) --references \(t.refs.path) --update missing"), "\(ci.out)")
    }

    @Test func scenesThatWouldShareAFolderAreRefusedNamingBoth() throws {
        let t = try twins("collide")
        // Keys that differ only in case share a folder on macOS's and Windows' file systems.
        let upper = t.dir.appendingPathComponent("a/X.json").path
        try Self.scene().write(toFile: upper, atomically: true, encoding: .utf8)
        let r = try Binary.run(["check", t.a, upper, "--references", t.refs.path])
        #expect(r.status == 2)
        #expect(r.err.contains("scenes '\(t.a)' and '\(upper)' would share the reference folder"), "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: t.refs.path), "nothing written")
    }

    @Test func flatReferencesKeepWorkingWhereUnambiguousAndCheckSaysHowToMoveThem() throws {
        let t = try twins("flat")
        // The flat layout: what a check of a/x.json alone records (its root is a/), and what every scene got before.
        #expect(try Binary.run(["check", t.a, "--references", t.refs.path]).status == 0)
        #expect(CLIFiles.list(t.refs) == ["x"])
        let c = t.dir.appendingPathComponent("c/y.json")
        try FileManager.default.createDirectory(at: c.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.scene().write(to: c, atomically: true, encoding: .utf8)
        let used = try Binary.run(["check", t.a, c.path, "--references", t.refs.path])
        #expect(used.status == 0 && used.out.contains("a/x    0000   passed"), "\(used.out)\(used.err)")
        let move = "mkdir -p \(t.refs.path)/a && git mv \(t.refs.path)/x \(t.refs.path)/a/x"
        #expect(used.err.contains("note: \(t.a): references found in the flat layout '\(t.refs.path)/x'; move them to '\(t.refs.path)/a/x' with '\(move)'"), "\(used.err)")
        // a/x.json and b/x.json could both own refs/x: refused, naming both, with the moves that settle it.
        let both = try Binary.run(["check", t.a, t.b, "--references", t.refs.path])
        #expect(both.status == 2)
        #expect(both.err.contains("could belong to '\(t.a)' or '\(t.b)'") && both.err.contains(move), "\(both.err)")
    }
}

enum CLIFiles {
    static func list(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}
