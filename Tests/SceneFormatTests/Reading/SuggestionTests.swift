import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The messages a designer meets first: every misspelled key and name gets the nearest valid spelling, keys
/// valid elsewhere in the schema included, and every range names its unit.
@Suite struct SuggestionTests {
    func error(_ text: String) -> SceneError? { SceneErrorTests().error(text) }

    static let panel = #""glass": [{"id": "card", "frame": [20, 20, 200, 100]}]"#

    @Test("Keys and names valid elsewhere, or with a word around them, get the key meant here", arguments: [
        // A plane attachment's `cornerRadius` is a glass panel's `radius`.
        (#"{"glass": [{"frame": [20, 20, 200, 100], "cornerRadius": 12}]}"#, "glass[0].cornerRadius", "radius"),
        // Content's `color` is a glass panel's `tint`.
        (#"{"glass": [{"frame": [20, 20, 200, 100], "color": "systemBlue"}]}"#, "glass[0].color", "tint"),
        // SVG's `stroke-linecap` is the stroke's `cap`.
        (#"{"content": [{"symbol": "M0 0 L10 10", "frame": [0, 0, 20, 20], "stroke": {"width": 2, "linecap": "round"}}]}"#,
         "content[0].stroke.linecap", "cap"),
        (#"{"content": [{"text": "Hi", "at": [0, 20], "fontSize": 17}]}"#, "content[0].fontSize", "size"),
        // A level without its family: the item's own family first.
        (#"{\#(panel), "content": [{"text": "Hi", "at": [30, 60], "on": "card", "vibrancy": "secondary"}]}"#,
         "content[0].vibrancy", "secondaryLabel"),
        (#"{\#(panel), "content": [{"fill": true, "frame": [30, 30, 40, 40], "on": "card", "vibrancy": "secondary"}]}"#,
         "content[0].vibrancy", "secondaryFill"),
        // A hue without `system`.
        (#"{"content": [{"text": "Hi", "at": [0, 20], "color": "blue"}]}"#, "content[0].color", "systemBlue"),
        // The check section's keys, under the names other tools give them.
        (#"{"check": {"cluster": {"windowSize": 16, "pixels": 8}}}"#, "check.cluster.windowSize", "window"),
        (#"{"check": {"tolerance": 0.1}}"#, "check.tolerance", "threshold"),
        (#"{"check": {"region": [{"frame": [0, 0, 10, 10]}]}}"#, "check.region", "regions"),
        (#"{"check": {"regions": [{"frame": [0, 0, 10, 10], "maxDiffPixel": 3}]}}"#, "check.regions[0].maxDiffPixel", "maxDiffPixels"),
        (#"{\#(panel), "check": {"regions": [{"element": "crad"}]}}"#, "check.regions[0].element", "card"),
        // The adaptive foreground: a misspelled value and a misspelled key.
        (#"{"glass": [{"frame": [20, 20, 200, 100], "foreground": "adaptve"}]}"#, "glass[0].foreground", "adaptive"),
        (#"{"glass": [{"frame": [20, 20, 200, 100], "foregound": "dark"}]}"#, "glass[0].foregound", "foreground"),
    ] as [(String, String, String)])
    func suggestions(scene: String, path: String, suggestion: String) {
        let e = error(scene)
        #expect(e?.path == path, "\(String(describing: e))")
        #expect(e?.suggestion == suggestion, "\(String(describing: e))")
        #expect(e?.description.hasSuffix("Did you mean '\(suggestion)'?") == true)
    }

    @Test("Ranges name their unit: radians with degrees, points, seconds", arguments: [
        (#"{"tilt": [{"t": 0, "roll": 30}]}"#, "tilt[0].roll", "expected a number from -1.571 to 1.571 radians (±90°), found 30"),
        (#"{"tilt": [{"t": 0, "pitch": -2}]}"#, "tilt[0].pitch", "expected a number from -1.571 to 1.571 radians (±90°), found -2"),
        (#"{"duration": 0}"#, "duration", "expected a positive number of at most 3600 s, found 0"),
        (#"{"canvas": {"width": 0}}"#, "canvas.width", "expected a positive number of at most 100000 pt, found 0"),
        (#"{"content": [{"fill": true, "frame": [0, 0, 40, 40], "radius": -1}]}"#, "content[0].radius", "expected a number from 0 to 100000 pt, found -1"),
    ] as [(String, String, String)])
    func units(scene: String, path: String, message: String) {
        let e = error(scene)
        #expect(e?.path == path, "\(String(describing: e))")
        #expect(e?.message == message, "\(String(describing: e))")
    }

    @Test("A plain typo still wins over a related name, and unrelated words get no suggestion")
    func ordering() {
        #expect(Suggest.closest(to: "raduis", in: ["radius", "cornerRadius"]) == "radius")
        #expect(Suggest.closest(to: "zz", in: ["radius", "tint"]) == nil)
        #expect(Suggest.closest(to: "banana", in: ["radius", "tint"]) == nil)
        // The command line takes typos only: a path is not a subcommand because it starts with one.
        #expect(Suggest.closest(to: "lint-old.json", in: ["lint", "check"]) == "lint")
        #expect(Suggest.typo(of: "lint-old.json", in: ["lint", "check"]) == nil)
        #expect(Suggest.typo(of: "lnit", in: ["lint", "check"]) == "lint")
    }

    /// docs/scene-format.md lists every token with its light and dark value, as the table in Tokens.swift has it.
    @Test func theFormatDocListsEveryToken() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/scene-format.md"), encoding: .utf8)
        #expect(!doc.contains("Tokens.swift"), "the doc lists the tokens itself")
        func hex(_ c: Color) -> String {
            let rgb = String(format: "#%02X%02X%02X", Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()))
            return c.alpha < 1 ? rgb + " at \(Int((c.alpha * 100).rounded()))%" : rgb
        }
        for t in Token.allCases {
            let row = "| `\(t.rawValue)` | `\(hex(t.color(.light)))` | `\(hex(t.color(.dark)))` |"
            #expect(doc.contains(row), "docs/scene-format.md lacks \(row)")
        }
    }
}
