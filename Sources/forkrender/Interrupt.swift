import Dispatch
import Foundation
import Raster

/// Turns Ctrl-C (SIGINT), SIGTERM and SIGHUP into a flag the render pipeline polls (its watcher within a tenth
/// of a second, whatever the render loop is doing), so that it can stop, remove temporary files and kill
/// ffmpeg before exiting, instead of dying with half-written output. A second signal exits at once, after the
/// registered cleanups (the same aborts: kill ffmpeg, remove temporary files).
final class Interrupt: @unchecked Sendable {
    static let shared = Interrupt()
    private let lock = NSLock()
    private var flag = false
    private var sources: [DispatchSourceSignal] = []
    private var cleanups: [@Sendable () -> Void] = []

    /// Runs `body` before a second signal's immediate exit.
    func onForcedExit(_ body: @escaping @Sendable () -> Void) { lock.withLock { cleanups.append(body) } }
    /// Raised with the flag: the workers poll it inside physics replays and render bands.
    let cancellation = Cancellation()

    var isSet: Bool { lock.withLock { flag } }

    func install() {
        // A closed pipe must surface as EPIPE from write(), not kill the process.
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { [weak self] in
                guard let self else { return }
                self.cancellation.cancel()
                let second = self.lock.withLock { () -> Bool in
                    defer { self.flag = true }
                    return self.flag
                }
                // A second Ctrl-C means "now": temporary files carry a hidden name, so nothing visible is half-written.
                if second {
                    for cleanup in self.lock.withLock({ self.cleanups }) { cleanup() }
                    exit(130)
                }
            }
            s.resume()
            sources.append(s)
        }
    }
}
