import Foundation
import Testing

/// The README's pictures equal a fresh render (pixelmatch threshold 0, no pixel may differ), so they never go
/// stale: a change that moves them fails here until scripts/update-docs-images.sh is run and the pictures are
/// looked at and committed. Rendered at the committed small scales, with the script's commands.
@Suite(.serialized) struct DocsImagesTests {
    let docs = CLI.root.appendingPathComponent("docs")

    /// `forkrender diff` at threshold 0; a failure writes expected | diff | actual beside the fresh render.
    func expectSame(_ committed: URL, _ fresh: URL, _ what: String) throws {
        let panels = fresh.deletingPathExtension().appendingPathExtension("panels.png")
        let r = try CLI.run(["diff", committed.path, fresh.path, "--threshold", "0", "--panels", panels.path])
        #expect(r.status == 0, "\(what) is stale: \(r.out)\(r.stderr)panels: \(panels.path); run scripts/update-docs-images.sh, look, commit")
    }

    @Test func showcaseAndTierSheetAreFresh() throws {
        let dir = CLI.temporaryFolder("docs-png")
        let r = try CLI.run(["--frames", "60", "--scale", "1", "-o", dir.appendingPathComponent("showcase").path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        try expectSame(docs.appendingPathComponent("showcase.png"), dir.appendingPathComponent("showcase/0060.png"), "docs/showcase.png")
        let sheet = dir.appendingPathComponent("tier-sheet.png")
        let s = try CLI.run(["sheet", CLI.root.appendingPathComponent("scenes/liquid-tinted-dark.json").path, "--scale", "0.5", "-o", sheet.path, "-q"])
        #expect(s.status == 0, "\(s.stderr)")
        try expectSame(docs.appendingPathComponent("tier-sheet.png"), sheet, "docs/tier-sheet.png")
        let vivid = dir.appendingPathComponent("tier-sheet-vivid.png")
        let v = try CLI.run(["sheet", CLI.root.appendingPathComponent("scenes/glass-vivid-container.json").path, "--frame", "60",
                             "--scale", "0.5", "-o", vivid.path, "-q"])
        #expect(v.status == 0, "\(v.stderr)")
        try expectSame(docs.appendingPathComponent("tier-sheet-vivid.png"), vivid, "docs/tier-sheet-vivid.png")
    }

    /// Glass over a photograph and over a settings screen, light and dark, `regular` beside `clear`, and a list
    /// scrolling under bars with the soft scroll edge while the tab bar's selection lens is mid-move (frame 13).
    @Test(arguments: [("backdrop-photo-light", "0.5", 0), ("backdrop-photo-dark", "0.5", 0), ("backdrop-list-light", "0.5", 0),
                      ("backdrop-list-dark", "0.5", 0), ("liquid-regular-clear", "1", 0), ("feed-edge-selection", "1", 13)])
    func glassOverAScreenIsFresh(scene: String, scale: String, frame: Int) throws {
        let out = CLI.temporaryFolder("docs-backdrop").appendingPathComponent(scene)
        let r = try CLI.run([CLI.root.appendingPathComponent("scenes/\(scene).json").path, "--frames", "\(frame)",
                             "--scale", scale, "-o", out.path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        let name = String(format: "%04d.png", frame)
        try expectSame(docs.appendingPathComponent("\(scene).png"), out.appendingPathComponent(name), "docs/\(scene).png")
    }

    /// The GIF's frames, decoded by ffmpeg, equal those of a fresh GIF made by the same command.
    @Test func mergeGIFIsFresh() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") || FileManager.default.isExecutableFile(atPath: "/opt/homebrew/bin/ffmpeg") else {
            Issue.record("ffmpeg is not installed: run scripts/setup.sh")
            return
        }
        let dir = CLI.temporaryFolder("docs-gif")
        let gif = dir.appendingPathComponent("liquid-merge.gif")
        let r = try CLI.run([CLI.root.appendingPathComponent("scenes/liquid-merge-dark.json").path, "--scale", "0.5", "--video", gif.path, "-q"])
        #expect(r.status == 0, "\(r.stderr)")
        func frames(_ file: URL, into name: String) throws -> [URL] {
            let out = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["ffmpeg", "-v", "error", "-i", file.path, "-vsync", "0", out.appendingPathComponent("%04d.png").path]
            try p.run()
            p.waitUntilExit()
            return CLI.files(in: out).map { out.appendingPathComponent($0) }
        }
        let committed = try frames(docs.appendingPathComponent("liquid-merge.gif"), into: "committed")
        let fresh = try frames(gif, into: "fresh")
        #expect(committed.count == fresh.count && !fresh.isEmpty, "docs/liquid-merge.gif has \(committed.count) frames, a fresh render \(fresh.count)")
        for (a, b) in zip(committed, fresh) { try expectSame(a, b, "docs/liquid-merge.gif frame \(a.lastPathComponent)") }
    }
}
