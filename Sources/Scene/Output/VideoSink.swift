import Foundation
import Raster

/// Encodes a video by running ffmpeg and feeding it raw frames through a pipe (no PNG round trip).
///
/// The container comes from the extension: .mp4 and .mov get H.264 (yuv420p, CRF 18, faststart), .webm VP9,
/// .gif a two-pass palette. The frames are yuv420p for H.264 and VP9 (the encoder threads convert them,
/// `Framebuffer.yuv420p`, as ffmpeg's swscale would from RGBA, so ffmpeg converts nothing and the pipe carries
/// 1.5 bytes a pixel instead of 4), raw RGBA for .gif (palettegen wants RGB) and for odd dimensions (ffmpeg
/// pads those by a pixel, and its conversion at the padded edge is not matched here). ffmpeg writes to a
/// temporary name that is renamed into place only when the video is complete: ffmpeg exited 0, said nothing
/// at `-loglevel error` (ffmpeg 5.1 exits 0 after "Error writing trailer" on a full disk, leaving an mp4
/// without its moov atom), and ffprobe reads every frame back.
/// ffmpeg runs in a process group of its own and is fed without blocking (`ProcessGroup`): `abort` kills the
/// whole group (SIGTERM, SIGKILL 50 ms later: an ffmpeg that stopped reading may ignore SIGTERM, and a wrapper
/// script that does not `exec` leaves a child holding the pipe), a `deliver` waiting on the pipe returns
/// within 50 ms of it, and the temporary file and the log are removed.
public final class VideoSink: FrameSink, @unchecked Sendable {
    public static let extensions = ["mp4", "mov", "webm", "gif"]

    let path: String
    let temporary: String
    let process: ProcessGroup
    let stderrFile: String
    let dither: Bool
    /// What the pipe carries: "yuv420p" or "rgba" (`inputFormat`).
    let pixelFormat: String
    private let lock = NSLock()
    private var delivered = 0
    /// The raw frames already written, which `encode` fills again, so that the sink allocates only as many as
    /// were ever between encode and delivery at once (at most the pipeline's delivery window, three on two
    /// cores). They are references, not arrays: a frame the pipeline still holds is never copied on write.
    private var spare: [RawFrame] = []
    private var aborted = false
    private var samplesConverted = 0, samplesTotal = 0
    private let abortLock = NSLock()

