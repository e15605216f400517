// Test hooks of LensTables (internal, reached through `@testable import Glass`).
import Foundation

extension LensTables {
    /// Number of lenses kept.
    var count: Int { lock.withLock { kept.count } }
}
