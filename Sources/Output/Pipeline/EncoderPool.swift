import Dispatch
import Foundation
import SceneFormat
import Compose

/// A fixed set of encoder threads taking jobs from one queue, each with its own `EncodeScratch`, so that
/// encoding allocates nothing per frame and an encoder blocked on a pipe never holds a thread the render's
/// pieces need (they run on the render thread and `HelperThreads`).
///
/// Encoders run `niceness` steps nicer than the thread that starts them, so that the render, one frame at a
/// time and the pipeline's critical path, keeps both cores while encoders fill the gaps of its serial sections
/// and uneven bands with the frames waiting in flight (with equal priorities, the render's workers wait for
/// encoders and a core sits idle while the next frame could be drawn). Linux keeps nice values per
/// thread, and with autogroup scheduling (Debian's default) they only weigh threads of the same session
/// against each other: other programs do not starve the encoders. On other systems encoders keep the
/// render's priority.
final class EncoderPool: @unchecked Sendable {
    typealias Job = (inout EncodeScratch) -> Void
    /// Nice steps above the starting thread. CFS weights nice 0 at 1024 and nice 10 at 110, so an encoder
    /// sharing a core with a render worker gets about a tenth of it. Of 0, 10 and 19, 10 and 19 keep both cores
    /// equally busy, and 19 costs more CPU time.
    static let niceness: Int32 = 10
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var closing = false
    private var running: Int
    private var finishedTimes = EncodeTimes()
    private var busySeconds = 0.0
    private var idleSeconds = 0.0

    init(threads: Int, niceness: Int32 = EncoderPool.niceness) {
        running = threads
        for n in 0..<threads {
            let t = Thread { [self] in
                Self.lowerPriority(by: niceness)
                work()
            }
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

    /// Quantize and deflate seconds summed over the threads, the seconds they spent in jobs and the seconds
    /// they waited for one (after `finish`).
    var times: (times: EncodeTimes, busy: Double, idle: Double) {
        condition.withLock { (finishedTimes, busySeconds, idleSeconds) }
    }

    /// Raises the calling thread's nice value by `steps`. Linux only: elsewhere (macOS) the nice value belongs
    /// to the whole process, and raising it would slow the render too, so this does nothing there.
    static func lowerPriority(by steps: Int32) {
        #if os(Linux)
        guard steps > 0 else { return }
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return }
        _ = setpriority(which, 0, min(19, current + steps))
        #endif
    }

    private func work() {
        var scratch = EncodeScratch()
        var busy = 0.0, idle = 0.0
        while true {
            let t0 = DispatchTime.now()
            let job: Job? = condition.withLock {
                while jobs.isEmpty && !closing { condition.wait() }
                return jobs.isEmpty ? nil : jobs.removeFirst()
            }
            guard let job else { break }
            let t1 = DispatchTime.now()
            idle += t1.seconds(since: t0)
            job(&scratch)
            busy += t1.secondsSince
        }
        condition.withLock {
            finishedTimes.add(scratch.times)
            busySeconds += busy
            idleSeconds += idle
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
