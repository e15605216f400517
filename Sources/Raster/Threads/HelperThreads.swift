import CPNG
import Foundation

/// The threads that help `Workers.forEach` callers: a fixed set, started when first needed and kept for the
/// process, each waiting for a job with pieces left and taking them one by one with the caller.
///
/// Why not `DispatchQueue.concurrentPerform`: it returns only when every iteration has returned, so a caller
/// that had taken the last piece still waited for the worker thread to run its iteration at all. A trace of the
/// showcase (120 frames, 2 cores, 1,656 joins) found the render thread blocked 78-155 ms a run after both
/// threads' pieces were done, three quarters of it in waits over a millisecond: the worker, woken on a core
/// where an encoder (nice 10) ran, was not scheduled for a slice of the encoder's, and the render's core sat
/// idle. Here a job is done when its pieces are: the caller runs pieces until none are left, then waits only for
/// the pieces other threads are running, and a helper that wakes late finds nothing left to do.
///
/// Progress never depends on a helper: the caller takes pieces itself, and waits only for pieces a running
/// thread has taken, so nested jobs (a piece that calls `forEach`) and callers on many threads at once cannot
/// deadlock. Memory: at most `limit` threads, each Foundation's default stack; idle ones wait on a condition.
/// A thread starts with its creator's nice value: the render thread starts them (the encoders, at nice 10,
/// work with `Workers.single` and never offer a job).
package final class HelperThreads: @unchecked Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "HelperThreads", place: "Raster/Threads, process-wide (`HelperThreads.shared`)",
        holds: "threads that take pieces of `Workers.forEach` jobs (no pixel or scene value)",
        key: "none: any idle thread takes any job's next piece",
        dropped: "never; idle threads wait on a condition",
        bound: "63 threads (`limit`), each with Foundation's default stack")

    static let shared = HelperThreads()

    /// The most helper threads that are ever started: `--threads` allows 1,024, and more helpers than cores
    /// only take turns on them (the bytes never depend on how many threads run the pieces).
    static let limit = 63

    private let condition = NSCondition()
    /// Jobs still offered to helpers, oldest first; a job leaves once its helpers are counted or its pieces
    /// are all taken.
    private var offered: [HelperJob] = []
    private var started = 0

    /// Offers `job` to `helpers` more threads, starting threads as needed (at most `limit` in all).
    func offer(_ job: HelperJob, helpers: Int) {
        let wanted = min(helpers, Self.limit)
        guard wanted > 0 else { return }
        condition.lock()
        job.seats = wanted
        offered.append(job)
        let missing = max(0, wanted - started)
        started += missing
        if wanted == 1 { condition.signal() } else { condition.broadcast() }
        condition.unlock()
        for _ in 0..<missing {
            let t = Thread { [self] in run() }
            t.name = "forkrender.worker"
            t.start()
        }
    }

    /// Withdraws `job` from the offers (its pieces are all taken): a helper that wakes later skips it.
    func withdraw(_ job: HelperJob) {
        condition.lock()
        offered.removeAll { $0 === job }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while offered.isEmpty { condition.wait() }
            let job = offered[0]
            job.seats -= 1
            if job.seats == 0 { offered.removeFirst() }
            condition.unlock()
            // A thread starts with its creator's vector state, and a library's AVX kernel may leave the upper
            // halves in use (ISA-L's do; cpng.c): every SSE instruction of the pieces' kernels would then be
            // several times slower. One vzeroupper as a helper joins a job, before its first piece.
            cpng_clear_upper()
            job.work()
        }
    }
}

/// One `forEach` call's pieces, shared by its caller and the helpers that join it.
final class HelperJob: @unchecked Sendable {
    /// Guards the counts and the body; signalled when the last piece is done.
    private let state = NSCondition()
    private var body: ((Int) -> Void)?
    private let pieces: Int
    private let cancellation: Cancellation
    private var next = 0
    private var done = 0
    /// Helpers still to be seated (HelperThreads, under its lock).
    var seats = 0

    init(pieces: Int, cancellation: Cancellation, body: @escaping (Int) -> Void) {
        self.pieces = pieces
        self.cancellation = cancellation
        self.body = body
    }

    /// The next piece, or nil when every piece is taken (or the work is cancelled: the remaining pieces are then
    /// counted as done without running).
    private func take() -> Int? {
        state.lock()
        defer { state.unlock() }
        guard next < pieces else { return nil }
        if cancellation.isCancelled {
            done += pieces - next
            next = pieces
            return nil
        }
        next += 1
        return next - 1
    }

    private func finish() {
        state.lock()
        done += 1
        if done == pieces { state.signal() }
        state.unlock()
    }

    /// Runs pieces until none are left.
    func work() {
        while let i = take() {
            invoke(i)
            finish()
        }
    }

    /// The body read and called here, so the reference the call holds is released before the piece counts as
    /// done: the caller drops the body once every piece is (`waitUntilDone`), and no helper may hold it then.
    /// Read without the lock: `body` changes only after the last `finish`, which `state` orders after this.
    @inline(never)
    private func invoke(_ i: Int) {
        body!(i)
    }

    /// Waits until every piece is done (after `work`, so every piece has been taken), spinning briefly first: the
    /// last pieces of a band job take tens of microseconds, less than a sleeping thread takes to be woken here
    /// (20-40 us on a two-core VM), and the caller's core has nothing else to run meanwhile. Then drops the
    /// body, so the caller's closure outlives no call.
    func waitUntilDone() {
        state.lock()
        var spins = 0
        while done < pieces && spins < 2000 {
            state.unlock()
            spins += 1
            state.lock()
        }
        while done < pieces { state.wait() }
        body = nil
        state.unlock()
    }
}
