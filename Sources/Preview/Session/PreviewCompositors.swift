import Raster
import SceneFormat
import Compose
import Output

/// The compositors of a preview session: one per set of the page's switches, each with the physics state it has
/// reached and its frame state (the kept frame slot, frosted tiles, liquid bodies), at most
/// `PreviewCompositors.capacity` of them, the least recently used evicted first.
///
/// Why 4: a compositor kept holds its plane, dots and frame state (about 11 MB for the showcase at scale 1,
/// measured: the preview grew from 35 MB to 647 MB over one frame in each of the 54 sets of switches before they
/// were bounded; 37 MB to 93 MB with the bound), and kept, a return to its set at the frame it drew last is a
/// patch-sized redraw instead of a whole frame. Designers go back and forth between two to four sets (light and
/// dark, a tier and its fallback, Reduce Transparency on and off); the routes' 54 sets (the scene's appearance,
/// light, dark; the scene's tier and the tier switch's 5; Reduce Transparency as the scene's, on, off) are never
/// all in use. An evicted set is made again from the scene on its next frame and simulates from t = 0 to it:
/// the same bytes (tested).
///
/// A request takes its compositor out of the store while it draws (`KeptStore`'s discipline): no eviction can
/// tear it down under it, and it counts against the bound all the same. `--max-memory` counts the bound
/// (`PreviewMemory`).
final class PreviewCompositors: @unchecked Sendable {
    static let capacity = 4

    static let descriptor = KeptStoreDescriptor(
        "PreviewCompositors", place: "Preview, one per session",
        holds: "a compositor per set of the page's switches, with its physics state and frame state",
        key: "the switches (appearance, tier, Reduce Transparency)",
        dropped: "least recently used beyond 4; all when the scene file changes",
        bound: "4 compositors, each a render's memory estimate (`PreviewMemory`)")

    /// One set's compositor; a request's tilt is set on it before each frame (`FrameRequest.tiltOverride`).
    struct Slot {
        var compositor: Compositor
    }

    struct Slots: KeptValue {
        var sets = LeastRecentlyUsed<PreviewSettings, Slot>(capacity: PreviewCompositors.capacity)
        /// Compositors that started again from t = 0 because a request went back in time (tests).
        var restarts = 0
        mutating func dropKept() { sets.removeAll() }
    }

    let store = KeptStore(PreviewCompositors.descriptor, keeping: .everything, Slots())
    /// The scene file, for errors.
    let file: String
    let workers: Workers

    init(file: String, workers: Workers) {
        self.file = file
        self.workers = workers
    }

    /// Draws frame `r` with the compositor of its switches (made from `decode`'s document when none is kept)
    /// into that compositor's kept slot (`Compositor.renderKept`: a new tilt of the frame drawn last redraws only
    /// the glass) and hands `body` the frame, the regions glass and content covered, and the document's dither.
    /// A frame before the compositor's physics starts it again from t = 0 (physics only, no pixels).
    func draw<T>(_ r: FrameRequest, decode: () throws(SceneError) -> SceneDocument,
                 _ body: (Framebuffer, [PixelRect], Bool) throws(SceneError) -> T) throws(SceneError) -> T {
        var slot = try store.access { (s: inout Slots) throws(SceneError) in
            try s.sets.checkOut(r.settings) { () throws(SceneError) in
                let doc = try decode()
                return Slot(compositor: Compositor(document: doc, workers: workers))
            }
        }
        defer { store.access { $0.sets.checkIn(r.settings, slot) } }
        if slot.compositor.step > slot.compositor.physicsStep(forFrame: r.frame) {
            // The tilt is set below; it never changes the simulation.
            slot.compositor = Compositor(document: slot.compositor.document, workers: workers)
            store.access { $0.restarts += 1 }
        }
        slot.compositor.setTilt(slot.compositor.document.tilt(under: r.tiltOverride))
        let dither = slot.compositor.document.dither
        let drawn = try slot.compositor.renderKept(frame: r.frame) { frame, covered throws(SceneError) in
            // A cancelled render left bands undrawn: neither encoded nor cached (the process is ending).
            guard !workers.cancellation.isCancelled else {
                throw SceneError(file: file, path: "", location: nil, message: "interrupted")
            }
            return try body(frame, covered, dither)
        }
        // A frame without part of its scene (a backdrop video's frame not decoded) is neither shown nor cached:
        // its error is, as a scene error is.
        if let e = slot.compositor.incomplete { throw SceneError(file: file, path: e.path, location: nil, message: e.message) }
        return drawn
    }

    /// Forgets every compositor (the scene changed).
    func removeAll() { store.access { $0.dropKept() } }
}
