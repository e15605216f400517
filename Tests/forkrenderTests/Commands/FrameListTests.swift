import Foundation
import Testing

/// `--frames` lists (issue 54): one grammar for renders, `sheet`, `lint` and `check`; a list a video cannot
/// play is refused; a stale `check.frames` entry is a note for a render and an error for `check`.
@Suite struct FrameListTests {
    static func scene(_ name: String) -> String { CLI.root.appendingPathComponent("scenes/\(name)").path }

    /// A listed render writes exactly those frames, byte-identical to a full run's: the physics replays from
    /// t = 0 whatever the list skips, and the kept stores never carry a skipped frame's state.
    @Test func aListedRenderIsByteIdenticalToThoseFramesOfAFullRun() throws {
        let dir = CLI.temporaryFolder("frame-list")
        let full = dir.appendingPathComponent("full"), listed = dir.appendingPathComponent("listed")
        let scene = Self.scene("content-tabbar.json")
        let a = try CLI.run([scene, "-o", full.path, "--scale", "0.5", "-q"])
        #expect(a.status == 0, "\(a.stderr)")
        let b = try CLI.run([scene, "-o", listed.path, "--scale", "0.5", "-q", "--frames", "0,7,12-15,29, 20..21"])
        #expect(b.status == 0, "\(b.stderr)")
        let names = ["0000", "0007", "0012", "0013", "0014", "0015", "0020", "0021", "0029"].map { $0 + ".png" }
        #expect(CLI.files(in: listed) == names)
        for n in names {
            let x = try Data(contentsOf: full.appendingPathComponent(n)), y = try Data(contentsOf: listed.appendingPathComponent(n))
            #expect(x == y, "\(n) differs from the full run's")
        }
    }

    @Test func aVideoRefusesAListWithAGap() throws {
        let dir = CLI.temporaryFolder("frame-list-video")
        let r = try CLI.run([Self.scene("content-tabbar.json"), "--video", dir.appendingPathComponent("v.mp4").path, "--frames", "0,15"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("'--frames 0,15' is not one run of consecutive frames: a video plays its frames in order"), "\(r.stderr)")
        let bad = try CLI.run([Self.scene("content-tabbar.json"), "-o", dir.path, "--frames", "0,,3"])
        #expect(bad.status == 2 && bad.stderr.contains("empty item"), "\(bad.stderr)")
    }

    @Test func sheetAndLintTakeLists() throws {
        let dir = CLI.temporaryFolder("frame-list-sheet")
        let out = dir.appendingPathComponent("sheet.png")
        let r = try CLI.run(["sheet", Self.scene("content-tabbar.json"), "-o", out.path, "--scale", "0.25", "--frames", "0,2", "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(CLI.files(in: dir) == ["sheet-0000.png", "sheet-0002.png"])
        let one = try CLI.run(["sheet", Self.scene("content-tabbar.json"), "-o", out.path, "--scale", "0.25", "--frames", "3", "-q"])
        #expect(one.status == 0 && FileManager.default.fileExists(atPath: out.path))
        let lint = try CLI.run(["lint", Self.scene("content-illegible.json"), "--scale", "1", "--frames", "0,2-3"])
        #expect(lint.out.contains("over 3 frames"), "\(lint.out)\(lint.stderr)")
    }

    /// After fps 30 -> 10 the scene's `check.frames` [0, 29] has a stale entry.
    @Test func aStaleCheckFrameIsANoteForARenderAndAnErrorForCheck() throws {
        let dir = CLI.temporaryFolder("frame-list-stale")
        let file = dir.appendingPathComponent("stale.json")
        try #"{"canvas": {"width": 40, "height": 30, "scale": 1}, "duration": 1, "fps": 10, "check": {"frames": [0, 29]}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let render = try CLI.run([file.path, "-o", dir.appendingPathComponent("frames").path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains("note: check.frames[1]: frame 29 is past the scene's last frame (9); a render ignores it, `check` refuses it"), "\(render.stderr)")
        let check = try CLI.run(["check", file.path, "--references", dir.appendingPathComponent("refs").path])
        #expect(check.status == 2)
        #expect(check.stderr.contains("stale.json:1:") && check.stderr.contains("check.frames[1]: frame 29 is past the scene's last frame (9)"), "\(check.stderr)")
    }
}
