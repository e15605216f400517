// Test hooks of the preview session (internal, reached through `@testable import Preview`).
import Foundation

extension PreviewSession {
    /// Compositors that started again from t = 0 because a request went back in time.
    var restarts: Int { renderLock.withLock { restartCount } }
}
