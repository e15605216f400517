import Foundation

/// What a reviewer decided on a report's frames: `decisions.json` in the report folder, rewritten whole
/// (atomically) after every decision, one entry per frame (the last decision wins), in the order decided.
///
///     {
///       "decisions" : [
///         { "at" : "2026-12-06T07:12:03Z", "decision" : "accepted", "frame" : 15, "pixels" : "fnv1a64:...",
///           "reference" : "/abs/refs/home/0015.png", "scene" : "home" }
///       ],
///       "format" : "forkrender-review-decisions 1"
///     }
///
/// `pixels` names the picture decided on: FNV-1a 64 of its width, height and 8-bit RGBA samples
/// (`pixelHash`), so a later run can tell whether it still renders that picture. The next `check` with the same
/// `--report` folder reads the file before replacing the report: a frame that still fails with the very picture
/// a reviewer rejected says so in its message (the terminal, the JUnit failure and the report), and that
/// rejection is kept in the new `decisions.json`; every other entry is dropped (an accepted frame's reference
/// now holds it; a rejected picture that changed needs a new look).
public struct ReviewDecisions: Sendable, Equatable {
    public static let fileName = "decisions.json"
    public static let format = "forkrender-review-decisions 1"

    public enum Verdict: String, Sendable, Codable {
        case accepted, rejected
    }

    public struct Decision: Sendable, Equatable, Codable {
        public var scene: String
        public var frame: Int
        public var decision: Verdict
        public var reference: String
        public var pixels: String
        /// UTC, ISO 8601 to the second.
        public var at: String
    }

    public var decisions: [Decision]

    public init(decisions: [Decision] = []) {
        self.decisions = decisions
    }

    public func decision(scene: String, frame: Int) -> Decision? {
        decisions.last { $0.scene == scene && $0.frame == frame }
    }

    /// Records `d`, replacing an earlier decision on the same frame.
    public mutating func record(_ d: Decision) {
        decisions.removeAll { $0.scene == d.scene && $0.frame == d.frame }
        decisions.append(d)
    }

    private struct File: Codable {
        var format: String
        var decisions: [Decision]
    }

    /// Writes `<folder>/decisions.json` atomically; no decisions remove it.
    public func write(to folder: String) throws(CheckError) {
        let path = (folder as NSString).appendingPathComponent(Self.fileName)
        guard !decisions.isEmpty else {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        try ReviewJSON.write(File(format: Self.format, decisions: decisions), to: path)
    }

    /// The decisions in `<folder>/decisions.json`; none when there is no file. One that does not parse is an
    /// error: silently dropping a reviewer's work would be worse than stopping.
    public static func read(from folder: String) throws(CheckError) -> ReviewDecisions {
        let path = (folder as NSString).appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: path) else { return ReviewDecisions() }
        guard let file = try? JSONDecoder().decode(File.self, from: data), file.format == format else {
            throw CheckError("'\(path)' is not a decisions file of this forkrender (format '\(format)'); move it away to start over")
        }
        return ReviewDecisions(decisions: file.decisions)
    }

    /// The next run's reading: each failing item whose actual is the picture a reviewer rejected gets a note,
    /// and the decisions to keep (those rejections) are returned. `folder` is the new report's.
    public func apply(to items: inout [CheckItem], reportFolder folder: String) -> ReviewDecisions {
        var kept = ReviewDecisions()
        for k in items.indices where items[k].status.isFailure {
            guard let d = decision(scene: items[k].scene, frame: items[k].frame), d.decision == .rejected,
                  let actual = items[k].artifacts?.actual,
                  let image = try? RGBAImage.read(path: (folder as NSString).appendingPathComponent(actual)),
                  Self.pixelHash(image) == d.pixels else { continue }
            items[k].message += "; the picture rejected in review at \(d.at)"
            kept.record(d)
        }
        return kept
    }

    /// FNV-1a 64 over the width and height (8 bytes each, little-endian) and the RGBA samples: "fnv1a64:" and 16
    /// hex digits. Not a defence against forgery (the file is the reviewer's own), only a name for a picture.
    public static func pixelHash(_ image: RGBAImage) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ b: UInt8) { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        for v in [UInt64(image.width), UInt64(image.height)] { for s in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: v >> UInt64(s))) } }
        image.pixels.withUnsafeBufferPointer { p in for b in p { mix(b) } }
        let hex = String(h, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Now as the file writes it: `2026-12-06T07:12:03Z`.
    public static func timestamp(_ date: Date = Date()) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }
}
