import Testing
import Raster
@testable import Glass
@testable import SceneFormat
@testable import Compose
@testable import Output

/// A session drawing on request (`Compositor.renderKept`, the preview) lights a new tilt of the frame it drew last
/// from the liquid drawings' kept bodies (`LiquidBodyCache`): every such frame is, bit for bit, the frame a
/// compositor decoded with that tilt and keeping nothing draws. Over several tilts of a few frames (a press's
/// shimmer, a materialize transition, merged containers, dispersion, dark tints), in light and dark, and on the
/// frosted and web tiers too (which have no liquid drawing: their frames must not move either).
@Suite struct LiquidBodyTests {
    static let tilts = [Tilt(pitch: 0.3, roll: -0.6), Tilt(pitch: -0.4, roll: 0.5), Tilt(pitch: 0, roll: 0),
                        Tilt(pitch: 1.1, roll: 1.2), Tilt(pitch: 0.3, roll: -0.6)]

    struct Case: CustomTestStringConvertible, Sendable {
        let scene: String, appearance: Appearance?, platform: Platform?, frames: [Int]
        var testDescription: String { "\(scene) \(appearance?.rawValue ?? "scene") \(platform?.rawValue ?? "scene")" }
    }

    static let cases: [Case] = [
        Case(scene: "showcase", appearance: .light, platform: .ios26, frames: [0, 40]),
        Case(scene: "showcase", appearance: .dark, platform: .ios26, frames: [15]),
        Case(scene: "showcase", appearance: nil, platform: .ios18, frames: [15]),
        Case(scene: "showcase", appearance: .dark, platform: .web, frames: [15]),
        Case(scene: "liquid-press.json", appearance: nil, platform: nil, frames: [0, 20]),
        Case(scene: "liquid-transitions.json", appearance: nil, platform: nil, frames: [10]),
        Case(scene: "liquid-merge-dark.json", appearance: nil, platform: nil, frames: [12]),
        Case(scene: "liquid-lens-profiles.json", appearance: .dark, platform: nil, frames: [0]),
        Case(scene: "liquid-tinted-dark.json", appearance: .light, platform: nil, frames: [5]),
    ]

    static func decoder(_ c: Case, tilt: Tilt?) -> SceneDecoder {
        var d = SceneDecoder()
        d.scale = c.scene == "showcase" ? 0.5 : 1
        (d.appearance, d.platform) = (c.appearance, c.platform)
        d.tilt = tilt.map { .fixed($0) }
        return d
    }

    static func decode(_ c: Case, tilt: Tilt?) throws -> SceneDocument {
        let d = decoder(c, tilt: tilt)
        if c.scene == "showcase" { return try d.decode(text: Showcase.json) }
        return try d.decode(file: AllScenesTests.root.appendingPathComponent("scenes/" + c.scene).path)
    }

    @Test(arguments: cases)
    func aNewTiltLitFromTheKeptBodiesIsTheFrameDrawnFromNothing(_ c: Case) throws {
        var session = Compositor(document: try Self.decode(c, tilt: nil), workers: Workers(2))
        for i in c.frames.filter({ $0 < session.document.frameCount }) {
            for tilt in Self.tilts {
                session.setTilt(Keyframes([.init(time: 0, value: tilt, easing: .linear)]))
                let got = session.renderKept(frame: i) { frame, _ in KeptStateRun.bits(frame) }
                var fresh = Compositor(document: try Self.decode(c, tilt: tilt), workers: Workers(2), keeping: .nothing)
                let wrong = zip(got, KeptStateRun.bits(fresh.render(frame: i))).filter { $0 != $1 }.count
                #expect(wrong == 0, "\(c.testDescription) frame \(i) tilt \(tilt): \(wrong) pixels differ from a fresh render")
            }
        }
        // Every tilt but each frame's first was lit from kept bodies on the liquid tier (the others have none).
        let relit = session.state.bodies.store.access { $0.relit }
        #expect((relit >= c.frames.count * (Self.tilts.count - 1)) == (c.platform == nil || c.platform == .ios26),
                "\(c.testDescription): \(relit) drawings lit from kept bodies")
    }

    /// The store's declared bound (what the memory estimate counts for it) holds what a kept body takes: a chunk
    /// of eight pixels is its values padded to the lanes' alignment (`MemoryLayout.stride`), not their sum.
    @Test func theDeclaredBoundHoldsAKeptBody() throws {
        let declared = LiquidBodyCache.descriptor.bytesPerPixel
        #expect(Double(MemoryLayout<LiquidBody.Chunk>.stride) <= 8 * declared,
                "a chunk takes \(MemoryLayout<LiquidBody.Chunk>.stride) B, the bound counts \(8 * declared) B for its eight pixels")
        var c = Compositor(document: try SceneDecoder(scale: 0.5).decode(text: Showcase.json), workers: Workers(2))
        _ = c.renderKept(frame: 3) { _, _ in 0 }
        let bodies = c.state.bodies.store.access { $0.bodies.entries.map(\.value.body) }
        #expect(!bodies.isEmpty)
        for b in bodies {
            #expect(Double(b.chunks.count * MemoryLayout<LiquidBody.Chunk>.stride) <= declared * Double(b.pixelCount))
        }
    }

    /// A body kept for another frame is dropped when a frame asks for its slot, not kept beside the body that
    /// frame draws: the store then holds no more than one drawing's body per slot at any time.
    @Test func aBodyForAnotherFrameIsDroppedWhenAsked() throws {
        var c = Compositor(document: try SceneDecoder(scale: 0.5).decode(text: Showcase.json), workers: Workers(2))
        _ = c.renderKept(frame: 3) { _, _ in 0 }
        let (slots, time) = (c.state.bodies.store.access { $0.bodies.entries.map(\.key) }, c.document.time(ofFrame: 3))
        #expect(!slots.isEmpty)
        for slot in slots {
            #expect(c.state.bodies.take(slot: slot, time: time + 1, plane: c.planeRecord) == nil)
            #expect(c.state.bodies.store.access { $0.bodies[slot] == nil }, "\(slot): the other frame's body stays")
        }
    }

    /// A render pipeline's frames never repeat: it keeps no body (38 bytes a liquid pixel for nothing).
    @Test func aRenderKeepsNoBody() throws {
        var c = Compositor(document: try SceneDecoder(scale: 0.5).decode(text: Showcase.json), workers: Workers(2))
        _ = c.render(frame: 3)
        #expect(c.state.bodies.store.access { $0.bodies.entries.count } == 0)
    }
}
