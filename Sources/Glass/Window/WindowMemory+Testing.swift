// Test hooks of the lens window's memory (internal, reached through `@testable import Glass`).
import Foundation

extension WindowMemory {
    /// What is kept now (tests check the bounds).
    var keptBlocks: Int { lock.withLock { kept.count } }
    var keptBytes: Int { lock.withLock { bytes(kept) } }
}
