import Dispatch
import Foundation

/// A fixed set of encoder threads taking jobs from one queue, each with its own `EncodeScratch`, so that
/// encoding allocates nothing per frame and an encoder blocked on a pipe never starves Dispatch's pool, which
/// the render workers use.
final class EncoderPool: @unchecked Sendable {
    typealias Job = (inout EncodeScratch) -> Void
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var closing = false
    private var running: Int
    private var finishedTimes = EncodeTimes()
    private var busySeconds = 0.0

    init(threads: Int) {
        running = threads
        for n in 0..<threads {
            let t = Thread { [self] in work() }
            t.name = "forkrender.encode.\(n)"
            t.start()
        }
    }

    func submit(_ job: @escaping Job) {
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Waits until every submitted job has run and the threads have exited.
    func finish() {
        condition.withLock {
            closing = true
            condition.broadcast()
            while running > 0 { condition.wait() }
        }
    }

    /// Quantize and deflate seconds summed over the threads, and the seconds they spent in jobs (after `finish`).
    var times: (times: EncodeTimes, busy: Double) { condition.withLock { (finishedTimes, busySeconds) } }

    private func work() {
        var scratch = EncodeScratch()
        var busy = 0.0
        while true {
            let job: Job? = condition.withLock {
                while jobs.isEmpty && !closing { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let job else { break }
            let t0 = DispatchTime.now()
            job(&scratch)
            busy += Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e9
        }
        condition.withLock {
            finishedTimes.add(scratch.times)
            busySeconds += busy
            running -= 1
            condition.broadcast()
        }
    }
}

/// Calls `tick` every `interval` seconds on its own thread until stopped.
final class Watcher: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false

    init(every interval: Double, _ tick: @escaping @Sendable () -> Void) {
        let t = Thread { [self] in
            condition.lock()
            while !stopped {
                condition.unlock()
                tick()
                condition.lock()
                if !stopped { _ = condition.wait(until: Date(timeIntervalSinceNow: interval)) }
            }
            condition.unlock()
        }
        t.start()
    }

    func stop() { condition.withLock { stopped = true; condition.signal() } }
}
