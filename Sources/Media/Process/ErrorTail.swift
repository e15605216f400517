#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The last `bytes` of a child's stderr (every child `ProcessGroup` starts has one), read from its pipe by a thread of their own until every process of the
/// child's group has closed it: bounded whatever the child prints, and never a file, which a process ending on
/// a signal would leave behind.
public final class ErrorTail: @unchecked Sendable {
    public static let bytes = 4096
    private let condition = NSCondition()
    private var tail: [UInt8] = []
    private var done = false

    /// Starts reading `fd`, which the thread closes at the pipe's end.
    init(reading fd: Int32) {
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: Self.bytes)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                condition.withLock {
                    tail.append(contentsOf: chunk[..<n])
                    if tail.count > Self.bytes { tail.removeFirst(tail.count - Self.bytes) }
                }
            }
            close(fd)
            condition.withLock {
                done = true
                condition.broadcast()
            }
        }
    }

    /// The tail as text, waiting at most `timeout` seconds for the pipe's end.
    public func text(waiting timeout: Double) -> String {
        condition.withLock {
            let deadline = Date().addingTimeInterval(timeout)
            while !done && condition.wait(until: deadline) {}
            return String(decoding: tail, as: UTF8.self)
        }
    }
}
