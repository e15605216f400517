import Foundation
import Raster

/// ffmpeg encoding a video from raw frames fed through a pipe (no PNG round trip): the process Output's
/// `VideoSink` drives.
///
/// The container comes from the extension: .mp4 and .mov get H.264 (yuv420p, CRF 18, faststart), .webm VP9,
/// .gif a two-pass palette. The input is yuv420p for H.264 and VP9 (converted by the caller as ffmpeg's swscale
/// would from RGBA, `Framebuffer.yuv420p`, so ffmpeg converts nothing and the pipe carries 1.5 bytes a pixel
/// instead of 4), raw RGBA for .gif (palettegen wants RGB) and for odd dimensions (ffmpeg pads those by a pixel,
/// and its conversion at the padded edge is not matched here).
///
/// Frames with alpha (`alpha`, a transparent canvas) go through the pipe as RGBA with straight alpha and are kept
/// with their alpha plane, converted by swscale: .webm as VP9 with alpha (libvpx-vp9, yuva420p; WebM's
/// alpha_mode), converted and tagged as every other video (BT.709 full range); .mov as ProRes 4444 (prores_ks,
/// yuva444p10le), BT.709 in ProRes's limited range, which its readers assume, tagged BT.709 in both the `colr`
/// atom and the ProRes frame header (`proresColorFilter`); .mp4 (H.264) and .gif hold no alpha plane and are
/// refused (`alphaRefusal`).
///
/// Colour: H.264 and VP9 are written BT.709 full range at every size (`YUV420Encoding.video`, which says why)
/// and say so in the stream (`colorArguments`: H.264's VUI, VP9's colour space and range, the mp4 `colr` and
/// WebM `Colour` elements), so that every reader converts them back alike. docs/architecture.md, "Colour of a
/// video".
///
/// ffmpeg runs in a process group of its own, fed without blocking (`ProcessGroup(writing:)`), its messages in a
/// bounded tail (`ErrorTail`): `kill` ends the whole group, a `write` waiting on the pipe returns within 50 ms of
/// its `stop`, and nothing is left behind but the output file, which the caller removes or commits.
public final class VideoEncoder: @unchecked Sendable {
    public static let extensions = ["mp4", "mov", "webm", "gif"]

    let process: ProcessGroup
    /// What the pipe carries: "yuv420p" or "rgba" (`inputFormat`).
    public let pixelFormat: String
    /// The stream's yuv420p encoding: the caller's conversion for a "yuv420p" pipe, ffmpeg's for "rgba".
    public let encoding = YUV420Encoding.video

    /// Starts `ffmpeg` encoding frames of `width x height` at `fps` into `output` in the container `format` (an
    /// extension from `extensions`), without transparent huge pages: 10% of a showcase `--video`'s wall time
    /// (`ProcessGroup.withoutTransparentHugePages`).
    public init(ffmpeg: String, output: String, format ext: String, width: Int, height: Int, fps: Double,
                alpha: Bool = false) throws(ProcessError) {
        pixelFormat = alpha ? "rgba" : Self.inputFormat(format: ext, width: width, height: height)
        let args = alpha ? Self.alphaArguments(format: ext, width: width, height: height, fps: fps, input: "pipe:0", output: output)
            : Self.arguments(format: ext, width: width, height: height, fps: fps, input: "pipe:0", output: output,
                             inputFormat: pixelFormat)
        process = try ProcessGroup(writing: ffmpeg, arguments: args, hugePages: false)
    }

    /// Writes a raw frame into ffmpeg's stdin (see `ProcessGroup.write`).
    public func write(_ raw: UnsafeRawBufferPointer, stop: () -> Bool) throws(ProcessError) {
        try process.write(raw, what: "ffmpeg", stop: stop)
    }

    /// Ends ffmpeg's input and waits for it: its exit status (128 + a signal's number), and whether it said
    /// anything at `-loglevel error` (ffmpeg 5.1 exits 0 after "Error writing trailer" on a full disk, leaving an
    /// mp4 without its moov atom).
    public func finish() -> (status: Int32, quiet: Bool) {
        process.closeInput()
        let status = process.wait() ?? 0
        return (status, process.errors.text(waiting: 0.5).allSatisfy(\.isWhitespace))
    }

