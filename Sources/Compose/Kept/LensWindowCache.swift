import Dots
import Glass
import Raster
import SceneFormat

/// The lens windows of the liquid containers kept from the last frame (`KeptWindow`), each with the plane it was
/// blurred from (its `PlaneSpriteRecord`), so that the next drawing of the same container blurs again only
/// around the dots that moved or changed color since (`PlaneSpriteRecord.changedBoxes`).
///
/// As with the halo's cells (HaloCellCache): the record says where two planes may differ whatever their order,
/// so a kept window is right for any next frame (shards, `--frames`, the preview's jumps); a frame takes a
/// window out and puts its own back once drawn, so two frames drawn at once never share one; a cancelled frame
/// keeps nothing. A container that moved draws a fresh window (its kept one lies elsewhere).
struct LensWindowCache {
    static let descriptor = KeptStoreDescriptor(
        "LensWindowCache", place: "Compose/Kept, in the session's `FrameState`",
        holds: "each liquid container's lens window of the last frame (`KeptWindow`: the blurred plane around it) and the plane record it was blurred from",
        key: "the container's slot; the window is blurred again around the dots `PlaneSpriteRecord.changedBoxes` names",
        dropped: "taken out by a frame and put back once drawn (none from a cancelled frame); a window beyond the bound is not kept; with the session",
        bound: "16 B per pixel around the liquid panels, at most one canvas of float pixels in all", bytesPerPixel: 16, over: .liquidGlass, dropsOnCancelledFrame: true)

    typealias Entry = (window: KeptWindow, plane: PlaneSpriteRecord)

    struct Kept: KeptValue {
        var windows = KeptEntries<Entry>()
        mutating func dropKept() { windows.dropKept() }

        /// Keeps `entry` for `slot`, unless the windows kept for the other slots and it would pass `capacity`
        /// pixels.
        mutating func keep(slot: String, _ entry: Entry, capacity: Int) {
            let others = windows.entries.reduce(0) { $0 + ($1.key == slot ? 0 : $1.value.window.pixelCount) }
            if others + entry.window.pixelCount <= capacity { windows[slot] = entry }
        }
    }

    let store: KeptStore<Kept>
    /// At most this many pixels of windows are kept.
    let capacity: Int

    init(keeping: Keeping, capacity: Int) {
        store = KeptStore(Self.descriptor, keeping: keeping, Kept())
        self.capacity = capacity
    }

    /// The window kept for `slot` with where `plane` may differ from the plane it was blurred from; nil when none
    /// is kept or the planes cannot be compared.
    func take(slot: String, for plane: PlaneSpriteRecord) -> WindowReuse? {
        Self.reuse(store.access { $0.windows.removeValue(forKey: slot) }, for: plane)
    }

    /// A window taken out of a store, with where `plane` may differ from the plane it was blurred from.
    static func reuse(_ kept: Entry?, for plane: PlaneSpriteRecord) -> WindowReuse? {
        guard let kept, let changed = plane.changedBoxes(since: kept.plane) else { return nil }
        return WindowReuse(kept: kept.window, changed: changed)
    }

    /// Keeps the window `slot`'s drawing blurred over `plane`, unless the kept windows would pass the capacity.
    func keep(slot: String, _ window: KeptWindow, plane: PlaneSpriteRecord) {
        store.access { $0.keep(slot: slot, (window, plane), capacity: capacity) }
    }
}
