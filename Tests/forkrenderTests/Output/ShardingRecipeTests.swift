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

    /// A render's `--shard env` takes the job controller's variables: GitLab's third of three nodes renders the
    /// last third of the frames, Kubernetes' index 0 of 2 the first half; none set is a usage error naming them.
    @Test func rendersTakeTheShardFromTheEnvironment() throws {
        let dir = CLI.temporaryFolder("shard-env")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = CLI.root.appendingPathComponent("scenes/basic-grid.json").path
        func render(_ out: String, _ vars: [String: String]) throws -> ChildProcess.Outcome {
            var env = ProcessInfo.processInfo.environment
            for k in env.keys where k.hasPrefix("SLURM_") || k.hasPrefix("CI_NODE") || k.hasPrefix("JOB_COMPLETION") || k == "FORKRENDER_SHARD" {
                env[k] = nil
            }
            env.merge(vars) { $1 }
            return try ChildProcess.run(CLI.binary, [scene, "-o", out, "-q", "--scale", "0.1", "--frames", "0..5", "--shard", "env"],
                                        cwd: dir, environment: env)
        }
        #expect(try render("gitlab", ["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]).status == 0)
        #expect(CLI.files(in: dir.appendingPathComponent("gitlab")) == ["0004.png", "0005.png"])
        #expect(try render("k8s", ["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "2"]).status == 0)
        #expect(CLI.files(in: dir.appendingPathComponent("k8s")) == ["0000.png", "0001.png", "0002.png"])
        let none = try render("none", [:])
        #expect(none.status == 2)
        #expect(none.err.contains("'--shard env' found no shard in the environment; set one of: FORKRENDER_SHARD; JOB_COMPLETION_INDEX and JOB_COMPLETIONS"))
    }

    /// What a job controller reads from the exit status: 2 for what fails again on any retry (a scene that never
    /// renders, an output path that cannot be), 3 for output the machine failed to write (a full disk:
    /// /dev/full answers every write with ENOSPC).
    @Test func neverRendersIsTwoAndAFullDiskIsThree() throws {
        let dir = CLI.temporaryFolder("exit-statuses")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = CLI.root.appendingPathComponent("scenes/basic-grid.json").path
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let disk = try CLI.run([scene, "-o", "-", "-q", "--scale", "0.1", "--frames", "0"], stdoutTo: full)
        #expect(disk.status == 3, "\(disk.stderr)")
        #expect(disk.stderr.contains("No space left on device"), "\(disk.stderr)")
        let invalid = CLI.root.appendingPathComponent("scenes/invalid").path
        let bad = try #require(CLI.files(in: URL(fileURLWithPath: invalid)).first { $0.hasSuffix(".json") })
        #expect(try CLI.run([invalid + "/" + bad, "-o", "out", "-q"], cwd: dir).status == 2)
        try Data().write(to: dir.appendingPathComponent("file"))
        #expect(try CLI.run([scene, "-o", "file/frames", "-q", "--scale", "0.1"], cwd: dir).status == 2)
    }
}
