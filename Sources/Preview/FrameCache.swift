import Foundation

/// Encoded frames the preview has rendered, kept for scrubbing back and for playback rendered ahead, within a
/// memory budget counted in PNG bytes. When a new frame would pass the budget the least recently used ones go.
///
/// Budget: 64 MiB by default. The showcase's frames are 63-79 KB at scale 1 (its whole 4 s timeline is 8.9 MB
/// and fits seven times over) and 377-423 KB at scale 3 (about 160 frames, over five seconds at 30 fps);
/// measured with `forkrender --scale 1 -o f1` and `--scale 3`. Each compositor the session keeps costs more
/// than a frame: its plane buffer alone is 16 bytes a pixel (5.3 MB at scale 1).
///
/// Thread-safe: the session reads it without holding its render lock, so a cached frame is answered while
/// another frame is being rendered ahead.
final class FrameCache: @unchecked Sendable {
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
