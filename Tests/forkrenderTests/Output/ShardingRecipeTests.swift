import ChildProcess
import Foundation
import Testing

/// The README's GNU parallel recipe ("Splitting a long render"), run as written (plus `--scale` to keep it
/// small): eight shards through `parallel` give the same files, byte for byte, as one full run.
/// Needs Debian's `parallel` (scripts/setup.sh --dev installs it).
@Suite struct ShardingRecipeTests {
    @Test(.enabled(if: DevTool.find("parallel") != nil, Comment(rawValue: DevTool.missing("parallel", package: "GNU parallel"))))
    func parallelShardsEqualAFullRun() throws {
        let dir = CLI.temporaryFolder("parallel-recipe")
        defer { try? FileManager.default.removeItem(at: dir) }
        let parallel = DevTool.find("parallel")
        let scene = CLI.root.appendingPathComponent("scenes/liquid-merge.json").path
        let bin = CLI.binary.path
        let shards = Process()
        shards.executableURL = URL(fileURLWithPath: "/bin/sh")
        shards.currentDirectoryURL = dir
        // The README line, with the binary's path and a smaller scale.
        shards.arguments = ["-c", "'\(parallel!)' --will-cite '\(bin)' '\(scene)' -o frames --threads 1 -q --scale 0.5 --shard {}/8 ::: $(seq 0 7)"]
        try shards.run()
        shards.waitUntilExit()
        #expect(shards.terminationStatus == 0)
        let full = try CLI.run([scene, "-o", "full", "-q", "--scale", "0.5"], cwd: dir)
        #expect(full.status == 0, "\(full.stderr)")
        let names = CLI.files(in: dir.appendingPathComponent("full"))
        #expect(!names.isEmpty)
        #expect(CLI.files(in: dir.appendingPathComponent("frames")) == names)
        for n in names {
            let a = try Data(contentsOf: dir.appendingPathComponent("full/\(n)"))
            let b = try Data(contentsOf: dir.appendingPathComponent("frames/\(n)"))
            #expect(a == b, "\(n) differs between the sharded and the full run")
        }
    }
}
