#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time, which the benchmarks and the pipeline's report print beside wall time: on a machine shared with
/// other jobs, a binary's wall time moved by 50% between runs and its CPU time by a few percent
/// (docs/performance.md, Liquid Glass second pass).
public enum CPUClock {
    /// CPU seconds of every thread of the process so far (user + system).
    public static var process: Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }

    /// CPU seconds of the calling thread so far.
    public static var thread: Double { seconds(CLOCK_THREAD_CPUTIME_ID) }

    private static func seconds(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
