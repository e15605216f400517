import Foundation
import Raster

/// Encoded frames the preview has rendered, kept for scrubbing back and for playback rendered ahead, within a
/// memory budget counted in PNG bytes. When a new frame would pass the budget the least recently used ones go.
///
/// Budget: 64 MiB by default, over five seconds of the showcase at scale 3 (about 400 KB a frame,
/// `forkrender --scale 3 -o f3`). Each compositor the session keeps costs more than a frame: its plane buffer
/// alone is 16 bytes a pixel.
///
/// Thread-safe (its store's lock): the session reads it without holding its render lock, so a cached frame is
/// answered while another frame is being rendered ahead.
final class FrameCache: @unchecked Sendable {
    static let descriptor = KeptStoreDescriptor(
        "FrameCache", place: "Preview, one per session", holds: "encoded PNG frames for scrubbing and playback",
        key: "the frame request (frame, tilt, switches)",
        dropped: "least recently used beyond the budget; all when the scene file changes",
        bound: "64 MiB of PNG bytes", fixedBytes: Double(defaultBudget))
    static let defaultBudget = 64 << 20

    /// Frames by request and their order of use.
    struct Frames: KeptValue {
        var frames: [FrameRequest: [UInt8]] = [:]
        /// Least recently used first.
        var order: [FrameRequest] = []
        var total = 0
        mutating func dropKept() { self = Frames() }
    }

    let budget: Int
    private let store: KeptStore<Frames>

    init(budget: Int = defaultBudget) {
        self.budget = budget
        store = KeptStore(Self.descriptor, keeping: .everything, Frames())
    }

    subscript(_ r: FrameRequest) -> [UInt8]? {
        store.access { c in
            guard let hit = c.frames[r] else { return nil }
            if let i = c.order.lastIndex(of: r) { c.order.remove(at: i) }
            c.order.append(r)
            return hit
        }
    }

    func contains(_ r: FrameRequest) -> Bool { store.access { $0.frames[r] != nil } }

    func insert(_ bytes: [UInt8], for r: FrameRequest) {
        store.access { c in
            if let old = c.frames[r] {
                c.total -= old.count
                c.order.removeAll { $0 == r }
            }
            c.frames[r] = bytes
            c.order.append(r)
            c.total += bytes.count
            while c.total > budget, c.order.count > 1 {
                let gone = c.order.removeFirst()
                c.total -= c.frames.removeValue(forKey: gone)?.count ?? 0
            }
        }
    }

    func removeAll() { store.forget() }

    /// Bytes held and frames held; tests and docs read them.
    var usage: (bytes: Int, frames: Int) { store.access { ($0.total, $0.frames.count) } }
}
