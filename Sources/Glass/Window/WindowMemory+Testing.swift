// Test hooks of the lens window's memory (internal, reached through `@testable import Glass`).
import Foundation

extension WindowMemory {
    /// What is kept now (tests check the bounds).
    var keptBlocks: Int { store.access { $0.kept.count } }
    var keptBytes: Int { store.access { bytes($0.kept) } }
}
