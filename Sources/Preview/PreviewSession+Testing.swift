// Test hooks of the preview session (internal, reached through `@testable import Preview`).
import Foundation

extension PreviewSession {
    /// Compositors that started again from t = 0 because a request went back in time.
    var restarts: Int { renderLock.withLock { restartCount } }

    /// Waits until rendering ahead has nothing left to do (tests); false after `timeout` seconds.
    func waitForRenderAhead(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        ahead.lock()
        defer { ahead.unlock() }
        while aheadJob != nil || aheadRendering != nil {
            if !ahead.wait(until: deadline) { return false }
        }
        return true
    }
}
