import Foundation
import Testing
import Raster
@testable import SceneFormat

/// `"selection"` on a glass panel: decoded into a lens panel with every default resolved; bad input refused
/// with its JSON path, a misspelt key with a suggestion.
@Suite struct SelectionSectionTests {
    static let tabs = "[[20, 766, 84, 56], [110, 766, 84, 56], [199, 766, 84, 56]]"

    static func scene(_ selection: String, bar: String = #""id": "tabbar", "#) -> String {
        #"{"duration": 1, "glass": [{\#(bar)"shape": "capsule", "frame": [16, 762, 358, 64], "selection": \#(selection)}]}"#
    }

    func error(_ text: String) -> SceneError? {
        do { _ = try SceneDecoder().decode(text: text); return nil } catch { return error }
    }

    @Test func defaultsAreResolved() throws {
        let doc = try SceneDecoder().decode(text: Self.scene(#"{"tabs": \#(Self.tabs)}"#))
        let lens = try #require(doc.glass.panels.last?.selection)
        #expect(lens.initial == 0 && lens.events.isEmpty && lens.bar == "tabbar")
        #expect(lens.color == Token.systemBlue.color(doc.appearance))
        #expect(doc.glass.panels.last?.liquid.presses.isEmpty == true)
        #expect(lens.frame(at: 0.5) == Rect(x: 20, y: 766, width: 84, height: 56))
        let pinned = try SceneDecoder().decode(text: Self.scene(##"{"tabs": \##(Self.tabs), "initial": 2, "press": false, "events": [{"t": 0.1, "tab": 0}], "color": "#FF0000"}"##))
        let p = try #require(pinned.glass.panels.last)
        #expect(p.selection?.initial == 2 && p.selection?.color == Color(hex: "#FF0000") && p.liquid.presses.isEmpty)
        // A bar in a declared container keeps it and its spacing; the lens joins it.
        let declared = try SceneDecoder().decode(text: #"{"containers": {"c": {"spacing": 30}}, "glass": [{"id": "b", "container": "c", "frame": [0, 0, 300, 60], "selection": {"tabs": [[0, 0, 60, 60]]}}]}"#)
        #expect(declared.glass.panels.map(\.container) == ["c", "c"] && declared.glass.panels[1].liquid.containerSpacing == 30)
    }

    @Test func badInputNamesItsPath() {
        let cases: [(String, String, String)] = [
            (#"{}"#, "glass[0].selection", "missing key 'tabs'"),
            (#"{"tabs": []}"#, "glass[0].selection.tabs", "at least one tab"),
            (#"{"tabs": [[0, 0, 0, 10]]}"#, "glass[0].selection.tabs[0]", "positive width"),
            (#"{"tabs": \#(Self.tabs), "initial": 3}"#, "glass[0].selection.initial", ""),
            (#"{"tabs": \#(Self.tabs), "events": [{"t": 0.2, "tab": 3}]}"#, "glass[0].selection.events[0].tab", ""),
            (#"{"tabs": \#(Self.tabs), "events": [{"t": 0.5, "tab": 1}, {"t": 0.5, "tab": 2}]}"#, "glass[0].selection.events[1].t", "increasing time order"),
            (#"{"tabs": \#(Self.tabs), "events": [{"t": 1, "tab": 1}]}"#, "glass[0].selection.events[0].t", ""),
            (#"{"tabs": \#(Self.tabs), "events": [{"tab": 1}]}"#, "glass[0].selection.events[0]", "missing key 't'"),
            (#"{"tabs": \#(Self.tabs), "events": [{"t": 0.1}]}"#, "glass[0].selection.events[0]", "missing key 'tab'"),
            (#"{"tabs": \#(Self.tabs), "color": "systemBlu"}"#, "glass[0].selection.color", ""),
            (#"{"tabs": [\#(Array(repeating: "[0, 0, 10, 10]", count: 17).joined(separator: ","))]}"#, "glass[0].selection.tabs", "over the limit of 16"),
            (#"{"tabs": \#(Self.tabs), "events": [\#((0..<1001).map { #"{"t": \#(Double($0) / 2000), "tab": 1}"# }.joined(separator: ","))]}"#, "glass[0].selection.events", "over the limit of 1000"),
        ]
        for (selection, path, message) in cases {
            let e = error(Self.scene(selection))
            #expect(e?.path == path, "\(selection.prefix(80)): \(String(describing: e))")
            #expect(message.isEmpty || e?.message.contains(message) == true, "\(String(describing: e))")
            #expect(e?.location != nil)
        }
    }

    @Test func misspeltKeysGetSuggestions() {
        #expect(error(Self.scene(#"{"tabs": \#(Self.tabs), "evnets": []}"#))?.suggestion == "events")
        #expect(error(Self.scene(#"{"tabs": \#(Self.tabs), "events": [{"t": 0.1, "tabb": 1}]}"#))?.suggestion == "tab")
        #expect(error(#"{"glass": [{"frame": [0, 0, 10, 10], "selecton": {}}]}"#)?.suggestion == "selection")
    }

    /// A lens counts as a glass panel: 33 bars with a selection each would be 66, and the 32nd lens is refused.
    @Test func aLensOverThePanelLimitIsRefused() {
        let bars = Array(repeating: #"{"frame": [0, 0, 100, 40], "selection": {"tabs": [[0, 0, 40, 40]]}}"#, count: 33).joined(separator: ",")
        let e = error(#"{"glass": [\#(bars)]}"#)
        #expect(e?.path == "glass[31].selection" && e?.message.contains("over the limit of 64") == true, "\(String(describing: e))")
    }
}
