import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// One touch, both layers (`TouchPresses`): a tap, hold or drag on an interactive panel presses it, with no
/// `presses` entry; over `scenes/liquid-touch.json` (a round button tapped at 0.2 s and dragged from at 0.9 s, a
/// bar that opts out tapped at 0.6 s).
@Suite struct TouchPressTests {
    static let scene = AllScenesTests.root.appendingPathComponent("scenes/liquid-touch.json").path

    static func document(_ edit: (String) -> String = { $0 }, scale: Float = 1) throws -> SceneDocument {
        try SceneDecoder(scale: scale).decode(text: edit(try String(contentsOfFile: scene, encoding: .utf8)))
    }

    @Test func aTapInsidePressesThePanelForTheTouch() throws {
        let doc = try Self.document()
        let play = doc.glass.panels[0].liquid
        #expect(play.presses.map(\.down) == [0.2, 0.9])
        #expect(play.presses.map(\.up) == [0.2 + 0.1, 0.9 + 0.4])
        // Its scale rises above 1 within the tap's contact (0.2 ... 0.3 s) and springs back after.
        let during = stride(from: 0.2, through: 0.3, by: 0.01).map { play.pressScale(at: $0) }
        #expect(during.max()! > 1.01, "\(during)")
        #expect(play.pressScale(at: 0.19) == 1)
        #expect(abs(play.pressScale(at: 0.85) - 1) < 0.01, "settled before the drag")
        // The drag presses until its release, wherever the finger goes.
        #expect(play.pressScale(at: 1.25) > 1.05)
    }

    @Test func aTapOutsideOrOnAPanelThatOptsOutPressesNothing() throws {
        let doc = try Self.document()
        #expect(doc.glass.panels[1].liquid.presses.isEmpty, "touchPresses: false")
        let outside = try Self.document { $0.replacingOccurrences(of: "[195, 416]", with: "[195, 470]") }
        #expect(outside.glass.panels[0].liquid.presses.map(\.down) == [0.9])
        // Inside the circle's frame but outside the circle: its corner.
        let corner = try Self.document { $0.replacingOccurrences(of: "[195, 416]", with: "[162, 383]") }
        #expect(corner.glass.panels[0].liquid.presses.map(\.down) == [0.9])
        let notInteractive = try Self.document { $0.replacingOccurrences(of: #", "interactive": true}"#, with: "}") }
        #expect(notInteractive.glass.panels[0].liquid.presses.isEmpty)
    }

    @Test func explicitPressesStillWorkAndATouchStatedTwiceIsOnePress() throws {
        let doc = try Self.document { $0.replacingOccurrences(of: #""interactive": true}"#, with: #""interactive": true, "presses": [{"t": 0.2, "duration": 0.3}, {"t": 0.5}]}"#) }
        let p = doc.glass.panels[0].liquid.presses
        #expect(p.map(\.down) == [0.2, 0.5, 0.9])
        #expect(p[0].up == 0.5 && p[1].up == nil, "the explicit press's own duration wins")
    }

    /// The frames: the tap ripples the plane (dots move away from the glass too) and the panel grows under it;
    /// a shard that starts at the press draws the bytes of the full run.
    @Test func bothLayersRespondAndFramesAreShardExact() throws {
        let doc = try Self.document(scale: 0.5)
        let quiet = try Self.document({ $0.replacingOccurrences(of: #"{"type": "tap", "t": 0.2, "at": [195, 416]},"#, with: "") }, scale: 0.5)
        var a = Compositor(document: doc, workers: Workers(2)), b = Compositor(document: quiet, workers: Workers(2))
        let i = 9  // t = 0.3 s
        let touched = a.render(frame: i), still = b.render(frame: i)
        let s = doc.canvas.scale
        // The panel grew: glass reaches a pixel just outside its resting circle.
        let edge = (x: Int(195 * s), y: Int((380 - 1.5) * s))
        #expect(touched[edge.x, edge.y] != still[edge.x, edge.y])
        // The plane rippled beyond the button (rows 460...560 pt, below it) by t = 0.5 s.
        let later = a.render(frame: 15), calm = b.render(frame: 15)
        var rippled = false
        for y in Int(460 * s)..<Int(560 * s) { for x in 0..<later.width where later[x, y] != calm[x, y] { rippled = true } }
        #expect(rippled)
        var shard = Compositor(document: doc, workers: .single)
        #expect(shard.render(frame: 30) == a.render(frame: 30))
    }
}
