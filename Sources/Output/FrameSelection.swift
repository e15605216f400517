import SceneFormat
import Compose

/// Which frames of a scene to render: `--frames` ranges and `--shard i/n` slices.
public enum FrameSelection {
    /// Parses `a..b` (inclusive), `a`, `a..` (to the end) or `..b`, against a scene of `count` frames.
    public static func parse(_ text: String, frameCount count: Int) throws(SelectionError) -> ClosedRange<Int> {
        let parts = text.components(separatedBy: "..")
        func index(_ s: String, _ fallback: Int) throws(SelectionError) -> Int {
            if s.isEmpty { return fallback }
            guard let v = Int(s), v >= 0 else {
                throw SelectionError("'\(text)' is not a frame range; expected FIRST..LAST (inclusive), such as 30..59")
            }
            return v
        }
        let lo: Int, hi: Int
        switch parts.count {
        case 1:
            lo = try index(parts[0], -1)
            hi = lo
            if lo < 0 { throw SelectionError("'\(text)' is not a frame range; expected FIRST..LAST (inclusive), such as 30..59") }
        case 2:
            lo = try index(parts[0], 0)
            hi = try index(parts[1], count - 1)
        default:
            throw SelectionError("'\(text)' is not a frame range; expected FIRST..LAST (inclusive), such as 30..59")
        }
        guard lo <= hi else { throw SelectionError("frame range \(text) is empty: \(lo) comes after \(hi)") }
        guard hi < count else {
            throw SelectionError("frame range \(text) passes the last frame: the scene has \(count) frames, 0..\(count - 1)")
        }
        return lo...hi
    }

    /// Parses `i/n` with 0 <= i < n.
    public static func parseShard(_ text: String) throws(SelectionError) -> (index: Int, count: Int) {
        let p = text.split(separator: "/", omittingEmptySubsequences: false)
        guard p.count == 2, let i = Int(p[0]), let n = Int(p[1]), n >= 1, i >= 0, i < n else {
            throw SelectionError("'\(text)' is not a shard; expected INDEX/COUNT with 0 <= INDEX < COUNT, such as 0/3")
        }
        return (i, n)
    }

    /// Shard `i` of `n`: a contiguous run of the frames, sizes differing by at most one. Contiguous runs let
    /// each machine encode its part as a video segment that concatenates in order.
    public static func shard(_ frames: [Int], index i: Int, of n: Int) -> [Int] {
        let lo = frames.count * i / n, hi = frames.count * (i + 1) / n
        return Array(frames[lo..<hi])
    }
}

public struct SelectionError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ d: String) { description = d }
}
