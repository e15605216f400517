import Foundation
import SceneFormat
import Compose

/// Which frames of a scene to render: `--frames` lists (`Shard` slices them across machines). One grammar for every command
/// that takes `--frames` (renders, `check`, `sheet`, `lint`): a comma-separated list of items, each an index
/// (`45`) or an inclusive range (`90..119`, `90-119`, `90..` to the end, `..59` from the start).
public enum FrameSelection {
    /// The frames a list selects, ascending, each once (`0,45,90-119`), against a scene of `count` frames.
    public static func parseList(_ text: String, frameCount count: Int) throws(SelectionError) -> [Int] {
        var chosen = Set<Int>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else {
                throw SelectionError("'\(text)' has an empty item; expected a comma-separated list such as 0,45,90-119")
            }
            chosen.formUnion(try parse(item, frameCount: count))
        }
        return chosen.sorted()
    }

    /// Whether a list is one run of consecutive frames (what a video, which plays its frames in order, needs).
    public static func isContiguous(_ frames: [Int]) -> Bool {
        zip(frames, frames.dropFirst()).allSatisfy { $1 == $0 + 1 }
    }

    /// Parses one item: `a..b` or `a-b` (inclusive), `a`, `a..` (to the end) or `..b`.
    public static func parse(_ text: String, frameCount count: Int) throws(SelectionError) -> ClosedRange<Int> {
        var parts = text.components(separatedBy: "..")
        if parts.count == 1, text.contains("-") {
            // `90-119`: both ends required (a leading `-` would read as a negative index or an option).
            parts = text.components(separatedBy: "-")
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw SelectionError("'\(text)' is not a frame range; expected FIRST-LAST or FIRST..LAST (inclusive), such as 30-59")
            }
        }
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
}

public struct SelectionError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ d: String) { description = d }
}
