import Foundation
import Testing
@testable import Preview
import Raster
import SceneFormat
import Compose
import Output

/// A scene that breaks the three-layer rule: the preview shows it (frame, red region, the refusal's message
/// marked as a rule break) while render, lint and export keep refusing it.
@Suite("Preview rule breaks")
struct RuleBreakTests {
    /// The overlap view's scene with its lone capsule d replaced by e, a capsule over l2, b and c: four layers
    /// around (170, 55) pt. `away` puts e clear of everything (the fixed file).
    static func scene(away: Bool = false) -> String {
        OverlapMapTests.scene.replacingOccurrences(of: #"{"id": "d", "shape": "capsule", "frame": [20, 200, 120, 40]}"#,
                                                   with: #"{"id": "e", "shape": "capsule", "frame": [150, \#(away ? 245 : 45), 40, 30]}"#)
    }

    static let red: [UInt8] = [255, 59, 48, 170]
    static let message = "glass[4]: 4 glass layers overlap at (170, 55) pt at t = 0 s: 'l2', 'b', 'c' and 'e'; at most 3 glass layers may cover any point (blur compounds beyond 3 levels)"

    func json(_ r: PreviewResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any] ?? [:]
    }

    @Test("The frame renders, four layers under the panels are red in the overlay and nowhere else, the break is listed; fixing the file clears it")
    func shownNotRefused() throws {
        #expect(Self.scene() != OverlapMapTests.scene)
        let f = try Fixture("rulebreak", text: Self.scene())
        #expect(f.get("/frame.png", [("frame", "0")]).status == 200)
        let layers = try json(f.get("/layers", [("frame", "0"), ("x", "170"), ("y", "55")]))
        #expect(layers["layers"] as? Int == 4 && layers["breaksLayerRule"] as? Bool == true)
        #expect(layers["surfaces"] as? [[String]] == [["'l1'", "'l2'"], ["'b'"], ["'c'"], ["'e'"]])

        let png = f.get("/overlap.png", [("frame", "0")])
        #expect(png.status == 200)
        let image = try PNG.decode(png.body)
        let rgba = image.samples.map { UInt8($0 >> 8) }
        let map = try f.session.overlap(FrameRequest(frame: 0, settings: PreviewSettings()))
        var red = 0
        for y in 0..<image.height {
            for x in 0..<image.width where Array(rgba[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) == Self.red {
                red += 1
                // Only where four surfaces cover the pixel, inside e's frame.
                #expect(map.probe(x: x, y: y).layers == 4 && (150..<190).contains(x) && (45..<75).contains(y), "red at \(x), \(y)")
            }
        }
        #expect(red > 100)
        let k = (55 * image.width + 170) * 4
        #expect(Array(rgba[k..<k + 4]) == Self.red)

        // Listed beside the legibility report in the command line's form, with the file; not a decode error.
        let lint = try json(f.get("/lint", [("frame", "0")]))
        #expect(lint["ruleBreaks"] as? [String] == ["\(f.file):7:4: error: " + Self.message])
        #expect(f.session.error == nil)

        try Self.scene(away: true).write(toFile: f.file, atomically: true, encoding: .utf8)
        let reloaded = f.session.reload()
        #expect(reloaded.version == 2 && reloaded.error == nil)
        #expect(try json(f.get("/lint", [("frame", "0")]))["ruleBreaks"] as? [String] == [])
        let after = try PNG.decode(f.get("/overlap.png", [("frame", "0")]).body).samples.map { UInt8($0 >> 8) }
        #expect(!stride(from: 0, to: after.count, by: 4).contains { Array(after[$0..<$0 + 4]) == Self.red })
    }

    @Test("Export refuses the scene with 400 and the command line's message, writing nothing")
    func exportRefused() throws {
        let f = try Fixture("rulebreak-export", text: Self.scene(), export: true)
        let r = f.post("/export", [("frame", "0")])
        #expect(r.status == 400)
        #expect(r.text.contains("\(f.file):7:4: error: " + Self.message), "\(r.text)")
        #expect(!FileManager.default.fileExists(atPath: f.folder.appendingPathComponent("export").path))
        // The session refuses too, for callers other than the route.
        #expect(throws: SceneError.self) { try f.session.export(FrameRequest(frame: 0, settings: PreviewSettings())) }
    }

    @Test("The command line still refuses the scene: render and lint exit 2 with the same message", arguments: [[String](), ["lint"]])
    func commandLineRefuses(subcommand: [String]) throws {
        // Not a Fixture: its preview session must not stand between the file and the command line.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-rulebreak-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.json").path
        try Self.scene().write(toFile: file, atomically: true, encoding: .utf8)
        let out = folder.appendingPathComponent("out").path
        let r = try PreviewProcess.run(PreviewProcess.binary.path, subcommand + [file] + (subcommand.isEmpty ? ["-o", out, "-q"] : []), timeout: 60)
        #expect(r.status == 2)
        #expect(r.err == "\(file):7:4: error: " + Self.message + "\n", "\(r.err)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
