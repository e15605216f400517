import Foundation
import Output

/// `forkrender merge-reports`: the shards of one check run made into the report an unsharded run writes.
///
/// The merge refuses, with one message naming the folders, anything that is not exactly one run: shards that
/// disagree on the count, a missing or doubled index, another renderer fingerprint (frames of two renderers
/// are not one verdict), or another plan or settings (other scenes, frames or options). What it accepts it
/// concatenates in shard order, which is the unsharded run's order (`ShardResult`), and copies each shard's
/// review images into the merged folder under the same relative paths (a frame belongs to one shard only, so
/// no two shards write one path).
public struct ShardMerge {
    public var results: [ShardResult]
    /// The folder each result came from, by position in `results`.
    public var folders: [String]

    /// Reads and validates the shards in `folders`.
    public init(folders: [String]) throws(CheckError) {
        guard !folders.isEmpty else { throw CheckError("no shard folders given") }
        var read: [(String, ShardResult)] = []
        for f in folders { read.append((f, try ShardResult.read(folder: f))) }
        try Self.validate(read)
        read.sort { $0.1.shard < $1.1.shard }
        results = read.map(\.1)
        self.folders = read.map(\.0)
    }

    static func validate(_ shards: [(folder: String, result: ShardResult)]) throws(CheckError) {
        let first = shards[0]
        for s in shards.dropFirst() where s.result.shards != first.result.shards {
            throw CheckError("the shards are not of one run: '\(first.folder)' is shard \(first.result.shard)/\(first.result.shards) and '\(s.folder)' is shard \(s.result.shard)/\(s.result.shards)")
        }
        var byIndex: [Int: String] = [:]
        for s in shards {
            if let other = byIndex[s.result.shard] {
                throw CheckError("shard \(s.result.shard)/\(s.result.shards) is given twice: '\(other)' and '\(s.folder)'")
            }
            byIndex[s.result.shard] = s.folder
        }
        let missing = (0..<first.result.shards).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            throw CheckError("shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(first.result.shards) \(missing.count == 1 ? "is" : "are") missing: a merged report must hold every frame of the run")
        }
        for s in shards.dropFirst() {
            if s.result.fingerprint != first.result.fingerprint {
                let why = RendererFingerprint(text: s.result.fingerprint).differences(from: RendererFingerprint(text: first.result.fingerprint))
                    .map { $0.replacingOccurrences(of: ", this machine ", with: " where the other has ") }
                throw CheckError("'\(s.folder)' was checked by another renderer than '\(first.folder)' (\(why.joined(separator: "; "))): run every shard on one image")
            }
            if s.result.plan != first.result.plan || s.result.settings != first.result.settings
                || s.result.acceptCommand != first.result.acceptCommand {
                throw CheckError("'\(s.folder)' and '\(first.folder)' are shards of different runs (other scenes, frames or options): run every shard with the same arguments")
            }
        }
    }

    /// The merged test cases in the unsharded run's order, their review images in `folder`.
    public func items(artifactsIn folder: String) throws(CheckError) -> [CheckItem] {
        var out: [CheckItem] = []
        for r in results { out += try r.checkItems(artifactsIn: folder) }
        let keys = out.map { ShardResult.key($0.scene, $0.frame) }
        guard keys == results[0].plan else {
            throw CheckError("the shards' frames are not the run's plan (\(keys.count) frames for a plan of \(results[0].plan.count)): a shard was cut short")
        }
        return out
    }

    /// Writes the merged run into `folder`: its review images, `index.html`, `check-result.json` (one shard of
    /// one: mergeable again) and the JUnit file at `junit`. Returns the merged items.
    public func write(to folder: String, junit: String) throws(CheckError) -> [CheckItem] {
        let standard = (folder as NSString).standardizingPath
        if let same = folders.first(where: { ($0 as NSString).standardizingPath == standard }) {
            throw CheckError("the merged report cannot go into the shard folder '\(same)': it would replace that shard's files; give -o another folder")
        }
        let items = try items(artifactsIn: folder)
        ReviewReport.removePreviousRun(in: folder)
        for (r, from) in zip(results, folders) {
            for i in r.items {
                for rel in [i.expected, i.actual, i.diff, i.panels].compactMap({ $0 }) {
                    try copy((from as NSString).appendingPathComponent(rel), to: (folder as NSString).appendingPathComponent(rel))
                }
            }
        }
        let first = results[0]
        try ReviewReport(settings: first.settings, acceptCommand: first.acceptCommand).write(items, to: folder)
        try ReviewManifest(items).write(to: folder)
        try ShardResult(shard: .whole, plan: first.plan, settings: first.settings, acceptCommand: first.acceptCommand,
                        items: items, fingerprint: first.fingerprint).write(to: folder)
        do {
            try AtomicFile.write(Array(JUnitReport.xml(items).utf8), to: junit)
        } catch {
            throw CheckError("cannot write the JUnit file '\(junit)': \(error)")
        }
        return items
    }

    private func copy(_ source: String, to target: String) throws(CheckError) {
        guard source != target else { return }
        do {
            guard let data = FileManager.default.contents(atPath: source) else {
                throw CheckError("the review image '\(source)' its shard's result names is missing")
            }
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try AtomicFile.write(Array(data), to: target)
        } catch let e as CheckError {
            throw e
        } catch {
            throw CheckError("cannot copy '\(source)' to '\(target)': \(error)")
        }
    }
}
