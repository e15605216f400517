import Dots
import Foundation
import Glass
import Raster

/// The lens windows of the liquid containers kept from the last frame (`KeptWindow`), each with the plane it was
/// blurred from (its `PlaneSpriteRecord`), so that the next drawing of the same container blurs again only
/// around the dots that moved or changed color since (`PlaneSpriteRecord.changedBoxes`, issue 25).
///
/// As with the halo's cells (HaloCellCache): the record says where two planes may differ whatever their order,
/// so a kept window is right for any next frame (shards, `--frames`, the preview's jumps); a frame takes a
/// window out and puts its own back once drawn, so two frames drawn at once never share one; a cancelled frame
/// keeps nothing. A container that moved draws a fresh window (its kept one lies elsewhere).
///
/// Memory: one window per liquid container (the showcase's two: 7.6 MB of float pixels).
final class LensWindowCache: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: (window: KeptWindow, plane: PlaneSpriteRecord)] = [:]
    /// False for the reference of the tests: nothing is kept.
    var enabled = true

    /// The window kept for `slot` with where `plane` may differ from the plane it was blurred from; nil when none
    /// is kept or the planes cannot be compared.
    func take(slot: String, for plane: PlaneSpriteRecord) -> WindowReuse? {
        guard let k = lock.withLock({ () -> (window: KeptWindow, plane: PlaneSpriteRecord)? in
            enabled ? kept.removeValue(forKey: slot) : nil
        }) else { return nil }
        guard let changed = plane.changedBoxes(since: k.plane) else { return nil }
        return WindowReuse(kept: k.window, changed: changed)
    }

    /// Keeps the window `slot`'s drawing blurred over `plane`.
    func keep(slot: String, _ window: KeptWindow, plane: PlaneSpriteRecord) {
        lock.withLock { if enabled { kept[slot] = (window, plane) } }
    }

    /// Drops every kept window.
    func forget() {
        lock.withLock { kept = [:] }
    }
}
