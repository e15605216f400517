// Test hooks of the preview session (internal, reached through `@testable import Preview`).
import Foundation

extension PreviewSession {
    /// Compositors that started again from t = 0 because a request went back in time.
    var restarts: Int { compositors.store.access { $0.restarts } }

    /// The sets of switches whose compositors are kept, least recently used first, and how many compositors
    /// were made.
    var keptSwitches: (kept: [PreviewSettings], made: Int) { compositors.store.access { ($0.sets.keys, $0.sets.made) } }

    /// Waits until rendering ahead has nothing left to do (tests); false after `timeout` seconds.
    func waitForRenderAhead(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        ahead.condition.lock()
        defer { ahead.condition.unlock() }
        while ahead.job != nil || ahead.rendering != nil {
            if !ahead.condition.wait(until: deadline) { return false }
        }
        return true
    }
}
