import Foundation
import Testing
@testable import Regression

/// The review report and suggested commands survive unusual names, stale folders, other scales and CI.
@Suite struct ReportHardeningTests {
    func item(_ scene: String, result: ComparisonOutcome? = nil, referenceScale: String? = nil) -> CheckItem {
        var i = CheckItem(scene: scene, scenePath: "scenes/\(scene).json", frame: 0, status: .failed, message: "m",
                          result: result, referencePath: "refs/\(scene)/0000.png",
                          artifacts: .init(folder: "out", expected: "\(scene)/0000-expected.png", actual: "\(scene)/0000-actual.png"),
                          seconds: 0)
        i.referenceScale = referenceScale
        return i
    }

    @Test func imageLinksAreURLEncoded() {
        let html = ReviewReport(settings: "s", acceptCommand: "a").html([item("tab#1 100%")])
        #expect(html.contains("src=\"tab%231%20100%25/0000-actual.png\""))
        #expect(!html.contains("src=\"tab#1"))
    }

    /// Each quoted word, handed to /bin/sh, comes back unchanged: the shell is the independent judge.
    @Test func suggestedCommandsAreShellQuoted() throws {
        let words = ["forkrender", "scenes/tab#1.json", "it's here", "a b", "$HOME", "`x`", "", "plain-word_1.json"]
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "printf '%s\\n' " + ShellQuote.command(words)]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(text == words.map { $0 + "\n" }.joined())
        #expect(ShellQuote.quote("plain-word_1.json") == "plain-word_1.json")
    }

    @Test func aScaleMismatchOffersNoUpdateAndNoStretchedOverlay() {
        let html = ReviewReport(settings: "s", acceptCommand: "forkrender check x --update changed")
            .html([item("wrong-scale", referenceScale: "1")])
        #expect(html.contains("rendered at scale 1"))
        #expect(!html.contains("--update changed"))
        #expect(!html.contains("class=\"stack\""), "a size mismatch must not overlay one image on the other")
    }

    @Test func theReportFolderHoldsOnlyThisRunsFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-report-clean-\(getpid())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("old-scene"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("mixed"), withIntermediateDirectories: true)
        for f in ["index.html", "old-scene/0003-actual.png", "old-scene/0003-diff.png", "mixed/0001-panels.png", "mixed/notes.txt", "keep.txt"] {
            try Data("x".utf8).write(to: dir.appendingPathComponent(f))
        }
        ReviewReport.removePreviousRun(in: dir.path)
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["keep.txt", "mixed"])
        #expect(try fm.contentsOfDirectory(atPath: dir.appendingPathComponent("mixed").path) == ["notes.txt"])
    }

    /// On CI with no reference folder at all: exit 1 (a failed check, not a usage error), every frame missing
    /// in the JUnit file, and a hint that works on CI (record locally, commit).
    @Test func noReferenceFolderOnCIReportsEveryFrameMissing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-ci-missing-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let junit = dir.appendingPathComponent("junit.xml").path
        let scene = Binary.root.appendingPathComponent("scenes/dots-tap-dark.json").path
        let r = try Binary.run(["check", scene, "--references", dir.appendingPathComponent("none").path,
                                "--junit", junit, "--frames", "0,1", "--scale", "0.25"], ci: true)
        #expect(r.status == 1, "\(r.err)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<failure type=\"missing\"").count - 1 == 2)
        #expect(r.out.contains("record it locally with 'forkrender check"), "\(r.out)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("none").path))
    }
}
