import ChildProcess
import Foundation
import Testing

/// `forkrender lint` run as a real process: its table, its JSON, and its exit codes.
@Suite struct LintCommandTests {
    static func scene(_ name: String) -> String { CLI.root.appendingPathComponent("scenes/\(name)").path }

    @Test func flagsThePlantedLabelAndExitsOneUnderStrict() throws {
        let r = try CLI.run(["lint", Self.scene("content-illegible.json"), "--strict", "--scale", "1", "--frames", "0"])
        #expect(r.status == 1)
        #expect(r.out.contains("planted") && r.out.contains("contrast,non-vibrant"))
        #expect(r.out.contains("quaternary-on-thin"))
        let loose = try CLI.run(["lint", Self.scene("content-illegible.json"), "--scale", "1", "--frames", "0"])
        #expect(loose.status == 0)
    }

    /// Under --strict a serif fallback is an error, so the clean scene is linted with Besley supplied.
    @Test func passesACleanScene() throws {
        let fonts = try standInBesley(in: CLI.temporaryFolder("lint-clean"))
        let r = try CLI.run(["lint", Self.scene("content-navbar-liquid.json"), "--strict", "--frames", "0", "--font-dir", fonts.path])
        #expect(r.status == 0, "\(r.out)\(r.stderr)")
        #expect(r.out.hasSuffix("no problems found\n"))
    }

    /// A frame whose backdrop video ffmpeg cannot decode is a failure, as in a render (exit 2, naming
    /// `plane.backdrop.video`), never a frame measured without its backdrop (issue 56).
    @Test func aFailedVideoFrameIsAFailure() throws {
        let dir = CLI.temporaryFolder("lint-damaged-video")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try DamagedVideo.write(to: dir.appendingPathComponent("v.mp4").path)
        let file = dir.appendingPathComponent("scene.json")
        try #"{"duration": 1, "fps": 30, "canvas": {"width": 60, "height": 60, "scale": 1}, "plane": {"backdrop": {"video": "v.mp4"}}, "content": [{"text": "Hi", "at": [4, 4], "size": 12}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        for args in [[String](), ["--strict"], ["--json"]] {
            let r = try CLI.run(["lint", file.path] + args)
            #expect(r.status == 2, "\(args): \(r.out)\(r.stderr)")
            #expect(r.stderr.contains("plane.backdrop.video: ") && r.stderr.contains("ffmpeg stopped"), "\(args): \(r.stderr)")
            #expect(r.out.isEmpty, "\(args): no report of frames without their backdrop: \(r.out)")
        }
    }

    @Test func printsJSONForTools() throws {
        let r = try CLI.run(["lint", Self.scene("content-illegible.json"), "--json", "--scale", "1", "--frames", "0"])
        let root = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        #expect(root["passes"] as? Bool == false)
        let entries = try #require(root["entries"] as? [[String: Any]])
        #expect(entries.count == 3)
    }

    @Test func missingFontIsAnErrorUnderStrict() throws {
        let dir = CLI.temporaryFolder("lint-font")
        let file = dir.appendingPathComponent("font.json")
        try #"{"canvas": {"width": 100, "height": 60, "scale": 1}, "duration": 0.1, "content": [{"text": "Hi", "at": [4, 4], "size": 30, "font": "Nonexistent Sans 9"}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let strict = try CLI.run(["lint", file.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasPrefix("\(file.path):1:") && strict.stderr.contains(": error: content[0].font: "), "\(strict.stderr)")
        #expect(strict.stderr.contains("'Nonexistent Sans 9' not found"))
        let loose = try CLI.run(["lint", file.path])
        #expect(loose.status == 0)
        #expect(loose.out.contains("warning: content[0].font"))
    }

    @Test func usageErrors() throws {
        let r = try CLI.run(["lint"])
        #expect(r.status == 2 && r.stderr.contains("Missing expected argument '<scene.json>'"))
        let typo = try CLI.run(["lint", Self.scene("content-illegible.json"), "--strikt"])
        #expect(typo.status == 2 && typo.stderr.contains("Did you mean '--strict'?"))
    }
}
