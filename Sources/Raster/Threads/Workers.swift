import CPNG

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
