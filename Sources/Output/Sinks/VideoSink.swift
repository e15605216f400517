import Foundation
import Media
import Raster
import SceneFormat
import Compose

/// Encodes a video through ffmpeg (Media's `VideoEncoder`: the container, the codec, the process and the colour
/// tags): this sink converts the frames on the encoder threads (yuv420p in the encoder's encoding,
/// `Framebuffer.yuv420p`, or RGBA, as the encoder asks),
/// hands them over in frame order, and renames the temporary file into place only when the video is complete:
/// ffmpeg exited 0, said nothing at `-loglevel error`, and ffprobe reads every frame back
/// (`VideoEncoder.verify`). `abort` kills ffmpeg's whole group, a `deliver` waiting on the pipe returns within
/// 50 ms of it, and the temporary file is removed.
public final class VideoSink: FrameSink, @unchecked Sendable {
    public static let extensions = VideoEncoder.extensions

    let path: String
    let temporary: String
    let encoder: VideoEncoder
    let dither: Bool
    /// What the pipe carries: "yuv420p" or "rgba" (`VideoEncoder.inputFormat`).
    var pixelFormat: String { encoder.pixelFormat }
    private let lock = NSLock()
    private var delivered = 0
    /// The raw frames already written, which `encode` fills again, so that the sink allocates only as many as
    /// were ever between encode and delivery at once (at most the pipeline's delivery window, three on two
    /// cores). They are references, not arrays: a frame the pipeline still holds is never copied on write.
    private var spare: [RawFrame] = []
    private var aborted = false
    private var samplesConverted = 0, samplesTotal = 0
    private let abortLock = NSLock()

    /// `alpha`: the frames carry alpha (a transparent canvas), kept as the video's alpha plane; refused for a
    /// format that has none.
    public init(path: String, width: Int, height: Int, fps: Double, dither: Bool, alpha: Bool = false) throws(OutputError) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard Self.extensions.contains(ext) else {
            throw OutputError("cannot tell the video format of '\(path)': use one of .\(Self.extensions.joined(separator: ", ."))")
        }
        if alpha, let why = VideoEncoder.alphaRefusal(format: ext) {
            throw OutputError("cannot write '\(path)' with the canvas's transparent background: \(why)")
        }
        guard let ffmpeg = VideoEncoder.findFFmpeg() else {
            throw OutputError("ffmpeg was not found on PATH; --video needs it. Install it with 'apt-get install ffmpeg' (Debian/Ubuntu) or 'brew install ffmpeg' (macOS)")
        }
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard access(dir.isEmpty ? "." : dir, W_OK) == 0 else {
            throw OutputError("cannot write video '\(path)': folder '\(dir)' does not exist or is not writable")
        }
        self.path = path
        self.temporary = AtomicFile.temporaryPath(for: path)
        self.dither = dither
        do {
            encoder = try VideoEncoder(ffmpeg: ffmpeg, output: temporary, format: ext, width: width, height: height, fps: fps,
                                       alpha: alpha)
        } catch {
            throw OutputError("cannot start ffmpeg at \(ffmpeg): \(error.message)", retryable: true)
        }
    }

    /// The raw frame, quantized (and converted to yuv420p) by the encoder threads while earlier frames are in
    /// the pipe, into a `RawFrame` an earlier frame has left behind (`spare`), returned for `deliver`. That
    /// buffer still holds the earlier frame's planes: the pixels the compositor vouches for (`scratch.changes`:
    /// outside the columns that may have changed between the two frames) keep their bytes, which are this
    /// frame's too, so the stream does not depend on which buffer a frame gets.
    public func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
        let yuv = pixelFormat == "yuv420p"
        let count = yuv ? YUV420.byteCount(width: image.width, height: image.height) : image.pixelCount * 4
        let reused = lock.withLock { spare.popLast() }
        let raw = reused.flatMap { $0.bytes.count == count ? $0 : nil } ?? RawFrame(count: count)
        if yuv {
            // Unknown (nil: no earlier frame in the buffer, or one the history cannot compare) converts everything;
            // the history's bands say no more than its columns (they are made from them).
            let changed = raw.frame.flatMap { previous in scratch.changes?.changedColumns(previous) }
            let converted = image.yuv420p(encoder.encoding, dither: dither, into: raw.bytes, changed: changed)
            lock.withLock { samplesConverted += converted; samplesTotal += image.pixelCount }
        } else {
            image.rgba8(dither: dither, into: raw.bytes)
        }
        raw.frame = index
        return EncodedFrame(raw: raw)
    }

    /// Of the Y samples of the frames encoded so far, how many were converted to yuv420p (the others kept an
    /// earlier frame's bytes), and how many there were.
    public var conversionCounts: (converted: Int, samples: Int) { lock.withLock { (samplesConverted, samplesTotal) } }

    /// Writes the raw frame `encode` made into the pipe, then keeps its memory for a later frame.
    public func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) {
        guard case .raw(let raw) = encoded.payload else {
            throw OutputError("internal error: frame \(index) reached the video sink without its raw frame")
        }
        do {
            try encoder.write(UnsafeRawBufferPointer(raw.bytes)) { lock.withLock { aborted } }
            lock.withLock {
                delivered += 1
                spare.append(raw)
            }
        } catch {
            if lock.withLock({ aborted }) { throw OutputError("interrupted") }
            throw OutputError("ffmpeg stopped reading frames: \(encoder.log())", retryable: true)
        }
    }

    public func finish() throws(OutputError) {
        let (status, quiet) = encoder.finish()
        // An abort while ffmpeg finished (Ctrl-C): the group was killed and the file is gone.
        if lock.withLock({ aborted }) { throw OutputError("interrupted") }
        guard status == 0, quiet else {
            unlink(temporary)
            throw OutputError("ffmpeg failed (exit \(status)): \(encoder.log()); no video was written", retryable: true)
        }
        let frames = lock.withLock { delivered }
        if let problem = VideoEncoder.verify(temporary, frames: frames) {
            unlink(temporary)
            throw OutputError("ffmpeg wrote an incomplete video (\(problem)); no video was written", retryable: true)
        }
        try AtomicFile.commit(temporary, to: path)
    }

    /// Safe to call more than once and from any thread, also while `deliver` is blocked on the pipe; a second
    /// caller waits until the first has cleaned up (the process may exit right after it returns).
    public func abort() {
        abortLock.lock()
        defer { abortLock.unlock() }
        let first = lock.withLock { () -> Bool in
            defer { aborted = true }
            return !aborted
        }
        guard first else { return }
        // Bounded (`VideoEncoder.kill`), because an exit from the signal watcher runs this and must not hang on a
        // process in the kernel.
        encoder.kill()
        unlink(temporary)
    }
}
