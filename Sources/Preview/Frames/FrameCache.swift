import Foundation
import Raster

/// Encoded frames the preview has rendered, kept for scrubbing back and for playback rendered ahead, within a
/// memory budget counted in PNG bytes. When a new frame would pass the budget the least recently used ones go.
///
/// Budget: 64 MiB by default, over five seconds of the showcase at scale 3 (about 400 KB a frame,
/// `forkrender --scale 3 -o f3`). Each compositor the session keeps costs more than a frame: its plane buffer
/// alone is 16 bytes a pixel.
///
/// Thread-safe: the session reads it without holding its render lock, so a cached frame is answered while
/// another frame is being rendered ahead.
final class FrameCache: @unchecked Sendable {
    static let descriptor = KeptStoreDescriptor(
        "FrameCache", place: "Preview, one per session", holds: "encoded PNG frames for scrubbing and playback",
        key: "the frame request (frame, tilt, switches)",
        dropped: "least recently used beyond the budget; all when the scene file changes",
        bound: "64 MiB of PNG bytes", fixedBytes: Double(64 << 20))

    let budget: Int
    private let lock = NSLock()
    private var frames: [FrameRequest: [UInt8]] = [:]
    /// Least recently used first.
    private var order: [FrameRequest] = []
    private var total = 0

    init(budget: Int = 64 << 20) { self.budget = budget }

    subscript(_ r: FrameRequest) -> [UInt8]? {
        lock.withLock {
            guard let hit = frames[r] else { return nil }
            if let i = order.lastIndex(of: r) { order.remove(at: i) }
            order.append(r)
            return hit
        }
    }

    func contains(_ r: FrameRequest) -> Bool { lock.withLock { frames[r] != nil } }

    func insert(_ bytes: [UInt8], for r: FrameRequest) {
        lock.withLock {
            if let old = frames[r] {
                total -= old.count
                order.removeAll { $0 == r }
            }
            frames[r] = bytes
            order.append(r)
            total += bytes.count
            while total > budget, order.count > 1 {
                let gone = order.removeFirst()
                total -= frames.removeValue(forKey: gone)?.count ?? 0
            }
        }
    }

    func removeAll() {
        lock.withLock {
            frames = [:]
            order = []
            total = 0
        }
    }

    /// Bytes held and frames held; tests and docs read them.
    var usage: (bytes: Int, frames: Int) { lock.withLock { (total, frames.count) } }
}
