import Testing
import Raster
import Glass
@testable import SceneFormat
@testable import Compose
@testable import Output

@Suite struct LiquidSectionTests {
    func scene(_ panels: String, extra: String = "") -> String {
        #"{"canvas": {"width": 200, "height": 120, "scale": 1}, "platform": "ios26", "duration": 1, "fps": 10"# + extra + #", "glass": ["# + panels + "]}"
    }

    func error(_ text: String) -> SceneError? {
        do { _ = try SceneDecoder().decode(text: text); return nil } catch { return error }
    }

    @Test(arguments: [
        (#"{"frame": [10, 10, 80, 40], "index": 0.9}"#, "", "glass[0].index", "expected a number from 1 to 4, found 0.9"),
        (#"{"frame": [10, 10, 80, 40], "thickness": -2}"#, "", "glass[0].thickness", "expected a number from 0 to 200, found -2"),
        (#"{"frame": [10, 10, 80, 40], "bezel": 30}"#, "", "glass[0].bezel", "a bezel of 30 pt does not fit the panel: at most half its shorter side, 20 pt"),
        (#"{"frame": [10, 10, 80, 40], "presses": [{"t": 0.2}]}"#, "", "glass[0].presses", "a press needs an interactive panel"),
        (#"{"frame": [10, 10, 80, 40], "interactive": true, "presses": [{"t": 0.5}, {"t": 0.2}]}"#, "", "glass[0].presses[1].t", "presses must be in increasing time order"),
        (#"{"frame": [10, 10, 80, 40], "profile": "convex"}"#, "", "glass[0].profile", "unknown value 'convex'"),
        (#"{"frame": [10, 10, 80, 40], "container": "c"}"#, #", "containers": {"c": {"spacing": -1}}"#, "containers.c.spacing", "expected a number from 0 to 1000, found -1"),
    ])
    func badLiquidInput(panel: String, extra: String, path: String, message: String) {
        let e = error(scene(panel, extra: extra))
        #expect(e?.path == path, "\(String(describing: e))")
        #expect(e?.message.hasPrefix(message) == true, "\(e?.message ?? "no error")")
    }

    func render(_ text: String, at frame: Int = 0) throws -> (Framebuffer, Framebuffer) {
        let doc = try SceneDecoder().decode(text: text)
        var plain = doc
        plain.glass.panels = []
        var a = Compositor(document: doc, workers: Workers(2)), b = Compositor(document: plain, workers: Workers(2))
        return (a.render(frame: frame), b.render(frame: frame))
    }

    /// Columns where glass changed the frame, along a row through both panels.
    func glassColumns(_ text: String, row: Int) throws -> [Int] {
        let (glass, plane) = try render(text)
        return (0..<glass.width).filter { glass[$0, row] != plane[$0, row] }
    }

    @Test func containerPanelsFartherThanTheSpacingHaveNoGlassBetween() throws {
        let panels = #"{"container": "c", "frame": [20, 40, 60, 40], "radius": 20}, {"container": "c", "frame": [110, 40, 60, 40], "radius": 20}"#
        let cols = try glassColumns(scene(panels, extra: #", "containers": {"c": {"spacing": 28}}"#), row: 60)
        #expect(!cols.contains { $0 >= 81 && $0 < 109 }, "glass between panels 30 pt apart with spacing 28")
        let near = try glassColumns(scene(panels, extra: #", "containers": {"c": {"spacing": 64}}"#), row: 60)
        #expect((80..<110).allSatisfy { near.contains($0) }, "a bridge when the gap is below half the spacing")
    }

    @Test func mergeSceneAreaChangesContinuously() throws {
        let text = #"{"canvas": {"width": 240, "height": 80, "scale": 1}, "platform": "ios26", "duration": 2, "fps": 30, "containers": {"c": {"spacing": 30}}, "glass": [{"container": "c", "radius": 20, "keyframes": [{"t": 0, "frame": [10, 20, 40, 40]}, {"t": 2, "frame": [95, 20, 40, 40]}]}, {"container": "c", "radius": 20, "frame": [150, 20, 40, 40]}]}"#
        var doc = try SceneDecoder().decode(text: text)
        doc.dither = false
        var plainDoc = doc
        plainDoc.glass.panels = []
        var c = Compositor(document: doc, workers: .single), p = Compositor(document: plainDoc, workers: .single)
        var last: Int?
        for i in 0..<doc.frameCount {
            let g = c.render(frame: i), b = p.render(frame: i)
            var changed = 0
            g.withUnsafePixels { gp in b.withUnsafePixels { bp in for k in 0..<gp.count where gp[k] != bp[k] { changed += 1 } } }
            // A panel moves at most 85 pt / 60 frames ~ 1.5 pt per frame over a 40 pt height: ~60 px of swept strip,
            // plus the bridge growing; a pop from separate to merged would jump by far more.
            if let last { #expect(abs(changed - last) < 400, "frame \(i): \(last) -> \(changed)") }
            last = changed
        }
    }

    @Test func pressScalesTheInteractivePanel() throws {
        let text = scene(#"{"frame": [60, 40, 80, 40], "radius": 20, "interactive": true, "presses": [{"t": 0.1, "duration": 0.5}]}"#)
        let doc = try SceneDecoder().decode(text: text)
        let panel = doc.glass.panels[0]
        #expect(panel.shape(at: 0, scale: 1).box.width == 80)
        #expect(panel.shape(at: 0.5, scale: 1).box.width > 84)
        #expect(abs(panel.shape(at: 0.99, scale: 1).box.width - 80) < 2)
    }

    @Test func identityVariantDrawsNoGlass() throws {
        let cols = try glassColumns(scene(#"{"frame": [20, 40, 60, 40], "variant": "identity"}"#), row: 60)
        #expect(cols.isEmpty)
    }
}

@Suite struct LiquidTransitionTests {
    let base = #"{"canvas": {"width": 200, "height": 120, "scale": 1}, "platform": "ios26", "duration": 2, "fps": 10, "glass": ["#

    @Test func materializeFadesALonePanelIn() throws {
        let doc = try SceneDecoder().decode(text: base + #"{"frame": [60, 40, 80, 40], "appear": {"t": 0.5, "duration": 0.5}}]}"#)
        let l = doc.glass.panels[0].liquid
        #expect(l.presence(at: 0.4) == 0 && l.presence(at: 0.75) == 0.5 && l.presence(at: 1.2) == 1)
        var c = Compositor(document: doc, workers: .single)
        var plain = doc
        plain.glass.panels = []
        var p = Compositor(document: plain, workers: .single)
        #expect(c.render(frame: 2) == p.render(frame: 2), "nothing drawn before it appears")
        #expect(c.render(frame: 12) != p.render(frame: 12))
    }

    @Test func containerRelativeCornersFollowTheParent() throws {
        let doc = try SceneDecoder().decode(text: base + #"{"id": "sheet", "frame": [10, 10, 180, 100], "radius": 30}, {"frame": [18, 18, 80, 40], "radius": "containerRelative", "parent": "sheet"}]}"#)
        #expect(doc.glass.panels[1].radius == 22)
        #expect(throws: SceneError.self) {
            try SceneDecoder().decode(text: base + #"{"id": "sheet", "frame": [10, 10, 180, 100]}, {"frame": [18, 18, 80, 40], "radius": "containerRelative", "parent": "shet"}]}"#)
        }
    }

    @Test func disappearingBeforeAppearingIsRefused() {
        #expect(throws: SceneError.self) {
            try SceneDecoder().decode(text: base + #"{"frame": [60, 40, 80, 40], "appear": {"t": 1, "duration": 0.5}, "disappear": {"t": 1.2}}]}"#)
        }
    }
}
