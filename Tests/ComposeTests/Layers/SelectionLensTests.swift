import Foundation
import Testing
import Glass
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The tab bar's selection lens over `scenes/liquid-selection.json` (four tabs 84 pt wide, 89.5 pt apart; the
/// lens sets off for tab 2 at 0.2 s and back to tab 1 at 0.9 s): a member of the bar's container, stretching with
/// its speed, overshooting and settling within the stated time, colouring content only inside its shape, and the
/// same bytes for any shard or thread count.
@Suite struct SelectionLensTests {
    static let scene = AllScenesTests.root.appendingPathComponent("scenes/liquid-selection.json").path

    static func document(scale: Float = 1, _ edit: (String) -> String = { $0 }) throws -> SceneDocument {
        var decoder = SceneDecoder(scale: scale)
        decoder.directory = (scene as NSString).deletingLastPathComponent
        return try decoder.decode(text: edit(try String(contentsOfFile: scene, encoding: .utf8)))
    }

    static func lens(_ doc: SceneDocument) -> GlassPanelSpec { doc.glass.panels.first { $0.selection != nil }! }

    @Test func theLensIsAClearMemberOfTheBarsContainer() throws {
        let doc = try Self.document()
        #expect(doc.glass.panels.count == 2)
        let bar = doc.glass.panels[0], lens = Self.lens(doc)
        #expect(bar.container != nil && lens.container == bar.container)
        #expect(bar.liquid.containerSpacing == GlassDefaults.Liquid.containerSpacing)
        #expect(lens.surfaceKey(index: 1) == bar.surfaceKey(index: 0), "one surface")
        #expect(lens.liquid.variant == .clear && lens.liquid.interactive && lens.outline == .capsule)
        #expect(lens.liquid.presses.map(\.down) == [0.2, 0.9])
        #expect(lens.selection?.bar == "tabbar")
        // One layer: the layer rule counts the bar and its lens as one surface.
        #expect(GlassRules.layerBreak(doc.glass.panels, duration: doc.duration, fps: doc.fps) == nil)
    }

    /// Over the move (0.2 s -> tab 2, and a one-tab move): the width along the motion peaks at least 10% above the
    /// rest width; the centre passes its target; from 0.4 s after the event it is within 1% of the move of its
    /// target and within 1% of its rest width (the squash of its last speed: 0.3% per tab moved).
    @Test(arguments: [2, 1, 3])
    func stretchesOvershootsAndSettles(to tab: Int) throws {
        let doc = try Self.document { $0.replacingOccurrences(of: #""tab": 2"#, with: "\"tab\": \(tab)") }
        let lens = Self.lens(doc).selection!
        let start = lens.tabs[0], target = lens.tabs[tab]
        let move = target.center.x - start.center.x
        let times = stride(from: 0.2, through: 0.9, by: 1.0 / 480).map { $0 }
        let frames = times.map { lens.frame(at: $0) }
        let peak = frames.map(\.width).max()!
        #expect(peak >= start.width * 1.10, "peak width \(peak) over rest \(start.width)")
        print("selection lens: move of \(tab) tab(s), \(move) pt: peak width +\(Int(((peak / start.width - 1) * 100).rounded()))%, at t = \(times[frames.firstIndex { $0.width == peak }!]) s")
        let farthest = frames.map { ($0.center.x - start.center.x) / move }.max()!
        #expect(farthest > 1.01, "overshoot \(farthest)")
        for (t, f) in zip(times, frames) where t >= 0.2 + 0.4 {
            #expect(abs(f.center.x - target.center.x) <= 0.01 * abs(move), "t = \(t): \(f.center.x) vs \(target.center.x)")
            #expect(abs(f.width / target.width - 1) <= 0.01, "t = \(t): width \(f.width)")
        }
        // Before the event it rests on the initial tab, exactly.
        #expect(lens.frame(at: 0.2) == start)
    }

    /// Content changes colour only inside the lens: the same document with the lens's bar unnamed (so the content
    /// layer finds no lens; glass is the same) differs only at pixels the lens covers, and a label pixel fully
    /// inside the lens and fully inked is the selected colour.
    @Test(arguments: [0, 10, 13, 30])
    func contentChangesColourOnlyInsideTheLens(frame i: Int) throws {
        let doc = try Self.document(scale: 1)
        var plain = doc
        let k = plain.glass.panels.firstIndex { $0.selection != nil }!
        plain.glass.panels[k].selection!.bar = nil
        var a = Compositor(document: doc, workers: Workers(2)), b = Compositor(document: plain, workers: Workers(2))
        let with = a.render(frame: i), without = b.render(frame: i)
        let shape = Self.lens(doc).shape(at: doc.time(ofFrame: i), scale: doc.canvas.scale)
        var changed = 0, outsideChanged = 0
        for y in 0..<with.height {
            for x in 0..<with.width where with[x, y] != without[x, y] {
                changed += 1
                let c = coverage(distance: shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5)))
                if c == 0 { outsideChanged += 1 }
            }
        }
        #expect(outsideChanged == 0, "\(outsideChanged) pixels outside the lens changed")
        #expect(changed > 20, "only \(changed) pixels took the selected colour")
    }

    /// Byte-identical frames: a run from frame 0 on two workers, single frames on one worker and on three, and a
    /// shard that starts mid-move.
    @Test func shardsAndThreadCountsGiveTheSameBytes() throws {
        let doc = try Self.document(scale: 0.5)
        var run = Compositor(document: doc, workers: Workers(2))
        var full: [Int: Framebuffer] = [:]
        for i in 0..<36 { let f = run.render(frame: i); if [9, 11, 13, 30, 35].contains(i) { full[i] = f } }
        for (i, f) in full {
            var single = Compositor(document: doc, workers: .single)
            #expect(single.render(frame: i) == f, "frame \(i) alone on one worker")
        }
        var shard = Compositor(document: doc, workers: Workers(3))
        for i in 11...13 { let f = shard.render(frame: i); if let g = full[i] { #expect(f == g, "frame \(i) of a shard from 11") } }
    }
}
