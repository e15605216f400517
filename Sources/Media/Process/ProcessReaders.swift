#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process groups started to be read from (ffprobe, a backdrop video's ffmpeg) that may still run: an exit
/// on a signal kills them all (`killAll`), so that no decoder or probe outlives forkrender.
///
/// A spawn and its registration are one step, under the set's lock (`start`): `killAll`, which takes the same
/// lock, either runs before the spawn, and then no reader starts any more (`start` throws "interrupted"), or
/// after the child is in the set, and then kills it: a Ctrl-C never leaves a reader running. The lock is held for the spawn alone (posix_spawn, a millisecond).
public final class ProcessReaders: @unchecked Sendable {
    /// The readers every `ProcessGroup(reading:)` joins unless given others (tests).
    public static let shared = ProcessReaders()

    private let lock = NSLock()
    private var pids: Set<pid_t> = []
    private var closed = false
    /// Run inside the step, between the spawn and the registration: a test hook
    /// (`ProcessReaders+Testing.swift`), nil in use.
    var afterSpawn: (@Sendable () -> Void)?

    public init() {}

    /// Runs `spawn` and registers the pid it reports (`pid(result)`) as one step; throws "interrupted" once
    /// `killAll` has run.
    func start<T>(_ spawn: () throws(ProcessError) -> T, pid: (T) -> pid_t) throws(ProcessError) -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw ProcessError("interrupted: no program is started after the readers were killed") }
        let started = try spawn()
        afterSpawn?()
        pids.insert(pid(started))
        return started
    }

    /// Forgets a reader that has ended (reaped).
    func remove(_ pid: pid_t) { _ = lock.withLock { pids.remove(pid) } }

    /// Kills every reader's group with SIGKILL (it does not wait) and starts no more.
    public func killAll() {
        lock.withLock {
            closed = true
            for pid in pids { _ = systemKill(-pid, SIGKILL) }
        }
    }
}
