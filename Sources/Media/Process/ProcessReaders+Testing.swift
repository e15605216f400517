// Test hook of the readers' set: a pause between a child's spawn and its registration, where a Ctrl-C that
// kills the readers must still reach the child (`ProcessReaders.start` holds both as one step).
extension ProcessReaders {
    /// Readers of their own (not `shared`, which other tests' decoders are in) that run `afterSpawn` between a
    /// spawn and its registration.
    package convenience init(afterSpawn: @escaping @Sendable () -> Void) {
        self.init()
        self.afterSpawn = afterSpawn
    }
}
