import Foundation

/// A flag that a signal handler (or any thread) raises and long-running work polls, so that Ctrl-C stops a
/// render inside one long physics replay or one large frame instead of after it.
///
/// Work that sees it raised stops early and leaves its output incomplete: whoever cancelled must discard that
/// output (the render pipeline publishes nothing of an interrupted frame). Polled once per band of 16 rows
/// and once per batch of 64 physics steps: a lock round trip is about 20 ns, under 0.01% of either.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    public init() {}

    /// A token nobody raises: the default for work that cannot be interrupted.
    public static let never = Cancellation()

    public var isCancelled: Bool { lock.withLock { raised } }

    /// Raises the flag; it stays raised.
    public func cancel() { lock.withLock { raised = true } }
}
