import Raster
import SceneFormat

/// The frame slot of a session that draws one frame at a time on request (the preview), kept from its last frame:
/// the next frame copies from the plane only what changed since and what glass and content covered
/// (`FrameSlot`), so a new tilt of the same frame redraws the glass panels and copies nothing else. A render
/// pipeline recycles its own slots and never makes this store.
///
/// The slot's invariant (FrameSlot) makes its bytes those of a fresh slot, so a cold store and a warm one give
/// the same frame. A frame takes the slot out and puts it back once drawn and read, so two frames drawn at once
/// never share it (the second draws into a fresh one); a cancelled frame's slot forgets what it holds.
struct KeptFrameSlot {
    static let descriptor = KeptStoreDescriptor(
        "KeptFrameSlot", place: "Compose/Kept, in the session's `FrameState`",
        holds: "the frame slot of a session drawing frames on request (the preview): the last frame's float pixels, the plane record they hold and what glass and content covered",
        key: "the canvas (one compositor, one size and blend space); the slot copies again what `PlaneSpriteRecord.changedRows` and its overlay name",
        dropped: "taken out by a frame and put back once read; forgets what it holds after a cancelled frame; with the session",
        bound: "one canvas of float pixels, the frame the estimate's frame buffers count (a session drawing on request draws into it, not into a pipeline's slots)")

    struct Kept: KeptValue {
        var slot: FrameSlot?
        mutating func dropKept() { slot = nil }
    }

    let store: KeptStore<Kept>

    init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    /// The kept slot, taken out of the store; nil when none is kept.
    func take() -> FrameSlot? { store.access { kept in defer { kept.slot = nil }; return kept.slot } }

    /// Keeps `slot` for the next frame.
    func keep(_ slot: FrameSlot) { store.access { $0.slot = slot } }
}
