import Testing
@testable import SceneFormat
@testable import Compose
@testable import Output

/// SceneDecoder's `layerRule`: `.refuse` (every command) throws a break of the three-layer rule as it always did;
/// `.report` (the preview) returns the document with the break recorded and nothing else changed.
@Suite("Decoder layer-rule option")
struct LayerRuleOptionTests {
    /// Four panels, each a surface of its own (no container), over one point. `away` moves d clear of the
    /// others without moving any character before its frame, so every earlier location stays the same.
    static func scene(away: Bool = false) -> String {
        #"""
        {"canvas": {"width": 200, "height": 200, "scale": 1}, "duration": 0.2,
         "glass": [
           {"id": "a", "frame": [10, 10, 100, 100]},
           {"id": "b", "frame": [40, 40, 100, 100], "radius": 8},
           {"id": "c", "shape": "circle", "frame": [60, 20, 100, 100]},
           {"id": "d", "frame": [50, \#(away ? 150 : 50), 40, 40]}
         ]}
        """#
    }

    /// The refusal as the command line prints it: the message GlassRules has always built (only its `throw`
    /// became a `return` so that `.report` can keep it).
    static let message = "glass[3]: 4 glass layers overlap at (75, 70) pt at t = 0 s: 'a', 'b', 'c' and 'd'; at most 3 glass layers may cover any point (blur compounds beyond 3 levels)"

    static func dumped(_ d: SceneDocument) -> String {
        var s = ""
        dump(d, to: &s)
        return s
    }

    @Test("The default and .refuse throw today's error, at the topmost panel's location")
    func refuse() throws {
        for decoder in [SceneDecoder(), { var d = SceneDecoder(); d.layerRule = .refuse; return d }()] {
            #expect(decoder.layerRule == .refuse)
            let error = #expect(throws: SceneError.self) { try decoder.decode(text: Self.scene()) }
            #expect(error?.diagnostic == "<scene>:6:4: error: " + Self.message)
        }
    }

    @Test(".report returns the document, the break recorded as the refusal's error, every other value the same")
    func report() throws {
        var decoder = SceneDecoder()
        decoder.layerRule = .report
        var reported = try decoder.decode(text: Self.scene())
        let refused = #expect(throws: SceneError.self) { try SceneDecoder().decode(text: Self.scene()) }
        #expect(reported.glass.ruleBreaks == [refused].compactMap { $0 })
        #expect(reported.glass.panels.count == 4)

        // The same scene with d moved clear decodes under .refuse; its dump, with d's y put back, is the reported
        // document's (the frame is held in more than one place, so the dump is edited, not the document).
        let moved = try SceneDecoder().decode(text: Self.scene(away: true))
        #expect(moved.glass.ruleBreaks.isEmpty)
        reported.glass.ruleBreaks = []
        let movedDump = Self.dumped(moved)
        #expect(movedDump.components(separatedBy: "150.0").count == 5)  // d's y, twice in each of two places
        #expect(movedDump.replacingOccurrences(of: "150.0", with: "50.0") == Self.dumped(reported))
    }

    @Test(".report changes nothing for a scene that keeps the rule (the showcase)")
    func keepsTheRule() throws {
        var decoder = SceneDecoder()
        decoder.layerRule = .report
        let reported = try decoder.decode(text: Showcase.json)
        #expect(reported.glass.ruleBreaks.isEmpty)
        #expect(Self.dumped(reported) == Self.dumped(try SceneDecoder().decode(text: Showcase.json)))
    }
}
