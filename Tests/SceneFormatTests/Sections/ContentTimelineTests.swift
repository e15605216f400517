import Foundation
import Testing
import Content
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Content in time: the decoder resolves each item's timeline (keyframes, states, appear and disappear), and
/// frames of scenes that use them are the same bytes for any frame range and thread count.
@Suite struct ContentTimelineTests {
    static func item(_ json: String, duration: Double = 2) throws(SceneError) -> ContentItem {
        let doc = try SceneDecoder().decode(text: #"{"duration": \#(duration), "content": [\#(json)]}"#)
        return doc.content.items[0]
    }

    @Test func anItemWithoutTimeKeysHasOnePose() throws {
        let t = try Self.item(#"{"text": "A", "at": [10, 20]}"#).timeline
        #expect(!t.isAnimated)
        let a = t.pose(at: 0), b = t.pose(at: 1.7)
        #expect(a == b && a.opacity == 1 && a.scale == 1 && a.presence == 1 && a.place == .at(Point(10, 20)))
        #expect(a.ink == ContentInk(.vibrancy(.label)))
    }

    @Test func keyframesEaseEachPropertyFromTheItemsOwnValue() throws {
        let t = try Self.item(#"{"fill": true, "frame": [0, 0, 10, 10], "opacity": 0.5, "keyframes": [{"t": 1, "frame": [100, 0, 10, 10], "ease": "linear"}, {"t": 2, "opacity": 1}]}"#).timeline
        #expect(t.pose(at: 0.5).place == .frame(Rect(x: 50, y: 0, width: 10, height: 10)))
        #expect(t.pose(at: 1.5).place == .frame(Rect(x: 100, y: 0, width: 10, height: 10)))
        // Opacity has its own track: 0.5 from t = 0 to its key at 2 (eased in and out, half way at 1).
        #expect(t.pose(at: 0).opacity == 0.5 && abs(t.pose(at: 1).opacity - 0.75) < 1e-6 && t.pose(at: 2).opacity == 1)
    }

    @Test func aStateSwitchesAtItsTime() throws {
        let t = try Self.item(#"{"text": "Search", "at": [0, 0], "vibrancy": "secondaryLabel", "states": [{"t": 0.5, "color": "systemBlue"}]}"#).timeline
        #expect(t.pose(at: 0.49).ink == ContentInk(.vibrancy(.secondaryLabel)) && t.pose(at: 0.49).state == nil)
        let selected = t.pose(at: 0.5)
        #expect(selected.state == 0 && selected.ink.progress == 0)
        guard case .plain = selected.ink.from else { Issue.record("expected the state's plain color"); return }
    }

    @Test func aStateWithADurationCrossfades() throws {
        let t = try Self.item(#"{"text": "A", "at": [0, 0], "states": [{"t": 1, "duration": 0.5, "vibrancy": "tertiaryLabel"}]}"#).timeline
        let mid = t.pose(at: 1.25).ink
        #expect(mid.from == .vibrancy(.label) && mid.to == .vibrancy(.tertiaryLabel) && abs(mid.progress - 0.5) < 1e-6)
        #expect(t.pose(at: 1.5).ink == ContentInk(.vibrancy(.tertiaryLabel)))
    }

    @Test func appearAndDisappearFadeAndScale() throws {
        let fade = try Self.item(#"{"text": "A", "at": [0, 0], "appear": {"t": 0.5, "duration": 0.5}}"#).timeline
        #expect(fade.pose(at: 0.2).presence == 0 && fade.pose(at: 0.75).opacity == 0.5 && fade.pose(at: 1).opacity == 1)
        let scale = try Self.item(#"{"text": "A", "at": [0, 0], "disappear": {"t": 1, "duration": 0.4, "transition": "scale"}}"#).timeline
        #expect(scale.pose(at: 1.2).scale == 0.5 && scale.pose(at: 1.2).opacity == 1 && scale.pose(at: 1.5).presence == 0)
    }

    @Test func refusals() {
        func message(_ json: String) -> String {
            do { _ = try Self.item(json); return "" } catch { return "\(error.path): \(error.message)" }
        }
        #expect(message(#"{"text": "A", "at": [0, 0], "keyframes": [{"t": 1, "frame": [0, 0, 1, 1]}]}"#)
            .hasPrefix("content[0].keyframes[0].frame: the item is placed by 'at'"))
        #expect(message(#"{"text": "A", "at": [0, 0], "keyframes": [{"t": 1, "color": "systemRed"}], "states": [{"t": 1, "vibrancy": "label"}]}"#)
            .contains("either as 'states' or in 'keyframes'"))
        #expect(message(#"{"text": "A", "at": [0, 0], "states": [{"t": 1, "duration": 0.5, "vibrancy": "label"}, {"t": 1.2, "vibrancy": "secondaryLabel"}]}"#)
            .hasPrefix("content[0].states[1].t: states must be in increasing time order"))
        #expect(message(#"{"text": "A", "at": [0, 0], "keyframes": [{"t": 1}]}"#).contains("a keyframe sets at least one of"))
        #expect(message(#"{"text": "A", "at": [0, 0], "appear": {"t": 1, "transition": "materialize"}}"#).contains("unknown"))
    }

    static let scenes = ["scenes/content-tabbar-select.json", "scenes/content-fade-in.json"]

    /// The selection moves at the tap: the frame before and the frame at 0.5 s differ in the tab bar.
    @Test(arguments: scenes)
    func framesAreTheSameForAnyRangeAndThreadCount(scene: String) throws {
        let doc = try SceneDecoder(scale: 1).decode(file: scenesFolder.deletingLastPathComponent().appendingPathComponent(scene).path)
        var full = Compositor(document: doc, workers: .single)
        let all = (0..<doc.frameCount).map { full.render(frame: $0) }
        var part = Compositor(document: doc, workers: Workers(2))
        for i in [13, 15, doc.frameCount - 1] { #expect(part.render(frame: i) == all[i], "\(scene) frame \(i)") }
        #expect(all[14] != all[15] && all[5] != all[20], "\(scene): the content did not change")
    }
}
