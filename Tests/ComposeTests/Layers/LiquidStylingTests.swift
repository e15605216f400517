import Foundation
import Testing
import Glass
import Raster
import Regression
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The Liquid Glass styling with hysteresis and the adaptive foreground that follows it (`LiquidStyling`), over
/// `scenes/foreground-adaptive-dark.json`: a photo feed (night and sunlit photos, `scenes/backdrops/make-feed.py`)
/// scrolling 1200 pt in 120 frames under a navigation bar in dark appearance, so the bar passes from dark to
/// bright three times.
@Suite struct LiquidStylingTests {
    static let scene = AllScenesTests.root.appendingPathComponent("scenes/foreground-adaptive-dark.json").path

    static func document(scale: Float = 1, appearance: Appearance? = nil) throws -> SceneDocument {
        var decoder = SceneDecoder(scale: scale)
        decoder.appearance = appearance
        return try decoder.decode(file: scene)
    }

    /// The share of light ink of the bar's content in each frame, as a session renders them in order.
    static func weights(_ doc: SceneDocument, panel: String = "navbar") -> [Float] {
        let c = Compositor(document: doc, workers: .single)
        return (0..<doc.frameCount).map { c.content.styling.lightInk(panel: panel, time: doc.time(ofFrame: $0))! }
    }

    /// The mean luma change the title's ink made over its box (frame with content minus frame without): above 0
    /// for light ink, below 0 for dark ink. Read from the pixels, not from the rule's weight.
    static func inkDirection(_ doc: SceneDocument, frame i: Int) -> Double {
        var with = Compositor(document: doc, workers: Workers(2)), without = Compositor(document: doc.withoutContent, workers: Workers(2))
        let a = with.render(frame: i), b = without.render(frame: i)
        // The title sits at [183, 20] on the bar at [12, 56]: its glyphs lie within 30 pt either side and 24 pt down.
        let s = doc.canvas.scale
        var sum = 0.0
        for y in Int(76 * s)..<Int(100 * s) {
            for x in Int(165 * s)..<Int(225 * s) {
                let p = a.color(atX: x, y: y), q = b.color(atX: x, y: y)
                sum += Double(0.2126 * (p.red - q.red) + 0.7152 * (p.green - q.green) + 0.0722 * (p.blue - q.blue))
            }
        }
        return sum
    }

    @Test func darkInkOverBrightGlassAndLightInkOverDark() throws {
        let doc = try Self.document()
        let w = Self.weights(doc)
        // Frame 0: the bar over the night photo; frame 55 (offset -550 pt): over the sunlit one.
        #expect(w[0] == 1 && w[55] == 0, "weights \(w[0]) and \(w[55])")
        #expect(Self.inkDirection(doc, frame: 0) > 0, "light ink over the dark region")
        #expect(Self.inkDirection(doc, frame: 55) < 0, "dark ink over the bright region")
        // The glass's own styling there, from the finished plane (dots included) as before the rule: the ink is
        // its opposite.
        for (i, light) in [(0, false), (55, true)] {
            var c = Compositor(document: doc, workers: .single)
            _ = c.render(frame: i)
            let plane = c.planeBuffer!, box = doc.glass.panels[0].outline(at: doc.time(ofFrame: i), scale: 1).box
            let luma = LiquidStyling.meanLuma(in: box, scale: doc.canvas.scale, width: plane.width, height: plane.height) {
                plane.color(atX: $0, y: $1)
            }
            #expect(LiquidGlass.prefersLightStyling(backdropLuma: luma) == light)
        }
    }

    /// Glass and ink switch on the same frame, so no frame draws dark ink on dark glass: the title keeps WCAG
    /// 4.5:1 in every frame of the scroll (measured: 5.3:1 at worst, at scales 1 and 3 alike, t = 3.13 s, the bar
    /// half over a night and half over a sunlit photo, inside the hysteresis band). The ink switching 0.2 s after the
    /// glass measured 1.0:1.
    @Test func keepsBodyTextContrastInEveryFrameOfTheScroll() throws {
        let report = try LegibilityAudit.run(document: try Self.document(), workers: Workers(2))
        for id in ["title", "bell"] {
            let e = try #require(report.entries.first { $0.id == id })
            #expect((e.wcag ?? 0) >= 4.5, "\(id): WCAG \(e.wcag ?? 0) at t=\(e.worstTime ?? -1)")
        }
    }

