#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CPNG
import Foundation

/// A fixed number of workers that split a job into bands, each band taken by whichever worker is free.
///
/// Determinism rule: a job is cut into `count` pieces that each write a disjoint part of the output, and the
/// result of a piece never depends on which worker ran it or when. So the bytes of a frame are the same for
/// any worker count, and `--threads 1` is the scalar reference of every parallel kernel.
///
/// Cancellation: every band and every piece first polls `cancellation`; once it is raised the remaining pieces
/// are skipped, so a frame in progress stops within one band and its (incomplete) output must be discarded.
public struct Workers: Sendable, Hashable {
    public let count: Int
    public let cancellation: Cancellation

    public init(_ count: Int, cancellation: Cancellation = .never) {
        precondition(count >= 1, "a worker pool needs at least one worker")
        self.count = count
        self.cancellation = cancellation
    }

    public static func == (a: Workers, b: Workers) -> Bool { a.count == b.count && a.cancellation === b.cancellation }
    public func hash(into h: inout Hasher) {
        h.combine(count)
        h.combine(ObjectIdentifier(cancellation))
    }

    /// Whether the work these workers run has been cancelled.
    public var isCancelled: Bool { cancellation.isCancelled }

    /// One worker per active core.
    public static var allCores: Workers { Workers(max(1, ProcessInfo.activeCores)) }
    public static let single = Workers(1)

    /// Runs `body(i)` for every i in 0..<pieces, spread over the workers: each worker takes the next piece when
    /// it is free, so uneven pieces (bands crossing a glass panel) and a worker that starts late, or shares its
    /// core with an encoder, balance. Handed out round-robin instead (worker w took w, w + count, ...), the
    /// showcase's pipeline kept 1.73 cores busy against 1.77-1.79 (two pairs, `bench --frames 120 --only
    /// pipeline --threads 2`, load 1.1-1.7); the bytes are the same either way (the determinism rule above).
    /// The caller is one of the `count` workers; the others are helper threads (HelperThreads), and the call
    /// returns as soon as every piece is done, not when every helper has come and gone.
    public func forEach(_ pieces: Int, _ body: (Int) -> Void) {
        guard pieces > 0 else { return }
        let n = min(count, pieces)
        if n == 1 {
            cpng_clear_upper()
            for i in 0..<pieces where !isCancelled { body(i) }
            return
        }
        // The caller takes pieces with up to n - 1 helper threads (HelperThreads says why not Dispatch's
        // concurrentPerform), and returns once every piece is done, whether or not a helper ever joined.
        withoutActuallyEscaping(body) { body in
            let job = HelperJob(pieces: pieces, cancellation: cancellation, body: body)
            HelperThreads.shared.offer(job, helpers: n - 1)
            // The vector registers' upper halves cleared before the first piece, as each helper clears its own
            // (HelperThreads.run says why).
            cpng_clear_upper()
            job.work()
            HelperThreads.shared.withdraw(job)
            job.waitUntilDone()
        }
    }

    /// Splits `0..<total` into bands of at most `bandSize` and runs `body(range)` for each.
    public func forEachBand(_ total: Int, bandSize: Int = 16, _ body: (Range<Int>) -> Void) {
        guard total > 0 else { return }
        let size = max(1, bandSize)
        let bands = (total + size - 1) / size
        forEach(bands) { b in
            let lo = b * size
            body(lo..<min(total, lo + size))
        }
    }
}

import Foundation

extension ProcessInfo {
    static var activeCores: Int { ProcessInfo.processInfo.activeProcessorCount }
}

/// A flag that a signal handler (or any thread) raises and long-running work polls, so that Ctrl-C stops a
/// render inside one long physics replay or one large frame instead of after it.
///
/// Work that sees it raised stops early and leaves its output incomplete: whoever cancelled must discard that
/// output (the render pipeline publishes nothing of an interrupted frame). Polled once per band of 16 rows
/// and once per batch of 64 physics steps: a lock round trip is about 20 ns, under 0.01% of either.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    public init() {}

    /// A token nobody raises: the default for work that cannot be interrupted.
    public static let never = Cancellation()

    public var isCancelled: Bool { lock.withLock { raised } }

    /// Raises the flag; it stays raised.
    public func cancel() { lock.withLock { raised = true } }
}

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
