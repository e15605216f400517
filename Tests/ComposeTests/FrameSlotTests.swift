import Foundation
import Testing
import Raster
@testable import Dots
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Frame slots: a frame drawn into a recycled buffer, which copies from the plane only what changed and what
/// glass and content covered, has the bytes of the same frame drawn into a fresh zero-filled buffer, whatever
/// new buffers held before (poisoned or unfilled); and the regions glass and content report hold every pixel
/// they write. (The span copy itself is tested against its reference in RasterTests.)
@Suite struct FrameSlotTests {
    /// Scenes that move glass, content and dots in every way the layers have: liquid containers that merge,
    /// materialize and press, frosted, web and Android tiers, overlapping panels, vibrancy, color emoji, a
    /// vortex drag, Reduce Transparency; the showcase at half scale, and web panels a few pixels tall. One pixel
    /// per point keeps them fast.
    static let scenes = [
        "showcase", "liquid-merge.json", "liquid-transitions.json", "liquid-press.json", "liquid-tilt-sweep.json",
        "content-navbar-liquid.json", "content-navbar-frosted.json", "content-international.json",
        "content-vibrancy-dark.json", "glass-overlap-three.json", "glass-web.json", "glass-android.json",
        "glass-reduce-transparency.json", "dots-drag-vortex-dark.json", "dots-reduce-transparency-light.json",
        "glass-web.json at 32 px",
    ]

    static func document(_ scene: String) throws -> SceneDocument {
        if scene == "showcase" {
            let doc = try SceneDecoder(scale: 0.5).decode(text: Showcase.json)
            return doc
        }
        // Panels a few pixels tall, inside one band of the slot's spared spans or across two (the fuzzers' frame
        // size: the spared bands' range trapped on such a panel).
        if scene == "glass-web.json at 32 px" {
            return try SceneDecoder(scale: 32 / 844).decode(file: AllScenesTests.root.appendingPathComponent("scenes/glass-web.json").path)
        }
        let doc = try SceneDecoder(scale: 1).decode(file: AllScenesTests.root.appendingPathComponent("scenes/\(scene)").path)
        return doc
    }

    /// The first frames, a run of consecutive frames in the middle (where things move), a skip and the last.
    static func frames(_ doc: SceneDocument) -> [Int] {
        let n = doc.frameCount, m = n / 2
        return Set([0, 1, m - 2, m - 1, m, m + 1, m + 4, n - 1]).filter { $0 >= 0 && $0 < n }.sorted()
    }