    @Test func passesLintOverBrightAndDarkRegionsInDarkAppearance() throws {
        let doc = try Self.document()
        for frame in [0, 55] {
            let report = try LegibilityAudit.run(document: doc, frames: [frame], workers: Workers(2))
            let title = try #require(report.entries.first { $0.id == "title" })
            #expect(title.wcag.map { $0 >= 4.5 } == true, "frame \(frame): WCAG \(title.wcag ?? 0)")
            #expect(title.flags.isEmpty, "frame \(frame): \(title.flags.map(\.message))")
        }
    }

    @Test func pinnedAppearanceKeepsTheScenesInkAndFailsLint() throws {
        let text = try String(contentsOfFile: Self.scene, encoding: .utf8)
            .replacingOccurrences(of: #""radius": 30}"#, with: #""radius": 30, "foreground": "appearance"}"#)
        var decoder = SceneDecoder(scale: 1)
        decoder.directory = (Self.scene as NSString).deletingLastPathComponent
        let doc = try decoder.decode(text: text)
        #expect(Compositor(document: doc).content.styling.lightInk(panel: "navbar", time: 0) == nil)
        #expect(Self.inkDirection(doc, frame: 55) > 0, "white ink over the bright region, as before")
        let title = try #require(LegibilityAudit.run(document: doc, frames: [55], workers: Workers(2)).entries.first { $0.id == "title" })
        #expect(title.wcag.map { $0 < 4.5 } == true, "WCAG \(title.wcag ?? 0): the pinned ink is the illegible one")
    }

    /// No flicker frame in the 120-frame scroll: the ink is one or the other in every frame, and the bar's three
    /// passes from dark to bright and back are three switches, each at a frame where the luma behind the bar left
    /// the hysteresis band (so a frame whose luma lies within the band keeps the frame before's ink).
    @Test func noFlickerFrameInA120FrameScroll() throws {
        let doc = try Self.document()
        let w = Self.weights(doc)
        #expect(w.count == 120 && w.allSatisfy { $0 == 0 || $0 == 1 })
        let switches = (1..<w.count).filter { w[$0] != w[$0 - 1] }
        #expect(switches.count == 3, "\(w)")
        // No A B A: every run between switches is at least a few frames long.
        #expect(zip(switches, switches.dropFirst()).allSatisfy { $1 - $0 >= 5 }, "\(switches)")
        let c = Compositor(document: doc, workers: .single)
        let bar = doc.glass.panels[0]
        typealias L = GlassDefaults.Liquid
        for i in 1..<w.count {
            let luma = c.content.styling.luma(of: [bar], frame: i)
            if switches.contains(i) {
                #expect(abs(luma - L.lightStylingLuma) >= L.foregroundHysteresis, "frame \(i): switched at luma \(luma)")
            } else if abs(luma - L.lightStylingLuma) < L.foregroundHysteresis {
                #expect(w[i] == w[i - 1])
            }
        }
    }

    /// The rule is a function of the frame: a session starting at frame 60 (a shard) or keeping nothing gives the
    /// weights of the one that rendered every frame, and the frames' bytes do not depend on it.
    @Test func shardExact() throws {
        let doc = try Self.document(scale: 0.5)
        let all = Self.weights(doc)
        let fresh = Compositor(document: doc, workers: .single, keeping: .nothing)
        for i in [61, 57, 90, 119, 3] { #expect(fresh.content.styling.lightInk(panel: "navbar", time: doc.time(ofFrame: i)) == all[i]) }
        var full = Compositor(document: doc, workers: Workers(2)), shard = Compositor(document: doc, workers: .single)
        // The frame after the first switch, whose styling a shard starting there finds by running the rule.
        let crossing = try #require((1..<all.count).first { all[$0] != all[$0 - 1] })
        for i in 0..<crossing { _ = full.render(frame: i) }
        #expect(shard.render(frame: crossing) == full.render(frame: crossing))
    }

    @Test func lightAppearanceAdaptsToo() throws {
        let doc = try Self.document(appearance: .light)
        let w = Self.weights(doc)
        #expect(w[0] == 1 && w[55] == 0)
        #expect(Self.inkDirection(doc, frame: 0) > 0, "light ink over the night photo in light appearance")
    }
}
