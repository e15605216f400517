#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Media

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP into a flag the render pipeline polls (its watcher within a tenth
/// of a second, whatever the render loop is doing), so that it can stop, remove temporary files and kill
/// ffmpeg before exiting, instead of dying with half-written output.
///
/// The flag alone cannot stop a thread inside a C library: librsvg, cairo, FreeType, HarfBuzz, fontconfig and
/// libpng poll nothing (one icon ran six minutes in librsvg after SIGTERM). So the watcher does not wait for
/// the worker: if the process has not ended `grace` seconds after the first signal, it runs the registered
/// cleanups itself (kill ffmpeg's process group, remove the sinks' temporary files and every temporary file
/// `AtomicFile` is writing), prints "interrupted" and `_exit(130)`s. A second signal does the same at once.
/// Every output is written under a hidden temporary name and renamed into place when complete, so exiting
/// from here publishes nothing half-written.
final class Interrupt: @unchecked Sendable {
    static let shared = Interrupt()
    /// How long the first signal waits for a clean unwind (which prints the command's own message): the
    /// pipeline's watcher polls every 50 ms and a clean stop measured about 0.1 s (VideoFaultTests), so 0.5 s
    /// leaves room on a loaded machine and keeps the exit within a second.
    static let grace = 0.5
    /// How long the forced exit lets the cleanups run before exiting anyway (a cleanup waits for ffmpeg to be
    /// reaped after SIGKILL, a few milliseconds).
    static let cleanupTime = 0.3

    private let lock = NSLock()
    private var flag = false
    private var installed = false
    private var exiting = false
    private var sources: [DispatchSourceSignal] = []
    private var cleanups: [@Sendable () -> Void] = []

    /// Runs `body` before an exit from the watcher (the same aborts the pipeline makes: kill ffmpeg, remove
    /// temporary files). It may run while other threads still work on what it cleans up, and must not wait on
    /// them.
    func onForcedExit(_ body: @escaping @Sendable () -> Void) { lock.withLock { cleanups.append(body) } }
    /// Raised with the flag: the workers poll it inside physics replays and render bands.
    let cancellation = Cancellation()

    var isSet: Bool { lock.withLock { flag } }

    /// Signalled once per signal: a command with nothing to poll (the preview server) waits on it.
    private let arrived = DispatchSemaphore(value: 0)

    /// Blocks until the first signal arrives.
    func wait() { arrived.wait() }

    /// Idempotent; commands install it before they read their input, so that a signal during decoding (which
    /// parses icons in librsvg and loads fonts) ends the process the same way.
    func install() {
        let first = lock.withLock { () -> Bool in
            defer { installed = true }
            return !installed
        }
        guard first else { return }
        // A closed pipe must surface as EPIPE from write(), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { [weak self] in self?.received() }
            s.resume()
            sources.append(s)
        }
    }

    private func received() {
        cancellation.cancel()
        let second = lock.withLock { () -> Bool in
            defer { flag = true }
            return flag
        }
        if second { forceExit() }
        arrived.signal()
        // Its own thread: the dispatch queue that delivered the signal must stay free for a second one.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Self.grace)
            self.forceExit()
        }
    }

    /// Runs the cleanups (at most `cleanupTime` seconds) and ends the process with 130; a second caller parks
    /// until the first has exited.
    func forceExit() {
        let first = lock.withLock { () -> Bool in
            defer { exiting = true }
            return !exiting
        }
        guard first else {
            while true { Thread.sleep(forTimeInterval: 60) }
        }
        let jobs = lock.withLock { cleanups }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // First, so that no encoder starts a new temporary file after its sink was cleaned up.
            AtomicFile.abandonAll()
            // The decoders of backdrop videos: their groups never see the terminal's Ctrl-C.
            ProcessGroup.killReaders()
            for job in jobs { job() }
            done.signal()
        }
        _ = done.wait(timeout: .now() + Self.cleanupTime)
        let message = "error: interrupted\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(ExitCode.interrupted)
    }
}
