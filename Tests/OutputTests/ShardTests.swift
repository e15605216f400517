import Output
import Testing

/// `Shard`: `i/n` slices that partition any list in order, and `--shard env` read from each job controller's
/// variables (Kubernetes Indexed Jobs, GitLab `parallel:`, Slurm arrays, FORKRENDER_SHARD).
@Suite struct ShardTests {
    @Test func slicesPartitionAnyListInOrder() throws {
        for count in [0, 1, 5, 31, 165] {
            for n in 1...9 {
                let items = Array(0..<count)
                var joined: [Int] = []
                var sizes: [Int] = []
                for i in 0..<n {
                    let part = Shard(index: i, count: n).slice(items)
                    joined += part
                    sizes.append(part.count)
                }
                #expect(joined == items, "\(count) items in \(n) shards")
                #expect(sizes.max()! - sizes.min()! <= 1)
            }
        }
        #expect(try Shard.parseIndex("2/3") == Shard(index: 2, count: 3))
        for bad in ["3/3", "-1/3", "1/0", "1", "a/b", "1/2/3", ""] {
            #expect(throws: SelectionError.self) { try Shard.parseIndex(bad) }
        }
    }

    static func env(_ e: [String: String]) throws -> Shard { try Shard.parse("env", environment: e) }

    @Test func kubernetesIndexedJobsWithTheirCompletions() throws {
        #expect(try Self.env(["JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "4"]) == Shard(index: 0, count: 4))
        #expect(try Self.env(["JOB_COMPLETION_INDEX": "3", "JOB_COMPLETIONS": "4"]) == Shard(index: 3, count: 4))
        // Kubernetes sets the index only: the message says what to add.
        #expect { try Self.env(["JOB_COMPLETION_INDEX": "1"]) } throws: { "\($0)".contains("set JOB_COMPLETIONS") }
        #expect(throws: SelectionError.self) { try Self.env(["JOB_COMPLETION_INDEX": "4", "JOB_COMPLETIONS": "4"]) }
        #expect(throws: SelectionError.self) { try Self.env(["JOB_COMPLETION_INDEX": "x", "JOB_COMPLETIONS": "4"]) }
    }

    @Test func gitLabCountsFromOne() throws {
        #expect(try Self.env(["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "3"]) == Shard(index: 0, count: 3))
        #expect(try Self.env(["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]) == Shard(index: 2, count: 3))
        #expect(throws: SelectionError.self) { try Self.env(["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "3"]) }
        #expect(throws: SelectionError.self) { try Self.env(["CI_NODE_INDEX": "2"]) }
    }

    @Test func slurmArraysByCountOrBounds() throws {
        // --array=1-4: ids 1...4, Slurm exports MIN, MAX, COUNT and STEP.
        let array = ["SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "1"]
        for id in 1...4 {
            #expect(try Self.env(array.merging(["SLURM_ARRAY_TASK_ID": "\(id)"]) { $1 }) == Shard(index: id - 1, count: 4))
        }
        // --array=0-30:10 without COUNT: ids 0, 10, 20, 30.
        #expect(try Self.env(["SLURM_ARRAY_TASK_ID": "20", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "30",
                              "SLURM_ARRAY_TASK_STEP": "10"]) == Shard(index: 2, count: 4))
        #expect(try Self.env(["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "3"]) == Shard(index: 2, count: 3))
        #expect(throws: SelectionError.self) { try Self.env(["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"]) }
        #expect(throws: SelectionError.self) { try Self.env(["SLURM_ARRAY_TASK_ID": "2"]) }
        // A list such as --array=1,3,7 has COUNT 3 and ids past it: refused, not mis-split.
        #expect(throws: SelectionError.self) { try Self.env(["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"]) }
    }

    @Test func explicitVariableFirstThenTheDocumentedOrder() throws {
        #expect(try Self.env(["FORKRENDER_SHARD": "1/2", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "5"]) == Shard(index: 1, count: 2))
        #expect(try Self.env(["JOB_COMPLETION_INDEX": "1", "JOB_COMPLETIONS": "2", "CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "5"])
                == Shard(index: 1, count: 2))
        #expect(try Self.env(["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "5", "SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "9"])
                == Shard(index: 1, count: 5))
        #expect(throws: SelectionError.self) { try Self.env(["FORKRENDER_SHARD": "2/2"]) }
        #expect { try Self.env(["CI": "true"]) } throws: { "\($0)".contains("found no shard in the environment") }
        #expect(try Shard.parse("1/4", environment: ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "2"]) == Shard(index: 1, count: 4))
    }
}
