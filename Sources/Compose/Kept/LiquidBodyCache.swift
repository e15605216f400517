import Dots
import Glass
import Raster
import SceneFormat

/// The liquid drawings of the last frame drawn on request (the preview), kept without their light
/// (`LiquidBody`), so that a new tilt of the same frame lights them again instead of drawing them: a tilt moves
/// only the specular light, and the rest of a liquid drawing is a function of the frame (the document, the
/// frame's time and the plane).
///
/// A body is taken for a drawing only when the frame's time is the one it was drawn at and the plane is the same
/// (`PlaneSpriteRecord.changedSpans` empty everywhere); the session's document never changes (a reload makes a
/// new compositor). Those are every input of the drawing but the tilt, so the relit pixels are the drawing's
/// (`LiquidBodyTests` compares relit frames with frames from a compositor that keeps nothing). A frame takes a
/// body out and puts it back once drawn, so two frames drawn at once never share one; a cancelled frame keeps
/// none (a band of its rows may be missing).
struct LiquidBodyCache {
    static let descriptor = KeptStoreDescriptor(
        "LiquidBodyCache", place: "Compose/Kept, in the session's `FrameState`",
        holds: "each liquid drawing of the last frame drawn on request without its specular light (`LiquidBody`: per eight pixels the unlit color, coverage and the light's inputs)",
        key: "the drawing's slot, the frame's time and its plane (`PlaneSpriteRecord.changedSpans` empty); the tilt is not in the key: it is what a body is lit by",
        dropped: "taken out by a frame and put back once drawn (none from a cancelled frame); one kept for another frame when a frame asks for its slot; a body beyond the bound is not kept; with the session",
        bound: "34 B per pixel around the liquid panels, at most one canvas of pixels in all (a session drawing on request only)",
        bytesPerPixel: 34, over: .liquidGlass, dropsOnCancelledFrame: true)

    struct Kept: KeptValue {
        var bodies = KeptEntries<(body: LiquidBody, time: Double, plane: PlaneSpriteRecord)>()
        /// At most this many pixels of bodies are kept.
        let capacity: Int
        /// Drawings lit from a kept body since the session began (for tests; not dropped with the bodies).
        var relit = 0
        mutating func dropKept() { bodies.dropKept() }
    }

    let store: KeptStore<Kept>

    init(keeping: Keeping, capacity: Int) { store = KeptStore(Self.descriptor, keeping: keeping, Kept(capacity: capacity)) }

    /// The body kept for `slot` when it was drawn at `time` over the same plane as `plane`, taken out of the
    /// store; nil otherwise, and a body kept for another frame is dropped: the frame asking draws its own and
    /// keeps that, so the old one would only lie beside it while it is drawn (twice the drawing's bytes).
    func take(slot: String, time: Double, plane: PlaneSpriteRecord) -> LiquidBody? {
        store.access { kept in
            guard let k = kept.bodies.removeValue(forKey: slot) else { return nil }
            guard k.time == time, let changed = plane.changedSpans(since: k.plane), changed.allSatisfy(\.isEmpty) else {
                return nil
            }
            kept.relit += 1
            return k.body
        }
    }

    /// Keeps `body`, drawn for `slot` at `time` over `plane`, unless the kept bodies would pass the capacity.
    func keep(slot: String, _ body: LiquidBody, time: Double, plane: PlaneSpriteRecord) {
        store.access {
            let others = $0.bodies.entries.reduce(0) { $0 + ($1.key == slot ? 0 : $1.value.body.pixelCount) }
            $0.bodies[slot] = others + body.pixelCount <= $0.capacity ? (body, time, plane) : nil
        }
    }
}
