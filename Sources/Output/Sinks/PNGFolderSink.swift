import Foundation
import Raster
import SceneFormat
import Compose

/// Writes `0000.png`, `0001.png`, ... into a folder (ffmpeg's image2 pattern `%04d.png`), each atomically.
public final class PNGFolderSink: FrameSink, @unchecked Sendable {
    public let folder: String
    let settings: EncodeSettings
    /// Digits in a name: at least 4, more when the scene has 10,000 frames or more, so names sort.
    let digits: Int
    /// The bands of the frames encoded last, shared by the encoders (`PNGBandCache`).
    public let bands = PNGBandCache()
    /// The 8-bit samples of the frames encoded last, so that a frame quantizes only the columns that changed
    /// (`PNGKeptSamples`): three, one for the frame the render loop quantizes while the two encoders deflate
    /// theirs (RenderPipeline; with fewer, the loop finds none free and hands the float frame over instead).
    public let kept = PNGKeptSamples(capacity: 3)
    private let lock = NSLock()
    /// Temporary files being written by the encoders right now.
    private var writing = Set<String>()

    public init(folder: String, settings: EncodeSettings, frameCount: Int) throws(OutputError) {
        self.folder = folder
        self.settings = settings
        self.digits = Self.digits(frameCount: frameCount)
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
        (folder as NSString).appendingPathComponent(Self.fileName(ofFrame: i, digits: digits))
    }

    /// Digits in the names of a render of `frameCount` frames.
    public static func digits(frameCount: Int) -> Int { max(4, String(max(0, frameCount - 1)).count) }

    /// `0012.png`: the frame number with leading zeros to `digits`.
    public static func fileName(ofFrame i: Int, digits: Int) -> String {
        let n = String(i)
        return String(repeating: "0", count: max(0, digits - n.count)) + n + ".png"
    }

    /// Encodes and writes the frame's file: frames are independent files, so the encoders write them at once.
    public func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
        try write(frame: index, settings.pngBytes(image, scratch: &scratch, bands: bands, kept: kept))
    }

    /// Quantizes into a kept frame when the settings can (8 bits, one fused filter, a kept frame free).
    public func prepare(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch, workers: Workers) throws(OutputError) -> PreparedFrame? {
        settings.quantize(image, scratch: &scratch, kept: kept, workers: workers).map(PreparedFrame.init)
    }

    public func encode(frame index: Int, prepared: PreparedFrame, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
        try write(frame: index, settings.pngBytes(prepared.quantized, scratch: &scratch, bands: bands))
    }

    private func write(frame index: Int, _ bytes: [UInt8]) throws(OutputError) -> EncodedFrame {
        let destination = path(ofFrame: index), temporary = AtomicFile.temporaryPath(for: destination)
        lock.withLock { _ = writing.insert(temporary) }
        defer { lock.withLock { _ = writing.remove(temporary) } }
        try AtomicFile.write(bytes, to: destination)
        return .written
    }

    public func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) {}

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
