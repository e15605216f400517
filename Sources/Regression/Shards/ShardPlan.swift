import Output

/// How `check --shard i/n` splits a run: the run's (scene, frame) pairs, in the order an unsharded run checks
/// them (scenes as `CheckRunner.sceneFiles` lists them, each scene's frames ascending), cut into `n` contiguous
/// blocks whose sizes differ by at most one (`Shard.slice`); shard `i` checks block `i`.
///
/// The rule depends only on the arguments and the scenes (every shard decodes every scene before it renders,
/// so an invalid scene stops every shard alike), never on timing or on which machine runs first. Contiguous
/// blocks keep a scene's frames on one machine where they fit: its compositor and kept stores serve them all.
public enum ShardPlan {
    /// Every pair of the run, "scene frame", in check order.
    public static func keys(_ jobs: [CheckRunner.Job]) -> [String] {
        jobs.flatMap { job in job.frames.map { ShardResult.key(job.name, $0) } }
    }

    /// The jobs with only `shard`'s frames; scenes left with none are dropped.
    public static func slice(_ jobs: [CheckRunner.Job], shard: Shard) -> [CheckRunner.Job] {
        let pairs = jobs.indices.flatMap { j in jobs[j].frames.map { (job: j, frame: $0) } }
        var out: [CheckRunner.Job] = []
        for pair in shard.slice(pairs) {
            if out.last?.path == jobs[pair.job].path {
                out[out.count - 1].frames.append(pair.frame)
            } else {
                var job = jobs[pair.job]
                job.frames = [pair.frame]
                out.append(job)
            }
        }
        return out
    }
}
