import Foundation
import Raster

/// Writes `0000.png`, `0001.png`, ... into a folder (ffmpeg's image2 pattern `%04d.png`), each atomically.
public final class PNGFolderSink: FrameSink, @unchecked Sendable {
    public let folder: String
    let settings: EncodeSettings
    /// Digits in a name: at least 4, more when the scene has 10,000 frames or more, so names sort.
    let digits: Int
    private let lock = NSLock()
    /// Temporary files being written by the encoders right now.
    private var writing = Set<String>()

    public init(folder: String, settings: EncodeSettings, frameCount: Int) throws(OutputError) {
        self.folder = folder
        self.settings = settings
        self.digits = max(4, String(max(0, frameCount - 1)).count)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDir) {
            guard isDir.boolValue else { throw OutputError("output '\(folder)' exists and is not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw OutputError("cannot create output folder '\(folder)': \(Self.reason(error))")
            }
        }
        guard access(folder, W_OK) == 0 else { throw OutputError("output folder '\(folder)' is not writable") }
    }

    public func path(ofFrame i: Int) -> String {
        let n = String(i)
        return (folder as NSString).appendingPathComponent(String(repeating: "0", count: max(0, digits - n.count)) + n + ".png")
    }

    /// Encodes and writes the frame's file: frames are independent files, so the encoders write them at once.
    public func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> [UInt8] {
        let bytes = try settings.pngBytes(image, scratch: &scratch)
        let destination = path(ofFrame: index), temporary = AtomicFile.temporaryPath(for: destination)
        lock.withLock { _ = writing.insert(temporary) }
        defer { lock.withLock { _ = writing.remove(temporary) } }
        try AtomicFile.write(bytes, to: destination)
        return []
    }

    public func deliver(frame index: Int, bytes: [UInt8]) throws(OutputError) {}

    public func finish() throws(OutputError) {}

    /// Finished frames stay (each is complete); the ones being written never reach their final names, and
    /// their temporary files are removed (an exit on a second Ctrl-C may come in the middle of a write).
    public func abort() {
        for temporary in lock.withLock({ writing }) { unlink(temporary) }
    }

    static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}

/// Streams PNG frames back to back on a file descriptor (stdout), for `ffmpeg -f image2pipe -c:v png -i -`.
public final class PNGStreamSink: FrameSink, @unchecked Sendable {
    let fd: Int32
    let settings: EncodeSettings

    public init(fileDescriptor fd: Int32 = 1, settings: EncodeSettings) {
        self.fd = fd
        self.settings = settings
    }

    public func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> [UInt8] {
        try settings.pngBytes(image, scratch: &scratch)
    }

    public func deliver(frame index: Int, bytes: [UInt8]) throws(OutputError) {
        try writeAll(fd, bytes, what: "standard output")
    }

    public func finish() throws(OutputError) {}
    public func abort() {}
}

/// Writes every byte to a descriptor, retrying short writes and EINTR. EPIPE (the reader went away) becomes an
/// error instead of a signal, because main ignores SIGPIPE.
func writeAll(_ fd: Int32, _ bytes: [UInt8], what: String) throws(OutputError) {
    var failure: Int32 = 0
    bytes.withUnsafeBytes { raw in
        var off = 0
        while off < raw.count {
            let n = write(fd, raw.baseAddress! + off, raw.count - off)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            off += n
        }
    }
    guard failure == 0 else {
        if failure == EPIPE { throw OutputError("\(what) was closed by the reader (broken pipe)") }
        throw OutputError("cannot write to \(what): \(String(cString: strerror(failure)))")
    }
}
