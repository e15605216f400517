import Foundation
import Output
import Testing
@testable import Regression

/// `merge-reports` refuses what is not exactly one run's shards, with one message naming the folders, and a
/// shard's result reads back as the items it was written from.
@Suite struct ShardMergeTests {
    static let plan = ["home 0000", "home 0015", "home 0029", "ios/tab 0000"]

    static func item(_ key: String, _ status: CheckItem.Status) -> CheckItem {
        let parts = key.split(separator: " ")
        var i = CheckItem(scene: String(parts[0]), scenePath: "scenes/\(parts[0]).json", frame: Int(parts[1])!, status: status,
                          message: status == .failed ? "12 different pixels" : "identical", result: nil,
                          referencePath: "refs/\(parts[0])/\(parts[1]).png", artifacts: nil, seconds: 0.25)
        if status == .failed {
            i.result = ComparisonOutcome(width: 39, height: 84, tally: Tally(different: 12, antialiased: 1, changed: 40, masked: 3, largest: 1234.5), diff: nil)
            i.artifacts = CheckItem.Artifacts(folder: "x", expected: "\(parts[0])/\(parts[1])-expected.png", actual: "\(parts[0])/\(parts[1])-actual.png")
            i.fallback = "compared with the tolerance for another renderer"
        }
        return i
    }

    /// Writes shard `index` of `count` (its part of the plan) into `<dir>/<name>`, `edit` applied to its JSON.
    static func shard(_ dir: URL, _ name: String, _ index: Int, of count: Int, edit: (String) -> String = { $0 }) throws -> String {
        let s = Shard(index: index, count: count)
        let items = s.slice(plan).map { item($0, $0 == "home 0015" ? .failed : .passed) }
        let folder = dir.appendingPathComponent(name).path
        try ShardResult(shard: s, plan: plan, settings: "threshold 0", acceptCommand: "forkrender check scenes --update changed",
                        items: items).write(to: folder)
        let file = (folder as NSString).appendingPathComponent(ShardResult.fileName)
        try edit(try String(contentsOfFile: file, encoding: .utf8)).write(toFile: file, atomically: true, encoding: .utf8)
        return folder
    }

    func refusal(_ folders: [String]) -> String {
        do {
            _ = try ShardMerge(folders: folders)
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test func refusesShardsThatAreNotOneRun() throws {
        let dir = Binary.folder("shard-merge")
        defer { try? FileManager.default.removeItem(at: dir) }
        let good = try (0..<3).map { try Self.shard(dir, "s\($0)", $0, of: 3) }
        #expect(try ShardMerge(folders: good.reversed()).results.map(\.shard) == [0, 1, 2])

        #expect(refusal([good[0], good[2]]) == "shard 1 of 3 is missing: a merged report must hold every frame of the run")
        let again = try Self.shard(dir, "again", 1, of: 3)
        #expect(refusal(good + [again]) == "shard 1/3 is given twice: '\(good[1])' and '\(again)'")
        let four = try Self.shard(dir, "four", 3, of: 4)
        #expect(refusal(good + [four]) == "the shards are not of one run: '\(good[0])' is shard 0/3 and '\(four)' is shard 3/4")
        let other = try Self.shard(dir, "other", 2, of: 3) { $0.replacingOccurrences(of: "forkrender: 0.1.0", with: "forkrender: 0.0.9") }
        #expect(refusal([good[0], good[1], other]).hasPrefix("'\(other)' was checked by another renderer than '\(good[0])' (forkrender 0.0.9 where the other has 0.1.0"))
        let plan = try Self.shard(dir, "plan", 2, of: 3) { $0.replacingOccurrences(of: "ios/tab 0000", with: "ios/tab 0001") }
        #expect(refusal([good[0], good[1], plan]).contains("are shards of different runs"))
        #expect(refusal([dir.path]).contains("holds no check-result.json"))
        try "{".write(to: dir.appendingPathComponent("s0/\(ShardResult.fileName)"), atomically: true, encoding: .utf8)
        #expect(refusal(good).contains("is not a check result"))
    }

    @Test func aResultReadsBackAsItsItems() throws {
        let dir = Binary.folder("shard-roundtrip")
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = try Self.shard(dir, "whole", 0, of: 1)
        let back = try ShardResult.read(folder: folder).checkItems(artifactsIn: "merged")
        let sent = Self.plan.map { Self.item($0, $0 == "home 0015" ? .failed : .passed) }
        #expect(back.map { ShardResult.Item($0) } == sent.map { ShardResult.Item($0) })
        let failed = try #require(back.first { $0.status == .failed })
        #expect(failed.result?.differentPixels == 12 && failed.result?.largestDelta == 1234.5 && failed.result?.maskedPixels == 3)
        #expect(failed.artifacts?.folder == "merged" && failed.artifacts?.expected == "home/0015-expected.png")
        #expect(JUnitReport.xml(back) == JUnitReport.xml(sent.map { var i = $0; i.artifacts?.folder = "merged"; return i }))
    }
}
