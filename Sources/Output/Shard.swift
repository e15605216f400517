import Foundation

/// One part of a run split across machines: `--shard i/n` (0 <= i < n), or `--shard env`, read from the
/// variables a job controller sets. A render slices its frames and `check` its (scene, frame) pairs with
/// `slice`, so the parts of one run are fixed by the run's own list, never by timing or by which machine
/// starts first.
///
/// `env` reads, in this order, the first family present:
/// - `FORKRENDER_SHARD=i/n`, for any controller (a GitHub Actions matrix sets it from its own values);
/// - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (0-based, set by Kubernetes) and `JOB_COMPLETIONS`, which
///   Kubernetes does not export: the Job's pod template sets it to the Job's `completions`;
/// - GitLab's `parallel:`: `CI_NODE_INDEX` (1-based) and `CI_NODE_TOTAL`;
/// - Slurm job arrays: `SLURM_ARRAY_TASK_ID`, its position in `SLURM_ARRAY_TASK_MIN`, `..._STEP` (default 1)
///   and `SLURM_ARRAY_TASK_COUNT`, else `SLURM_ARRAY_TASK_MAX`: `--array=1-4` is shards 0/4 ... 3/4.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public init(index: Int, count: Int) {
        precondition(count >= 1 && index >= 0 && index < count)
        self.index = index
        self.count = count
    }

    /// The whole run as one shard.
    public static let whole = Shard(index: 0, count: 1)

    public var description: String { "\(index)/\(count)" }

    /// The variables `env` reads, in the order it tries them, for messages and documentation.
    public static let variables = ["FORKRENDER_SHARD", "JOB_COMPLETION_INDEX and JOB_COMPLETIONS",
                                   "CI_NODE_INDEX and CI_NODE_TOTAL", "SLURM_ARRAY_TASK_ID with SLURM_ARRAY_TASK_COUNT or _MIN/_MAX"]

    /// `i/n`, or `env` read from `environment`.
    public static func parse(_ text: String, environment: [String: String]) throws(SelectionError) -> Shard {
        guard text == "env" else { return try parseIndex(text) }
        guard let shard = try fromEnvironment(environment) else {
            throw SelectionError("'--shard env' found no shard in the environment; set one of: \(variables.joined(separator: "; "))")
        }
        return shard
    }

    /// Parses `i/n` with 0 <= i < n.
    public static func parseIndex(_ text: String) throws(SelectionError) -> Shard {
        let p = text.split(separator: "/", omittingEmptySubsequences: false)
        guard p.count == 2, let i = Int(p[0]), let n = Int(p[1]), n >= 1, i >= 0, i < n else {
            throw SelectionError("'\(text)' is not a shard; expected INDEX/COUNT with 0 <= INDEX < COUNT, such as 0/3, or 'env'")
        }
        return Shard(index: i, count: n)
    }

    /// The shard the first variable family present names, nil when none is.
    static func fromEnvironment(_ env: [String: String]) throws(SelectionError) -> Shard? {
        func int(_ name: String) throws(SelectionError) -> Int? {
            guard let raw = env[name] else { return nil }
            guard let v = Int(raw.trimmingCharacters(in: .whitespaces)) else {
                throw SelectionError("\(name)='\(raw)' is not a whole number")
            }
            return v
        }
        func make(_ i: Int, _ n: Int, _ names: String) throws(SelectionError) -> Shard {
            guard n >= 1, i >= 0, i < n else {
                throw SelectionError("\(names) give shard \(i) of \(n), not one of 0..<\(max(n, 1))")
            }
            return Shard(index: i, count: n)
        }
        if let s = env["FORKRENDER_SHARD"] {
            do { return try parseIndex(s) } catch { throw SelectionError("FORKRENDER_SHARD: \(error)") }
        }
        if let i = try int("JOB_COMPLETION_INDEX") {
            guard let n = try int("JOB_COMPLETIONS") else {
                throw SelectionError("JOB_COMPLETION_INDEX=\(i) is set but JOB_COMPLETIONS is not: Kubernetes does not export the Job's completions; set JOB_COMPLETIONS to it in the pod template's env")
            }
            return try make(i, n, "JOB_COMPLETION_INDEX=\(i) and JOB_COMPLETIONS=\(n)")
        }
        if let i = try int("CI_NODE_INDEX") {
            guard let n = try int("CI_NODE_TOTAL") else { throw SelectionError("CI_NODE_INDEX=\(i) is set but CI_NODE_TOTAL is not") }
            // GitLab counts its parallel jobs from 1.
            return try make(i - 1, n, "CI_NODE_INDEX=\(i) (1-based) and CI_NODE_TOTAL=\(n)")
        }
        if let id = try int("SLURM_ARRAY_TASK_ID") {
            return try slurm(id, min: try int("SLURM_ARRAY_TASK_MIN"), max: try int("SLURM_ARRAY_TASK_MAX"),
                             step: try int("SLURM_ARRAY_TASK_STEP"), count: try int("SLURM_ARRAY_TASK_COUNT"))
        }
        return nil
    }

    /// A Slurm array task's shard: its position among min, min + step, ... (`--array=1-4`, `--array=0-30:10`).
    static func slurm(_ id: Int, min: Int?, max: Int?, step: Int?, count: Int?) throws(SelectionError) -> Shard {
        let lo = min ?? 0, step = step ?? 1
        guard step >= 1, (id - lo) % step == 0 else {
            throw SelectionError("SLURM_ARRAY_TASK_ID=\(id) is not on the array's steps from SLURM_ARRAY_TASK_MIN=\(lo) by \(step)")
        }
        guard let n = count ?? max.map({ ($0 - lo) / step + 1 }) else {
            throw SelectionError("SLURM_ARRAY_TASK_ID=\(id) is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX is")
        }
        let i = (id - lo) / step
        guard n >= 1, i >= 0, i < n else {
            throw SelectionError("SLURM_ARRAY_TASK_ID=\(id) is task \(i) of \(n) (min \(lo), step \(step)); an array of a list of ids such as 1,3,7 cannot be split: use a range")
        }
        return Shard(index: i, count: n)
    }

    /// This shard's part of `items`: a contiguous run, sizes differing by at most one, in the items' order.
    /// Contiguous runs let each machine encode its frames as a video segment that concatenates in order, and
    /// keep a check's frames of one scene together (one compositor each).
    public func slice<T>(_ items: [T]) -> [T] {
        let lo = items.count * index / count, hi = items.count * (index + 1) / count
        return Array(items[lo..<hi])
    }
}
