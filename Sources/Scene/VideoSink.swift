import Foundation
import Raster

/// Encodes a video by running ffmpeg and feeding it raw RGBA frames through a pipe (no PNG round trip).
///
/// The container comes from the extension: .mp4 and .mov get H.264 (yuv420p, CRF 18, faststart), .webm VP9,
/// .gif a two-pass palette. ffmpeg writes to a temporary name that is renamed into place only when it exits 0.
public final class VideoSink: FrameSink, @unchecked Sendable {
    public static let extensions = ["mp4", "mov", "webm", "gif"]

    let path: String
    let temporary: String
    let process: Process
    let stdin: FileHandle
    let stderrFile: String
    let dither: Bool

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
        self.stderrFile = NSTemporaryDirectory() + "forkrender-ffmpeg-\(ProcessInfo.processInfo.processIdentifier).log"
        _ = FileManager.default.createFile(atPath: stderrFile, contents: nil)

        var args = ["-hide_banner", "-loglevel", "error", "-y",
                    "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(width)x\(height)",
                    "-framerate", Self.rate(fps), "-i", "pipe:0"]
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
        args.append(temporary)

        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = args
        let pipe = Pipe()
        p.standardInput = pipe
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle(forWritingAtPath: stderrFile)
        do {
            try p.run()
        } catch {
            throw OutputError("cannot start ffmpeg at \(ffmpeg): \(error.localizedDescription)")
        }
        self.process = p
        self.stdin = pipe.fileHandleForWriting
    }

    public func consume(frame index: Int, image: Framebuffer) throws(OutputError) {
        do {
            try writeAll(stdin.fileDescriptor, image.rgba8(dither: dither), what: "ffmpeg")
        } catch {
            throw OutputError("ffmpeg stopped reading frames: \(ffmpegLog())")
        }
    }

    public func finish() throws(OutputError) {
        try? stdin.close()
        process.waitUntilExit()
        defer { unlink(stderrFile) }
        guard process.terminationStatus == 0 else {
            unlink(temporary)
            throw OutputError("ffmpeg failed (exit \(process.terminationStatus)): \(ffmpegLog())")
        }
        try AtomicFile.commit(temporary, to: path)
    }

    public func abort() {
        try? stdin.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        unlink(temporary)
        unlink(stderrFile)
    }

    func ffmpegLog() -> String {
        let text = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").suffix(3).joined(separator: " | ")
        return lines.isEmpty ? "no message from ffmpeg" : lines
    }

    /// The frame rate as ffmpeg's exact rational when it is a whole number, else a decimal.
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }

    /// Looks for an executable `ffmpeg` in PATH.
    public static func findFFmpeg() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
