import ChildProcess
import Foundation
import Testing

/// `check --shard i/n` run by GNU parallel in four processes at once and `merge-reports`: the same JUnit test
/// cases, outcomes and order, the same exit status and the same frames in the HTML report as one unsharded run.
///
/// Kept quick: every scene in scenes/ (201 frames: each scene's check frames) at scale 0.1, references recorded by the
/// test, then one deleted (missing) and one replaced by another frame's picture (failed), so the outcomes are
/// not all alike. Needs Debian's `parallel` (scripts/setup.sh --dev); reported skipped without it.
@Suite struct ShardedCheckTests {
    static let settings = ["--scale", "0.1", "--threads", "1", "-q"]

    @Test(.enabled(if: DevTool.find("parallel") != nil, Comment(rawValue: DevTool.missing("parallel", package: "GNU parallel"))))
    func fourParallelShardsMergeIntoTheUnshardedReport() throws {
        let dir = Binary.folder("sharded-check")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenes = Binary.root.appendingPathComponent("scenes").path
        let bin = Binary.url.path
        let record = try run(dir, [bin, "check", scenes, "--references", "refs", "--update", "all"] + Self.settings)
        #expect(record.status == 0, "\(record.err)")
        // One missing reference and one that shows another frame.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("refs/basic-grid/0015.png"))
        let other = dir.appendingPathComponent("refs/dots-tap-dark/0030.png")
        try FileManager.default.removeItem(at: other)
        try FileManager.default.copyItem(at: dir.appendingPathComponent("refs/dots-tap-dark/0000.png"), to: other)

        let check = [bin, "check", scenes, "--references", "refs", "--update", "none"] + Self.settings
        let whole = try run(dir, check + ["--report", "whole", "--junit", "whole/junit.xml"])
        #expect(whole.status == 1, "\(whole.err)")
        let words = (check + ["--shard", "{}/4", "--report", "shard-{}", "--junit", "shard-{}/junit.xml"]).map(quote).joined(separator: " ")
        let shards = try run(dir, ["/bin/sh", "-c", "'\(DevTool.find("parallel")!)' --will-cite -j 4 \(words) ::: 0 1 2 3"])
        // Shards with none of the changed frames pass; parallel exits with the number of failed jobs.
        #expect(shards.status >= 1 && shards.status <= 4, "\(shards.err)")
        let merged = try run(dir, [bin, "merge-reports", "shard-0", "shard-1", "shard-2", "shard-3", "-o", "merged", "-q"])
        #expect(merged.status == whole.status, "\(merged.err)")

        let a = try Self.testCases(dir.appendingPathComponent("whole/junit.xml"), folder: "whole")
        let b = try Self.testCases(dir.appendingPathComponent("merged/junit.xml"), folder: "merged")
        #expect(a.count > 150)
        #expect(a == b)
        #expect(a.contains { $0.contains("<failure type=\"missing\"") && $0.contains("basic-grid") })
        #expect(a.contains { $0.contains("<failure type=\"failed\"") && $0.contains("dots-tap-dark") })
        let rowsA = try Self.reportRows(dir.appendingPathComponent("whole/index.html"), folder: "whole")
        let rowsB = try Self.reportRows(dir.appendingPathComponent("merged/index.html"), folder: "merged")
        #expect(rowsA.filter { $0.hasPrefix("<tr class=") }.count == a.count)
        #expect(rowsA == rowsB)
        // The whole page, settings line and accept command included, once the folder's name is taken out.
        let pageA = try String(contentsOf: dir.appendingPathComponent("whole/index.html"), encoding: .utf8)
        let pageB = try String(contentsOf: dir.appendingPathComponent("merged/index.html"), encoding: .utf8)
        #expect(pageA == pageB.replacingOccurrences(of: "merged/", with: "whole/"))
        // The review images the merged page shows are there, with the bytes the unsharded run wrote.
        for rel in ["dots-tap-dark/0030-diff.png", "dots-tap-dark/0030-panels.png", "basic-grid/0015-actual.png"] {
            let x = try Data(contentsOf: dir.appendingPathComponent("whole/\(rel)"))
            #expect(try Data(contentsOf: dir.appendingPathComponent("merged/\(rel)")) == x, "\(rel)")
        }
    }

    /// The JUnit file's lines with the timings and the report folder's name taken out: what two runs of the
    /// same frames must share. Times differ between any two runs; the folder is each run's own `--report`.
    static func testCases(_ url: URL, folder: String) throws -> [String] {
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: #" time="[0-9.]+""#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "\(folder)/", with: "REPORT/")
        // One entry per test case, its failure or output included.
        return text.components(separatedBy: "<testcase ").dropFirst().map { "<testcase " + $0 }
    }

    /// The report's summary rows (scene, frame, status, count, details) and its sections' anchors.
    static func reportRows(_ url: URL, folder: String) throws -> [String] {
        let html = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\(folder)/", with: "REPORT/")
        return html.components(separatedBy: "\n").filter { $0.hasPrefix("<tr class=") || $0.hasPrefix("<section id=") }
    }

    func run(_ dir: URL, _ words: [String]) throws -> (status: Int32, out: String, err: String) {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        let r = try ChildProcess.run(URL(fileURLWithPath: words[0]), Array(words.dropFirst()), cwd: dir, environment: env)
        return (r.signalled ? -1 : r.status, r.out, r.err)
    }

    func quote(_ w: String) -> String {
        w.allSatisfy { $0.isLetter || $0.isNumber || "/._-{},".contains($0) } ? w : "'" + w.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
