// Test hooks of LensTables (internal, reached through `@testable import Glass`).

extension LensTables {
    /// Number of lenses kept.
    var count: Int { store.access { $0.entries.count } }
}