    /// Which slot each frame is drawn into, and with how many workers: pools of 1, 2 and 3 slots taken in
    /// turn, and 3 slots in a shuffled order (a fixed sequence from a small LCG, so the test is repeatable).
    static func assignments(count: Int) -> [(name: String, slots: Int, workers: Int, slotOf: [Int])] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let shuffled = (0..<count).map { _ -> Int in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % 3
        }
        return [("pool of 1", 1, 1, (0..<count).map { _ in 0 }),
                ("pool of 2", 2, 2, (0..<count).map { $0 % 2 }),
                ("pool of 3", 3, 3, (0..<count).map { $0 % 3 }),
                ("shuffled", 3, 2, shuffled)]
    }

    /// What new buffers (frames and the plane) hold before their first frame, one per assignment: a quiet NaN
    /// with a payload, a large finite value, a negative one, and the unfilled memory used in a render. The
    /// frames must not depend on it: no pixel of a new buffer is read before it is written.
    static let poisons: [SIMD4<Float>?] = [SIMD4(repeating: Float(nan: 0x2B, signaling: false)),
                                           SIMD4(1e30, -2, 3, 7), SIMD4(repeating: -1), nil]

    @Test(arguments: scenes)
    func recycledSlotsDrawTheBytesOfFreshBuffers(scene: String) throws {
        let doc = try Self.document(scene)
        let frames = Self.frames(doc)
        var fresh = Compositor(document: doc, workers: Workers(2))
        // Zero-filled buffers, as every buffer was before unfilled ones; a fresh frame buffer each time.
        fresh.poisonPlaneBuffer(.zero)
        let expected = frames.map { i in
            var frame = fresh.poisonedFrame(.zero)
            fresh.render(frame: i, into: &frame)
            return bits(frame)
        }
        for (a, poison) in zip(Self.assignments(count: frames.count), Self.poisons) {
            var compositor = Compositor(document: doc, workers: Workers(a.workers))
            if let poison { compositor.poisonPlaneBuffer(poison) }
            var slots = (0..<a.slots).map { _ in FrameSlot(poison.map { compositor.poisonedFrame($0) } ?? compositor.emptyFrame()) }
            for (n, i) in frames.enumerated() {
                compositor.render(frame: i, into: &slots[a.slotOf[n]])
                let got = bits(slots[a.slotOf[n]].frame)
                let wrong = zip(got, expected[n]).filter { $0 != $1 }.count
                let held = poison.map { "\($0)" } ?? "unfilled"
                #expect(wrong == 0, "\(scene), \(a.name), new buffers \(held): frame \(i) differs from a fresh buffer's in \(wrong) pixels")
            }
        }
    }

    /// Through the pipeline, whose pool hands slots back in whatever order encodes end: pools of 1, 2 and 3
    /// buffers with 1 to 3 encoders give the frames a fresh compositor draws, including after a skip.
    @Test(arguments: [(1, 1), (2, 2), (3, 3)])
    func thePipelinesRecycledSlotsDrawTheBytesOfFreshBuffers(inFlight: Int, encoders: Int) throws {
        let doc = try SceneDecoder(scale: 0.25).decode(text: Showcase.json)
        let frames = [0, 1, 2, 3, 4, 5, 9, 40, 41, 42, 43, 44, 45, 46]
        var fresh = Compositor(document: doc, workers: Workers(2))
        let expected = frames.map { fresh.render(frame: $0).rgba8(dither: doc.dither) }
        let sink = KeepingSink(dither: doc.dither)
        var pipeline = RenderPipeline(document: doc, workers: Workers(2))
        (pipeline.inFlight, pipeline.encoders) = (inFlight, encoders)
        _ = try pipeline.run(frames: frames, sinks: [sink])
        #expect(sink.frames == expected, "pool of \(inFlight)")
    }

    /// Keeps every frame's 8-bit pixels, in delivery order.
    final class KeepingSink: FrameSink, @unchecked Sendable {
        let dither: Bool
        private let lock = NSLock()
        private var kept: [[UInt8]] = []
        init(dither: Bool) { self.dither = dither }
        var frames: [[UInt8]] { lock.withLock { kept } }
        func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
            EncodedFrame(bytes: image.rgba8(dither: dither))
        }
        func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) { lock.withLock { kept.append(encoded.bytes) } }
        func finish() throws(OutputError) {}
        func abort() {}
    }

    /// A frame drawn into a buffer that holds the plane (a fresh slot copies all of it) equals the plane outside
    /// the regions glass and content report. Shrinking GlassLayer's or ContentLayer's regions by a few pixels
    /// makes this fail on the glass and label scenes.
    @Test(arguments: scenes)
    func writtenRegionsHoldEveryPixelGlassAndContentWrite(scene: String) throws {
        let doc = try Self.document(scene)
        var compositor = Compositor(document: doc, workers: Workers(2))
        var inside = 0
        for i in Self.frames(doc) {
            var slot = FrameSlot(compositor.emptyFrame())
            compositor.render(frame: i, into: &slot)
            let plane = bits(try #require(compositor.planeBuffer)), frame = bits(slot.frame)
            let w = slot.frame.width
            var outside = 0
            for (k, (p, f)) in zip(plane, frame).enumerated() where p != f {
                if slot.overlay.contains(where: { $0.rect.contains(x: k % w, y: k / w) }) { inside += 1 } else { outside += 1 }
            }
            #expect(outside == 0, "\(scene) frame \(i): \(outside) pixels written outside the reported regions")
        }
        if !doc.glass.panels.isEmpty || !doc.content.items.isEmpty {
            #expect(inside > 0, "\(scene): glass or content drew nothing, so the check above checked nothing")
        }
    }

    /// The slot's spans: the plane's changed dots' boxes with each overlay region, row by row, merged.
    @Test func overlayRegionsJoinThePlanesSpansInTheirOwnRows() {
        var old = PlaneSpriteRecord()
        (old.width, old.height, old.space, old.radius, old.visible) = (60, 64, .srgb, Float(1.5).bitPattern, true)
        old.centers = [SIMD2(Float(3.5).bitPattern, Float(4).bitPattern), SIMD2(Float(45).bitPattern, Float(61).bitPattern)]
        old.colors = [SIMD4(repeating: 1), SIMD4(repeating: 1)]
        var new = old
        new.colors[0] = SIMD4(repeating: 2)  // dot 0 changes color: its box, rows 2-6 and columns 1-6
        let overlay = [PixelRect(x: 4, y: 10, width: 6, height: 7), PixelRect(x: 45, y: 60, width: 30, height: 20)]
        let rows = try! #require(new.changedRows(since: old, adding: overlay))
        #expect(Array(rows[1]).isEmpty && Array(rows[2]) == [1..<7] && Array(rows[6]) == [1..<7] && Array(rows[7]).isEmpty)
        #expect(Array(rows[9]).isEmpty && Array(rows[10]) == [4..<10] && Array(rows[16]) == [4..<10] && Array(rows[17]).isEmpty)
        // Clipped to the frame's columns and rows.
        #expect(Array(rows[59]).isEmpty && Array(rows[60]) == [45..<60] && Array(rows[63]) == [45..<60])
        #expect(rows.height == 64)
        #expect(new.changedRows(since: PlaneSpriteRecord()) == nil)
    }

    /// The pixels' bit patterns, so that equality is exact (no float comparison).
    func bits(_ fb: Framebuffer) -> [SIMD4<UInt32>] {
        fb.withUnsafePixels { px in px.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) } }
    }
}
