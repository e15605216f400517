import Foundation
import Testing
@testable import Regression

/// `check scenes/` over a team's subfolders, and the `--scenes-root` hint for a CI job per folder.
@Suite(.serialized) struct TeamLayoutTests {
    func layout(_ name: String) throws -> (dir: URL, scenes: URL, refs: URL) {
        let dir = Binary.folder(name)
        let scenes = dir.appendingPathComponent("scenes"), refs = dir.appendingPathComponent("refs")
        let tiny = #"{"canvas": {"width": 40, "height": 30, "scale": 1}, "duration": 0.1, "fps": 10}"#
        for folder in ["a", "b", "invalid", "drafts", "b/deeper"] {
            try FileManager.default.createDirectory(at: scenes.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["a/home.json", "b/home.json", "b/deeper/card.json", "drafts/wip.json", "b/old-wip.json"] {
            try tiny.write(to: scenes.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try "{ not a scene".write(to: scenes.appendingPathComponent("invalid/broken.json"), atomically: true, encoding: .utf8)
        try "# not checked\ndrafts/\n*-wip.json\n".write(to: scenes.appendingPathComponent(".forkrenderignore"), atomically: true, encoding: .utf8)
        return (dir, scenes, refs)
    }

    @Test func checkRecursesIntoSubfoldersSkippingInvalidAndIgnored() throws {
        let s = try layout("team-recurse")
        let r = try Binary.run(["check", s.scenes.path, "--references", s.refs.path])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        for key in ["a/home", "b/home", "b/deeper/card"] {
            #expect(CLIFiles.list(s.refs.appendingPathComponent(key)) == ["0000.png"], "\(key)")
        }
        #expect(!FileManager.default.fileExists(atPath: s.refs.appendingPathComponent("drafts").path))
        #expect(!FileManager.default.fileExists(atPath: s.refs.appendingPathComponent("b/old-wip").path))
        #expect(r.out.hasSuffix("3 frames: 3 recorded\n"), "\(r.out)")
        // A folder given alone keys its scenes from itself even with one subfolder: `a/` holds `home` only.
        let files = try CheckRunner.sceneFiles([s.scenes.path])
        #expect(files.map { String($0.dropFirst(s.scenes.path.count + 1)) } == ["a/home.json", "b/deeper/card.json", "b/home.json"])
    }

    /// The issue's case: a CI job per folder without `--scenes-root`.
    @Test func aJobPerFolderIsToldTheRootThatMatches() throws {
        let s = try layout("team-hint")
        #expect(try Binary.run(["check", s.scenes.path, "--references", s.refs.path]).status == 0)
        let b = s.scenes.appendingPathComponent("b").path
        let refused = try Binary.run(["check", b, "--references", s.refs.path])
        #expect(refused.status == 2, "\(refused.out)\(refused.err)")
        #expect(refused.err.contains("no reference folder matches these scenes' keys, but \(s.refs.path)/b/deeper/card exists: did you mean '--scenes-root \(s.scenes.path)'?"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: s.refs.appendingPathComponent("home").path), "references forked")
        // On CI (nothing is recorded) the run goes on, with the hint.
        let ci = try Binary.run(["check", b, "--references", s.refs.path], ci: true)
        #expect(ci.status == 1 && ci.err.contains("did you mean '--scenes-root \(s.scenes.path)'?"), "\(ci.err)")
        // With the root it passes.
        #expect(try Binary.run(["check", b, "--references", s.refs.path, "--scenes-root", s.scenes.path]).status == 0)
    }
}
