import Foundation
import SceneFormat
import Compose

/// Writes every byte to a descriptor, retrying short writes and EINTR. EPIPE (the reader went away) becomes an
/// error instead of a signal, because main ignores SIGPIPE.
func writeAll(_ fd: Int32, _ bytes: [UInt8], what: String) throws(OutputError) {
    // withUnsafeBytes rethrows untyped errors: the typed one comes back as a Result.
    try bytes.withUnsafeBytes { raw in Result { () throws(OutputError) in try writeAll(fd, raw, what: what) } }.get()
}

/// `writeAll` of bytes the caller owns.
func writeAll(_ fd: Int32, _ raw: UnsafeRawBufferPointer, what: String) throws(OutputError) {
    var failure: Int32 = 0
    var off = 0
    while off < raw.count {
        let n = write(fd, raw.baseAddress! + off, raw.count - off)
        if n < 0 {
            if errno == EINTR { continue }
            failure = errno
            break
        }
        off += n
    }
    guard failure == 0 else {
        if failure == EPIPE { throw OutputError("\(what) was closed by the reader (broken pipe)") }
        throw OutputError("cannot write to \(what): \(String(cString: strerror(failure)))", retryable: OutputError.isMachine(errno: failure))
    }
}
