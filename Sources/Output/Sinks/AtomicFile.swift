import Foundation
import SceneFormat
import Compose

/// Writes files under a temporary name beside the destination and renames them into place, so a reader (or a
/// crash, or Ctrl-C) never sees a half-written file. The rename is atomic on one filesystem.
public enum AtomicFile {
    /// A hidden temporary path in the same folder as `path` (same filesystem, so rename is atomic).
    public static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let ext = url.pathExtension
        // Keep the extension last: ffmpeg picks the container from it.
        let tmp = ".\(name).tmp-\(ProcessInfo.processInfo.processIdentifier)" + (ext.isEmpty ? "" : ".\(ext)")
        return (dir as NSString).appendingPathComponent(tmp)
    }

    /// Temporary files being written now, so that an exit from the signal watcher (which does not wait for the
    /// writers) can remove them; after `abandonAll` no new one starts.
    private static let inFlight = InFlight()

    private final class InFlight: @unchecked Sendable {
        let lock = NSLock()
        var paths = Set<String>()
        var abandoned = false
    }

    /// Removes every temporary file being written and refuses new ones: for the exit on Ctrl-C, from any thread.
    public static func abandonAll() {
        let paths = inFlight.lock.withLock { () -> Set<String> in
            inFlight.abandoned = true
            return inFlight.paths
        }
        for p in paths { unlink(p) }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(OutputError) {
        let tmp = temporaryPath(for: path)
        let started = inFlight.lock.withLock { () -> Bool in
            guard !inFlight.abandoned else { return false }
            inFlight.paths.insert(tmp)
            return true
        }
        guard started else { throw OutputError("interrupted") }
        defer { inFlight.lock.withLock { _ = inFlight.paths.remove(tmp) } }
        let ok = bytes.withUnsafeBufferPointer { buf -> Bool in
            guard let f = fopen(tmp, "wb") else { return false }
            let n = buf.isEmpty ? 0 : fwrite(buf.baseAddress, 1, buf.count, f)
            let closed = fclose(f) == 0
            return n == buf.count && closed
        }
        guard ok else {
            let code = errno, why = String(cString: strerror(code))
            unlink(tmp)
            throw OutputError("cannot write '\(path)': \(why)", retryable: OutputError.isMachine(errno: code))
        }
        try commit(tmp, to: path)
    }

    public static func commit(_ tmp: String, to path: String) throws(OutputError) {
        guard rename(tmp, path) == 0 else {
            let code = errno, why = String(cString: strerror(code))
            unlink(tmp)
            throw OutputError("cannot move the finished file into place at '\(path)': \(why)", retryable: OutputError.isMachine(errno: code))
        }
    }
}
