import Foundation
import Testing
@testable import Regression

/// `lint`'s state rows leave out the crossfade into a state (a mix of two colors is neither state's figure),
/// and `lint --map` paints a failing item's pixels red and a passing one's green.
@Suite struct LintStatesAndMapTests {
    /// A 10 fps second: a label light grey on the light plane (illegible) until it switches to black at 0.3 s
    /// over 0.4 s, so frames 3 to 6 are the crossfade and frames 7 to 9 show the settled state.
    static let switching = """
    {"canvas": {"width": 160, "height": 80, "scale": 1}, "duration": 1, "fps": 10,
     "content": [{"id": "tab", "text": "Home", "size": 20, "at": [20, 40], "color": "#D8D8D8",
                  "states": [{"t": 0.3, "color": "#000000", "duration": 0.4}]}]}
    """

    static let twoLabels = """
    {"canvas": {"width": 200, "height": 130, "scale": 1}, "duration": 0.2, "fps": 10,
     "content": [{"id": "good", "text": "Legible", "size": 20, "at": [20, 30], "color": "#000000"},
                 {"id": "bad", "text": "Faint", "size": 20, "at": [20, 95], "color": "#D8D8D8"}]}
    """

    func lint(_ scene: String, _ name: String, _ extra: [String]) throws -> (json: [String: Any], dir: URL, status: Int32) {
        let dir = Binary.folder(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("scene.json")
        try scene.write(to: file, atomically: true, encoding: .utf8)
        let r = try Binary.run(["lint", file.path, "--json", "--threads", "1"] + extra)
        let json = try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any] ?? [:]
        return (json, dir, r.status)
    }

    static func entry(_ json: [String: Any], _ id: String) -> [String: Any] {
        (json["entries"] as? [[String: Any]] ?? []).first { $0["id"] as? String == id } ?? [:]
    }

    @Test func stateRowsExcludeTheCrossfadeIntoThem() throws {
        let all = try lint(Self.switching, "lint-crossfade", [])
        defer { try? FileManager.default.removeItem(at: all.dir) }
        let settled = try lint(Self.switching, "lint-crossfade-settled", ["--frames", "7..9"])
        defer { try? FileManager.default.removeItem(at: settled.dir) }
        let row = try #require((Self.entry(all.json, "tab")["states"] as? [[String: Any]])?.first)
        let black = try #require(Self.entry(settled.json, "tab")["wcag"] as? Double)
        // The state's row is the settled black's figure, not the grey of its first crossfade frame.
        #expect(black > 15)
        #expect(row["wcag"] as? Double == black)
        #expect(row["apca"] as? Double == Self.entry(settled.json, "tab")["apca"] as? Double)
        // The item's own worst still counts every frame shown, the grey ones included.
        #expect((Self.entry(all.json, "tab")["wcag"] as? Double ?? 99) < 2)
        // A state whose every linted frame is its crossfade is not measured, and says so.
        let fading = try lint(Self.switching, "lint-crossfade-only", ["--frames", "3..6"])
        defer { try? FileManager.default.removeItem(at: fading.dir) }
        #expect((fading.json["warnings"] as? [String] ?? []).contains { $0.contains("t=0.30s") && $0.contains("was not measured") })
    }

    @Test func theMapMarksTheFailingItemRedAndThePassingOneGreen() throws {
        let map = Binary.folder("lint-map-out").appendingPathComponent("map.png")
        try FileManager.default.createDirectory(at: map.deletingLastPathComponent(), withIntermediateDirectories: true)
        let r = try lint(Self.twoLabels, "lint-map", ["--map", map.path, "--scale", "2"])
        defer { try? FileManager.default.removeItem(at: r.dir); try? FileManager.default.removeItem(at: map.deletingLastPathComponent()) }
        #expect(r.status == 0)
        #expect((Self.entry(r.json, "bad")["flags"] as? [[String: Any]])?.first?["code"] as? String == "contrast")
        #expect((Self.entry(r.json, "good")["flags"] as? [[String: Any]])?.isEmpty == true)
        let image = try RGBAImage.read(path: map.path)
        #expect(image.width == 400 && image.height == 260)
        // Counted by hue, so the dimmed grey (equal channels) is neither.
        func count(rows: Range<Int>) -> (red: Int, green: Int, grey: Int) {
            var red = 0, green = 0, grey = 0
            for y in rows {
                for x in 0..<image.width {
                    let (pr, pg, pb, _) = image[x, y]
                    let r = Int(pr), g = Int(pg), b = Int(pb)
                    if r > g + 80 && r > b + 80 { red += 1 } else if g > r + 60 && g > b + 40 { green += 1 } else if r == g && g == b { grey += 1 }
                }
            }
            return (red, green, grey)
        }
        let top = count(rows: 0..<130), bottom = count(rows: 130..<260)
        #expect(top.green > 200 && top.red == 0, "the legible label: \(top)")
        #expect(bottom.red > 200 && bottom.green == 0, "the faint label: \(bottom)")
        // Everything else is the dimmed frame: grey between 89 and 166.
        #expect(top.grey + bottom.grey > image.width * image.height * 8 / 10)
    }
}

/// Content under a tab bar's selection lens is drawn in the lens's colour (SelectionInk), so `lint` measures that
/// colour there: a white selection over the light bar makes the selected tab's icon illegible, while the tabs
/// the lens does not reach keep their figures.
@Suite struct LintUnderTheSelectionLensTests {
    func lint(color: String) throws -> [String: Any] {
        let root = Binary.root
        var scene = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("scenes/liquid-selection.json"))) as? [String: Any])
        var glass = try #require(scene["glass"] as? [[String: Any]])
        var selection = try #require(glass[0]["selection"] as? [String: Any])
        selection["color"] = color
        glass[0]["selection"] = selection
        scene["glass"] = glass
        (scene["plane"] as? [String: Any]).map { plane in
            var p = plane
            if var b = p["backdrop"] as? [String: Any], let image = b["image"] as? String {
                b["image"] = root.appendingPathComponent("scenes").appendingPathComponent(image).path
                p["backdrop"] = b
            }
            scene["plane"] = p
        }
        let dir = Binary.folder("lint-lens-\(color.filter(\.isLetter))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        try JSONSerialization.data(withJSONObject: scene).write(to: file)
        // Frame 20 (0.67 s): the lens has settled on tab 2 (Saved) since its move at 0.2 s.
        let r = try Binary.run(["lint", file.path, "--json", "--threads", "1", "--frames", "20", "--scale", "1"])
        return try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], "\(r.err)")
    }

    @Test func theSelectedTabIsMeasuredInTheLensColour() throws {
        let blue = try lint(color: "systemBlue"), white = try lint(color: "#FFFFFF")
        func wcag(_ json: [String: Any], _ id: String) -> Double {
            LintStatesAndMapTests.entry(json, id)["wcag"] as? Double ?? -1
        }
        // White ink over the light glass: illegible under the lens; systemBlue there is not.
        #expect(wcag(white, "icon-saved") < 1.5, "\(wcag(white, "icon-saved"))")
        #expect(wcag(blue, "icon-saved") > 2.5, "\(wcag(blue, "icon-saved"))")
        // The tabs the lens does not reach are measured alike.
        #expect(wcag(white, "icon-home") == wcag(blue, "icon-home"))
        #expect(wcag(white, "tab-profile") == wcag(blue, "tab-profile"))
    }
}
