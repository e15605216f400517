import Foundation
import Output

/// What one shard of a check run leaves for `forkrender merge-reports`: `check-result.json` in its report
/// folder, beside the review images it wrote there, holding every test case's outcome and figures.
///
/// Invariants the merge relies on: `plan` is the whole run's list of (scene, frame) pairs in the order an
/// unsharded run checks them, the same in every shard of one run; `items` is this shard's contiguous part of
/// it (`Shard.slice`), so concatenating the shards' items by index gives the unsharded run's list; artifact
/// paths are relative to the folder the file is in.
public struct ShardResult: Codable, Sendable, Equatable {
    public static let fileName = "check-result.json"
    /// Bumped when a field changes meaning; a merge refuses other versions.
    public static let currentFormat = "forkrender check result 1"

    public var format: String
    public var shard: Int
    public var shards: Int
    /// `forkrender --version --verbose`'s lines for the renderer that ran this shard.
    public var fingerprint: String
    /// The run's pairs, "scene frame" (`CheckItem.frameName`), in check order.
    public var plan: [String]
    /// The report's settings line and accept command, as an unsharded run would print them.
    public var settings: String
    public var acceptCommand: String
    public var items: [Item]

    /// One test case: a `CheckItem` without its diff image.
    public struct Item: Codable, Sendable, Equatable {
        public var scene: String
        public var scenePath: String
        public var frame: Int
        public var status: String
        public var message: String
        public var referencePath: String
        public var referenceScale: String?
        public var fingerprintMismatch: String?
        public var fallback: String?
        public var seconds: Double
        public var comparison: Counts?
        /// Review images, relative to the result's folder.
        public var expected: String?, actual: String?, diff: String?, panels: String?
        /// Whether the item had an artifacts record at all (a failing frame with `--report`).
        public var hasArtifacts: Bool
    }

    /// `ComparisonOutcome`'s figures.
    public struct Counts: Codable, Sendable, Equatable {
        public var width: Int, height: Int
        public var different: Int, antialiased: Int, changed: Int, masked: Int
        public var largestDelta: Double
    }

    public static func key(_ scene: String, _ frame: Int) -> String { "\(scene) \(CheckItem.frameName(frame))" }

    public init(shard: Shard, plan: [String], settings: String, acceptCommand: String, items: [CheckItem],
                fingerprint: String = RendererFingerprint.current.text) {
        format = Self.currentFormat
        self.shard = shard.index
        shards = shard.count
        self.fingerprint = fingerprint
        self.plan = plan
        self.settings = settings
        self.acceptCommand = acceptCommand
        self.items = items.map(Item.init)
    }

    /// The items as the reports take them, their artifacts in `folder`.
    public func checkItems(artifactsIn folder: String) throws(CheckError) -> [CheckItem] {
        try items.map { i throws(CheckError) in
            guard let status = CheckItem.Status(rawValue: i.status) else {
                throw CheckError("'\(i.status)' is not a check status (\(i.scene) frame \(i.frame))")
            }
            var item = CheckItem(scene: i.scene, scenePath: i.scenePath, frame: i.frame, status: status, message: i.message,
                                 result: i.comparison.map { c in
                                     ComparisonOutcome(width: c.width, height: c.height, tally: Tally(
                                        different: c.different, antialiased: c.antialiased, changed: c.changed,
                                        masked: c.masked, largest: c.largestDelta), diff: nil)
                                 },
                                 referencePath: i.referencePath, artifacts: nil, seconds: i.seconds)
            item.referenceScale = i.referenceScale
            item.fingerprintMismatch = i.fingerprintMismatch
            item.fallback = i.fallback
            if i.hasArtifacts {
                item.artifacts = CheckItem.Artifacts(folder: folder, expected: i.expected, actual: i.actual, diff: i.diff, panels: i.panels)
            }
            return item
        }
    }

    /// Writes `<folder>/check-result.json` atomically (keys sorted, so equal results are equal bytes).
    public func write(to folder: String) throws(CheckError) {
        let path = (folder as NSString).appendingPathComponent(Self.fileName)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(Array(try encoder.encode(self)), to: path)
        } catch {
            throw CheckError("cannot write the shard result '\(path)': \(error)")
        }
    }

    /// Reads `<folder>/check-result.json`.
    public static func read(folder: String) throws(CheckError) -> ShardResult {
        let (result, path) = try ReviewReport.readJSON(ShardResult.self, named: fileName, in: folder,
            missing: "'\(folder)' holds no \(fileName): run each shard as 'forkrender check ... --shard i/n --report \(folder)'",
            what: "a check result")
        guard result.format == currentFormat else {
            throw CheckError("'\(path)' is a '\(result.format)', not a '\(currentFormat)': merge results of one forkrender version")
        }
        return result
    }
}

extension ShardResult.Item {
    init(_ i: CheckItem) {
        scene = i.scene
        scenePath = i.scenePath
        frame = i.frame
        status = i.status.rawValue
        message = i.message
        referencePath = i.referencePath
        referenceScale = i.referenceScale
        fingerprintMismatch = i.fingerprintMismatch
        fallback = i.fallback
        seconds = i.seconds
        comparison = i.result.map {
            ShardResult.Counts(width: $0.width, height: $0.height, different: $0.differentPixels,
                               antialiased: $0.antialiasedPixels, changed: $0.changedPixels,
                               masked: $0.maskedPixels, largestDelta: $0.largestDelta)
        }
        expected = i.artifacts?.expected
        actual = i.artifacts?.actual
        diff = i.artifacts?.diff
        panels = i.artifacts?.panels
        hasArtifacts = i.artifacts != nil
    }
}
