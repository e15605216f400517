import Foundation
import Output

/// The frames a check report offers for review: `review.json` beside the report's `index.html`, written by
/// every `check --report` run with a frame that did not pass. `forkrender review <report>` and `check --review` serve the report from it and
/// never from a path in a URL: a frame is named by its position here (the id the server issues), and its
/// reference and actual files are the paths this file holds.
///
/// Only frames with a rendered actual are listed (a frame that could not be drawn has nothing to accept). The
/// reference path is absolute, resolved against the folder `check` ran in, so `review` may run from anywhere on
/// the machine that ran the check; `actual` and the other pictures are relative to the report folder and never
/// leave it (`load` refuses `..` and absolute paths).
public struct ReviewManifest: Sendable, Equatable {
    public static let fileName = "review.json"
    /// The first line of the format; a file with another is refused with its value quoted.
    public static let format = "forkrender-review 1"

    public struct Frame: Sendable, Equatable, Codable {
        /// The scene's key (`ios/home`), as in the report and the JUnit file.
        public var scene: String
        public var frame: Int
        public var status: String
        public var message: String
        /// The reference PNG that Accept replaces (absolute).
        public var reference: String
        /// The `id` of the frame's section in `index.html`.
        public var anchor: String
        /// The rendered frame, relative to the report folder.
        public var actual: String
        /// The other pictures the page shows, relative to the report folder.
        public var pictures: [String]
        /// Why Accept is not offered (a reference at another scale), or nil when it is.
        public var refusal: String?
    }

    public var frames: [Frame]

    public init(frames: [Frame]) {
        self.frames = frames
    }

    /// The frames of a run that left an actual in the report: every one that did not pass.
    public init(_ items: [CheckItem], workingFolder: String = FileManager.default.currentDirectoryPath) {
        frames = items.compactMap { i in
            guard let a = i.artifacts, let actual = a.actual else { return nil }
            let reference = i.referencePath.hasPrefix("/") ? i.referencePath
                : ((workingFolder as NSString).appendingPathComponent(i.referencePath) as NSString).standardizingPath
            return Frame(scene: i.scene, frame: i.frame, status: i.status.rawValue, message: i.message, reference: reference,
                         anchor: ReviewReport.anchor(i), actual: actual,
                         pictures: [a.expected, a.diff, a.panels].compactMap { $0 },
                         refusal: i.referenceScale.map { "the reference is this scene at scale \($0): accepting would replace it with a picture of another size" })
        }
    }

    private struct File: Codable {
        var format: String
        var frames: [Frame]
    }

    /// Writes `<folder>/review.json` atomically; a run with nothing to review removes it instead (a report of
    /// passing frames has no review).
    public func write(to folder: String) throws(CheckError) {
        guard !frames.isEmpty else {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(Self.fileName))
            return
        }
        try ReviewJSON.write(File(format: Self.format, frames: frames), to: (folder as NSString).appendingPathComponent(Self.fileName))
    }

    /// Reads `<folder>/review.json`, refusing a file whose pictures would lie outside the folder.
    public static func load(from folder: String) throws(CheckError) -> ReviewManifest {
        let (file, path) = try ReviewReport.readJSON(File.self, named: fileName, in: folder,
            missing: "no \(fileName) in '\(folder)': write the report with 'forkrender check ... --report \(folder)' first",
            what: "a review manifest")
        guard file.format == format else {
            throw CheckError("'\(path)': format '\(file.format.prefix(60))' is not '\(format)' (written by another forkrender?)")
        }
        for f in file.frames {
            for p in [f.actual] + f.pictures where !isInside(p) {
                throw CheckError("'\(path)': picture '\(p.prefix(200))' of \(f.scene) frame \(f.frame) is not a path inside the report folder")
            }
            guard f.reference.hasPrefix("/"), f.reference.hasSuffix(".png"), !f.reference.split(separator: "/").contains("..") else {
                throw CheckError("'\(path)': reference '\(f.reference.prefix(200))' of \(f.scene) frame \(f.frame) is not an absolute path to a PNG")
            }
        }
        return ReviewManifest(frames: file.frames)
    }

    /// A relative path that stays inside its folder: no `..`, no leading `/`, no empty or `.` component.
    static func isInside(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && !parts.isEmpty && parts.allSatisfy { $0 != ".." && $0 != "." && !$0.isEmpty }
    }
}

/// The JSON of the review files: sorted keys, two-space indents, one trailing line break, so the files diff well.
/// Written atomically (`AtomicFile`: a reader never sees half a file).
enum ReviewJSON {
    static func write<T: Encodable>(_ value: T, to path: String) throws(CheckError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try AtomicFile.write(Array(try encoder.encode(value) + Data("\n".utf8)), to: path)
        } catch {
            throw CheckError("cannot write '\(path)': \(error)")
        }
    }
}
