import Testing
import Dots
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The glow halo's cells kept between frames (HaloCellCache): every frame a compositor that keeps them draws has
/// the bits of the same frame drawn by one whose halos compute every cell, over scenes whose dots move under
/// lit panels (ambient waves, a tap, a vortex drag) while panels move (so the cells the halo reads change), in
/// order, with skips, and with the glass drawn over the frames' planes out of order (as the preview and shards
/// may); and cells are in fact kept.
@Suite struct HaloCellCacheTests {
    static let scenes = ["showcase", "moving", "glass-bloom-under-glass.json", "liquid-merge.json", "glass-tinted.json"]

    static func document(_ scene: String) throws -> SceneDocument {
        switch scene {
        case "showcase": return try SceneDecoder(scale: 1).decode(text: Showcase.json)
        default: return try GlassReuseTests.document(scene)
        }
    }

    @Test(arguments: scenes)
    func keptCellsGiveTheBitsOfCellsComputedAgain(scene: String) throws {
        let doc = try Self.document(scene)
        for frames in GlassReuseTests.runs(doc) {
            let run = KeptStateRun(doc, frames: frames, scene: scene, fresh: "a fresh halo's")
            let (keeping, reference) = (run.keeping, run.reference)
            #expect(keeping.haloCellsComputed > 0)
            print("halo cells \(scene), run of \(frames.count): \(keeping.haloCellsComputed) computed, \(reference.haloCellsComputed) without keeping")
            // glass-tinted's ambient waves reach every cell the halo reads in every frame.
            if frames.count == doc.frameCount && scene != "glass-tinted.json" {
                #expect(keeping.haloCellsComputed < reference.haloCellsComputed * 3 / 4, "\(scene): few cells kept")
            }
        }
    }

    /// The glass layer alone drawn over the planes of some frames in order, backwards and shuffled, keeping the
    /// halo's cells from whichever frame came before: each frame has the bits of a layer that keeps nothing.
    @Test(arguments: ["showcase", "moving"])
    func anyOrderOfFramesGivesTheSameBits(scene: String) throws {
        let doc = try Self.document(scene)
        let n = doc.frameCount
        let picked = Array(Set([0, 1, 2, 3, 10, 11, n / 4, n / 4 + 1, n / 2, n / 2 + 1, n / 2 + 2, 3 * n / 4, n - 2, n - 1]
            .filter { $0 < n })).sorted()
        var compositor = Compositor(document: doc, workers: Workers(2))
        var planes: [(frame: Int, plane: Framebuffer, record: PlaneSpriteRecord)] = []
        for i in picked {
            _ = compositor.render(frame: i)
            planes.append((i, compositor.planeBuffer!, compositor.planeRecord))
        }
        let fresh = GlassLayer(document: doc, keeping: .nothing)
        let expected = planes.map { p in bits(draw(fresh, p.plane, p.record, frame: p.frame, doc)) }
        var rng = SplitMix64(seed: 11)
        var shuffled = Array(planes.indices)
        for k in stride(from: shuffled.count - 1, to: 0, by: -1) { shuffled.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
        for order in [Array(planes.indices), planes.indices.reversed(), shuffled] {
            let keeping = GlassLayer(document: doc, keeping: .everything)
            for k in order {
                let p = planes[k]
                let wrong = zip(bits(draw(keeping, p.plane, p.record, frame: p.frame, doc)), expected[k]).filter { $0 != $1 }.count
                #expect(wrong == 0, "\(scene) frame \(p.frame) after \(order): \(wrong) pixels differ from a fresh halo's")
            }
            #expect(keeping.haloCells.computedCells < fresh.haloCells.computedCells)
        }
    }

    func draw(_ layer: GlassLayer, _ plane: Framebuffer, _ record: PlaneSpriteRecord?, frame i: Int, _ doc: SceneDocument) -> Framebuffer {
        var frame = plane
        var times = GlassDrawingTimes()
        _ = layer.render(plane: plane, record: record, into: &frame, time: doc.time(ofFrame: i), workers: Workers(2), times: &times)
        return frame
    }

    /// The pixels' bit patterns, so that equality is exact (no float comparison).
    func bits(_ fb: Framebuffer) -> [SIMD4<UInt32>] {
        fb.withUnsafePixels { px in px.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) } }
    }
}