    /// Kills ffmpeg's whole group (SIGTERM, SIGKILL 50 ms later: an ffmpeg that stopped reading may ignore
    /// SIGTERM, and a wrapper script that does not `exec` leaves a child holding the pipe), waits at most half a
    /// second for the leader's reaping, and closes the pipe.
    public func kill() {
        process.kill()
        process.wait(timeout: 0.5)
        process.closeInput()
    }

    /// The last three lines of ffmpeg's messages, for an error.
    public func log() -> String {
        let lines = process.errors.text(waiting: 0.5).split(separator: "\n").suffix(3).joined(separator: " | ")
        return lines.isEmpty ? "no message from ffmpeg" : lines
    }

    /// Why the video at `file` is not a complete one of `frames` frames, nil when it is (or when ffprobe is not
    /// installed: ffmpeg's exit status and messages then decide alone). GIF drops repeated frames, so it only
    /// needs one.
    public static func verify(_ file: String, frames: Int) -> String? {
        guard let ffprobe = findTool("ffprobe") else { return nil }
        let child: ProcessGroup
        do {
            child = try ProcessGroup(reading: ffprobe, arguments: ["-v", "error", "-select_streams", "v:0", "-count_packets",
                                                                    "-show_entries", "stream=nb_read_packets", "-of", "csv=p=0", file])
        } catch {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let read = bytes.withUnsafeMutableBytes { (try? child.read(into: $0) { false }) ?? 0 }
        let status = child.wait() ?? 0
        let errors = child.errors.text(waiting: 0.5)
        let firstError = errors.split(separator: "\n").first.map(String.init) ?? ""
        guard status == 0, firstError.isEmpty else {
            return "ffprobe cannot read it: \(firstError.isEmpty ? "exit \(status)" : firstError)"
        }
        let text = String(decoding: bytes.prefix(read), as: UTF8.self)
        let packets = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let gif = URL(fileURLWithPath: file).pathExtension.lowercased() == "gif"
        if gif ? packets < min(1, frames) : packets != frames {
            return "it holds \(packets) of \(frames) frames"
        }
        return nil
    }

    /// ffmpeg's arguments for raw frames of `width x height` in `inputFormat` ("rgba" or "yuv420p") read from
    /// `input`, encoded to `output` in the container `format` (an extension from `extensions`). `bench --peers`
    /// runs ffmpeg alone with the same on raw RGBA.
    public static func arguments(format ext: String, width: Int, height: Int, fps: Double, input: String,
                                 output: String, inputFormat: String = "rgba") -> [String] {
        var args = ["-hide_banner", "-loglevel", "error", "-y",
                    "-f", "rawvideo", "-pix_fmt", inputFormat, "-video_size", "\(width)x\(height)",
                    "-framerate", rate(fps), "-i", input]
        // yuv420p (what players expect) needs even dimensions: pad odd ones by one pixel. RGBA is converted
        // by swscale into the stream's encoding (its default is BT.601 limited at any size).
        let encoding = YUV420Encoding.video
        let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2" + (inputFormat == "yuv420p" ? "" : "," + scaleFilter(encoding))
        switch ext {
        case "mp4", "mov":
            args += ["-vf", even, "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-preset", "medium",
                     "-movflags", "+faststart+write_colr"] + colorArguments(encoding)
        case "webm":
            args += ["-vf", even, "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "30", "-b:v", "0",
                     "-row-mt", "1", "-deadline", "good", "-cpu-used", "4"] + colorArguments(encoding)
        default:
            args += ["-filter_complex", "[0:v]split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer"]
        }
        return args + [output]
    }

    /// Why frames with alpha cannot be written as `ext`, nil when they can (.mov and .webm).
    public static func alphaRefusal(format ext: String) -> String? {
        ["mov", "webm"].contains(ext) ? nil
            : "a .\(ext) video holds no alpha plane: write transparent frames as .mov (ProRes 4444) or .webm (VP9 with alpha)"
    }

    /// ffmpeg's arguments for raw RGBA frames with straight alpha, kept with their alpha plane: ProRes 4444 in
    /// .mov (profile 4444, 16-bit alpha, BT.709 limited range, tagged so), VP9 with alpha in .webm (yuva420p,
    /// BT.709 full range as every video, `YUV420Encoding.video`); odd sides padded with transparent black.
    public static func alphaArguments(format ext: String, width: Int, height: Int, fps: Double, input: String,
                                      output: String) -> [String] {
        precondition(alphaRefusal(format: ext) == nil, "no alpha plane in .\(ext)")
        let prores = ext == "mov"
        let encoding = YUV420Encoding.video
        let scale = prores ? "scale=out_color_matrix=bt709:out_range=tv," + proresColorFilter : scaleFilter(encoding)
        let args = ["-hide_banner", "-loglevel", "error", "-y",
                    "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(width)x\(height)",
                    "-framerate", rate(fps), "-i", input,
                    "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=black@0," + scale]
        guard !prores else {
            return args + ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-alpha_bits", "16",
                           "-vendor", "apl0", "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
                           "-color_range", "tv", output]
        }
        return args + ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "30", "-b:v", "0", "-row-mt", "1",
                       "-deadline", "good", "-cpu-used", "4", "-auto-alt-ref", "0"] + colorArguments(encoding) + [output]
    }

    /// Tags the frames BT.709 (primaries, transfer, matrix) in limited range before prores_ks: it writes the
    /// frame header's colour fields from each frame's own, not from `-color_primaries` and friends, which reach
    /// only the container's `colr` atom; and ffmpeg's ProRes decoder takes the header's fields over the atom's,
    /// so an untagged header reads "unknown" (BT.601 to swscale) whatever the atom says. The transfer is
    /// BT.709's, not sRGB's as in H.264 and VP9: the ProRes header's transfer codes (SMPTE RDD 36) and
    /// QuickTime's `nclc` name no sRGB curve, and BT.709's is what ProRes tools write for SDR.
    static let proresColorFilter = "setparams=color_primaries=bt709:color_trc=bt709:colorspace=bt709:range=tv"

    /// The stream's colour tags for yuv420p in `encoding` from sRGB frames: the matrix (`bt709`, or
    /// `smpte170m`, BT.601's name in H.264 and VP9), the range (`pc` full, `tv` limited), BT.709 primaries
    /// (sRGB's, which the frames are in whatever the matrix) and the sRGB transfer (`iec61966-2-1`, what the
    /// samples are encoded with; Chromium 156 reads bt709's the same, measured). ffmpeg puts them in H.264's
    /// VUI (libx264), VP9's frame header (libvpx: matrix and range, all it holds) and the container (mp4 `colr`
    /// with `+write_colr`, WebM's Colour element).
    public static func colorArguments(_ encoding: YUV420Encoding) -> [String] {
        ["-colorspace", encoding.matrix == .bt709 ? "bt709" : "smpte170m", "-color_primaries", "bt709",
         "-color_trc", "iec61966-2-1", "-color_range", encoding.fullRange ? "pc" : "tv"]
    }

    /// The scale filter that converts RGBA into `encoding` (swscale told the output matrix and range).
    public static func scaleFilter(_ encoding: YUV420Encoding) -> String {
        "scale=out_color_matrix=\(encoding.matrix == .bt709 ? "bt709" : "bt601"):out_range=\(encoding.fullRange ? "pc" : "tv")"
    }

    /// What the sink hands ffmpeg for `format` at `width x height`: yuv420p, converted as ffmpeg would convert
    /// RGBA for it, where the encoder takes yuv420p (H.264, VP9) and the frame's sides are even; else RGBA.
    public static func inputFormat(format ext: String, width: Int, height: Int) -> String {
        ext != "gif" && width % 2 == 0 && height % 2 == 0 ? "yuv420p" : "rgba"
    }

    /// The frame rate as ffmpeg's exact rational when it is a whole number, else a decimal.
    public static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }

    /// Looks for an executable `ffmpeg` in PATH.
    public static func findFFmpeg() -> String? { findTool("ffmpeg") }
}