    public init(path: String, width: Int, height: Int, fps: Double, dither: Bool) throws(OutputError) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard Self.extensions.contains(ext) else {
            throw OutputError("cannot tell the video format of '\(path)': use one of .\(Self.extensions.joined(separator: ", ."))")
        }
        guard let ffmpeg = Self.findFFmpeg() else {
            throw OutputError("ffmpeg was not found on PATH; --video needs it. Install it with 'apt-get install ffmpeg' (Debian/Ubuntu) or 'brew install ffmpeg' (macOS)")
        }
        let dir = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard access(dir.isEmpty ? "." : dir, W_OK) == 0 else {
            throw OutputError("cannot write video '\(path)': folder '\(dir)' does not exist or is not writable")
        }
        self.path = path
        self.temporary = AtomicFile.temporaryPath(for: path)
        self.dither = dither
        self.pixelFormat = Self.inputFormat(format: ext, width: width, height: height)
        self.stderrFile = NSTemporaryDirectory() + "forkrender-ffmpeg-\(ProcessInfo.processInfo.processIdentifier).log"
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)

        let args = Self.arguments(format: ext, width: width, height: height, fps: fps, input: "pipe:0", output: temporary,
                                  inputFormat: pixelFormat)
        do {
            // Without transparent huge pages: 10% of a showcase `--video`'s wall time (ProcessGroup).
            process = try ProcessGroup(executable: ffmpeg, arguments: args, stderr: stderrFile, hugePages: false)
        } catch {
            unlink(stderrFile)
            throw OutputError("cannot start ffmpeg at \(ffmpeg): \(error.message)")
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
            let converted = image.yuv420p(dither: dither, into: raw.bytes, changed: changed)
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
            try process.write(UnsafeRawBufferPointer(raw.bytes), what: "ffmpeg") { lock.withLock { aborted } }
            lock.withLock {
                delivered += 1
                spare.append(raw)
            }
        } catch {
            if lock.withLock({ aborted }) { throw OutputError("interrupted") }
            throw OutputError("ffmpeg stopped reading frames: \(ffmpegLog())")
        }
    }

    public func finish() throws(OutputError) {
        process.closeInput()
        let status = process.wait() ?? 0
        defer { unlink(stderrFile) }
        // An abort while ffmpeg finished (Ctrl-C): the group was killed and the files are gone.
        if lock.withLock({ aborted }) { throw OutputError("interrupted") }
        let log = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
        guard status == 0, log.allSatisfy(\.isWhitespace) else {
            unlink(temporary)
            throw OutputError("ffmpeg failed (exit \(status)): \(ffmpegLog()); no video was written")
        }
        let frames = lock.withLock { delivered }
        if let problem = Self.probe(temporary, frames: frames) {
            unlink(temporary)
            throw OutputError("ffmpeg wrote an incomplete video (\(problem)); no video was written")
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
        process.kill()
        // The group is gone once SIGKILL is delivered; the leader's reaping takes a few milliseconds. Bounded,
        // because an exit from the signal watcher runs this and must not hang on a process in the kernel.
        process.wait(timeout: 0.5)
        process.closeInput()
        unlink(temporary)
        unlink(stderrFile)
    }

    /// Why the video at `file` is not a complete one of `frames` frames, nil when it is (or when ffprobe is not
    /// installed: ffmpeg's exit status and log then decide alone). GIF drops repeated frames, so it only needs
    /// one.
    static func probe(_ file: String, frames: Int) -> String? {
        guard let ffprobe = findTool("ffprobe") else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffprobe)
        p.arguments = ["-v", "error", "-select_streams", "v:0", "-count_packets",
                       "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", file]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let firstError = errors.split(separator: "\n").first.map(String.init) ?? ""
        guard p.terminationStatus == 0, firstError.isEmpty else {
            return "ffprobe cannot read it: \(firstError.isEmpty ? "exit \(p.terminationStatus)" : firstError)"
        }
        let packets = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let gif = URL(fileURLWithPath: file).pathExtension.lowercased() == "gif"
        if gif ? packets < min(1, frames) : packets != frames {
            return "it holds \(packets) of \(frames) frames"
        }
        return nil
    }

    func ffmpegLog() -> String {
        let text = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").suffix(3).joined(separator: " | ")
        return lines.isEmpty ? "no message from ffmpeg" : lines
    }

    /// ffmpeg's arguments for raw frames of `width x height` in `inputFormat` ("rgba" or "yuv420p") read from
    /// `input`, encoded to `output` in the container `format` (an extension from `extensions`). `bench --peers`
    /// runs ffmpeg alone with the same on raw RGBA.
    public static func arguments(format ext: String, width: Int, height: Int, fps: Double, input: String,
                                 output: String, inputFormat: String = "rgba") -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-y",
                    "-f", "rawvideo", "-pix_fmt", inputFormat, "-video_size", "\(width)x\(height)",
                    "-framerate", rate(fps), "-i", input]
        // yuv420p (what players expect) needs even dimensions: pad odd ones by one pixel.
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2"
        switch ext {
        case "mp4", "mov":
            args += ["-vf", even, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-preset", "medium",
                     "-movflags", "+faststart"]
        case "webm":
            args += ["-vf", even, "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "30", "-b:v", "0",
                     "-row-mt", "1", "-deadline", "good", "-cpu-used", "4"]
        default:
            args += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer"]
        }
        return args + [output]
    }

    /// What the sink hands ffmpeg for `format` at `width x height`: yuv420p, converted as ffmpeg would convert
    /// RGBA for it, where the encoder takes yuv420p (H.264, VP9) and the frame's sides are even; else RGBA.
    static func inputFormat(format ext: String, width: Int, height: Int) -> String {
        ext != "gif" && width % 2 == 0 && height % 2 == 0 ? "yuv420p" : "rgba"
    }

    /// The frame rate as ffmpeg's exact rational when it is a whole number, else a decimal.
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }

    /// Looks for an executable `ffmpeg` in PATH.
    public static func findFFmpeg() -> String? { findTool("ffmpeg") }

    /// Looks for an executable `name` in PATH.
    static func findTool(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
