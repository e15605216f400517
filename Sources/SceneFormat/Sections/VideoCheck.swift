import Raster

/// A backdrop video checked before anything is decoded: the reading the resolver hands back (ffprobe's header,
/// `SceneResolver.video`) against the budgets (`SceneLimits.video*`) and what exact decoding needs. Every
/// refusal names the file, the measured value and the limit.
enum VideoCheck {
    /// The codecs whose decoding is specified to the bit (a conforming decoder's output is the same
    /// everywhere), so that a scene's pixels do not depend on the ffmpeg build.
    static let exactCodecs = ["h264", "hevc", "vp9", "av1"]

    /// The video at `path` read through `resolver` (which checks that the file exists, its size against
    /// `SceneLimits.videoFileBytes`, that a decoder is installed, and reads the header within
    /// `SceneLimits.videoProbeSeconds`), described and checked: the budgets, then what exact decoding needs (the
    /// codec, yuv420p, even sides). `start` and `loop` are the scene's; `fps` the scene's frame rate.
    static func source(_ path: String, name: String, start: Double, loop: Bool, fps: Double,
                       resolver: any SceneResolver) -> Result<VideoSource, VideoRefusal> {
        switch resolver.video(at: path, maxBytes: SceneLimits.videoFileBytes, seconds: SceneLimits.videoProbeSeconds) {
        case .failure(.missing):
            return .failure(.init("video file '\(name)' does not exist (looked for \(path))"))
        case .failure(.directory):
            return .failure(.init("video file '\(name)' is a directory"))
        case .failure(.tooLarge(let size)):
            return .failure(.init("video '\(name)' of \(size) bytes is over the limit of \(SceneLimits.videoFileBytes / 1_000_000) MB (docs/limits.md)"))
        case .failure(.noDecoder):
            return .failure(.init("video '\(name)' cannot be decoded: ffmpeg is not installed (the video backdrop is decoded by it; it was not found on PATH: install ffmpeg, e.g. 'apt-get install ffmpeg')"))
        case .failure(.unreadable(let why)):
            return .failure(.init("video '\(name)' \(why)"))
        case .success(let reading):
            return check(VideoHeader(fields: reading.fields), path: path, name: name, start: start, loop: loop, fps: fps,
                         decoder: reading.decoder)
        }
    }

    /// `decoder`: the ffmpeg executable that will decode it.
    static func check(_ h: VideoHeader, path: String, name: String, start: Double, loop: Bool, fps: Double,
                      decoder: String) -> Result<VideoSource, VideoRefusal> {
        func refuse(_ m: String) -> Result<VideoSource, VideoRefusal> { .failure(.init("video '\(name)' \(m)")) }
        guard let codec = h.fields["codec_name"], let w = h.int("width"), let ht = h.int("height") else {
            return refuse("has no video stream ffprobe can read")
        }
        guard w > 0, ht > 0 else { return refuse("has no picture size (ffprobe says \(w) x \(ht))") }
        guard Double(w) * Double(ht) <= SceneLimits.videoFramePixels else {
            return refuse("of \(w) x \(ht) pixels a frame is over the limit of \(Value.format(SceneLimits.videoFramePixels)) pixels (3840 x 2160) (docs/limits.md)")
        }
        let frames = h.int("nb_read_packets") ?? 0
        guard frames <= SceneLimits.videoFrames else {
            return refuse("of \(frames) frames is over the limit of \(SceneLimits.videoFrames) frames (docs/limits.md)")
        }
        let duration = h.double("duration") ?? 0
        guard duration <= SceneLimits.videoDuration else {
            return refuse("of \(Value.format(duration)) s is over the limit of \(Value.format(SceneLimits.videoDuration)) s (docs/limits.md)")
        }
        let rate = (h.fields["r_frame_rate"] ?? "").split(separator: "/").compactMap { Int($0) }
        guard rate.count == 2, rate[0] > 0, rate[1] > 0, rate[0] <= 1_000_000, rate[1] <= 1_000_000,
              Double(rate[0]) / Double(rate[1]) <= 1000 else {
            return refuse("has no usable frame rate (ffprobe says '\(h.fields["r_frame_rate"] ?? "none")')")
        }
        if let drift = drift(h, frames: frames, rate: (rate[0], rate[1])) {
            return refuse("has a variable frame rate: at its nominal \(rate[0])/\(rate[1]) fps its \(frames) frames span \(drift) (ffprobe's average is \(h.fields["avg_frame_rate"] ?? "none")); re-encode it at a constant rate, e.g. with '-r \(rate[0])/\(rate[1])'")
        }
        guard exactCodecs.contains(codec) else {
            return refuse("is \(codec) (\(h.fields["format_name"] ?? "unknown format")), not a video forkrender decodes exactly: use H.264, HEVC, VP9 or AV1")
        }
        let format = h.fields["pix_fmt"] ?? "unknown"
        guard format == "yuv420p" || format == "yuvj420p" else {
            return refuse("is \(format); a backdrop video is 8-bit yuv420p (re-encode with '-pix_fmt yuv420p')")
        }
        guard frames > 0, w % 2 == 0, ht % 2 == 0 else {
            return refuse(frames == 0 ? "holds no frames" : "is \(w) x \(ht) pixels; yuv420p frames have even sides")
        }
        guard let conversion = colors(h, height: ht) else {
            return refuse("is tagged with the colour matrix '\(h.fields["color_space"] ?? "")', which is not a Kr, Kb weighting forkrender converts (BT.601, BT.709, SMPTE 240M, BT.2020 non-constant luminance, FCC); re-encode it, e.g. with '-vf colorspace=bt709'")
        }
        let startFrame = Int((start * Double(rate[0]) / Double(rate[1]) + 0.5).rounded(.down))
        return .success(VideoSource(file: path, decoder: decoder, width: w, height: ht, codec: codec, pixelFormat: format,
                                    rateNumerator: rate[0], rateDenominator: rate[1], frameCount: frames, duration: duration,
                                    colors: conversion, startFrame: startFrame, loop: loop,
                                    sceneRate: VideoSource.fraction(fps)))
    }

    /// How far the stream strays from its nominal rate r, in words, when it strays by more than one frame: its N
    /// packets at ffprobe's average rate a last N / a, and at r N / r, so |N r / a - N| frames of r differ. The
    /// decoder's `fps` filter delivers the stream at r, so only a stream within a frame of N / r delivers the N
    /// frames the timing rule loops or holds at; a variable-rate one (a screen recording) would loop or hold
    /// early. nil for a constant-rate stream and when ffprobe gives no average.
    static func drift(_ h: VideoHeader, frames: Int, rate: (Int, Int)) -> String? {
        let average = (h.fields["avg_frame_rate"] ?? "").split(separator: "/").compactMap { Double($0) }
        guard average.count == 2, average[0] > 0, average[1] > 0, average[0].isFinite, average[1].isFinite else { return nil }
        // N r / a - N = N (r_num a_den - r_den a_num) / (r_den a_num), in Double: each factor is at most 2^63.
        let nominal = Double(frames) * Double(rate.0) * average[1] / (Double(rate.1) * average[0])
        guard abs(nominal - Double(frames)) > 1 else { return nil }
        return "\(Value.format(nominal.rounded())) frames"
    }

    /// The conversion the stream's colour tags ask for: the matrix its `color_space` tag names; untagged, BT.709
    /// from 720 rows up and BT.601 below (what players assume). Full range when tagged "pc" or stored as yuvj420p,
    /// else limited. nil for a matrix that is not a Kr, Kb weighting (constant-luminance BT.2020, YCgCo, ICtCp,
    /// RGB stored as YUV): converting it as one would show wrong colours.
    static func colors(_ h: VideoHeader, height: Int) -> VideoColors? {
        let tagged: [String: YUVMatrix] = ["bt709": .bt709, "smpte170m": .bt601, "bt470bg": .bt601, "fcc": .fcc,
                                           "smpte240m": .smpte240m, "bt2020nc": .bt2020]
        let space = h.fields["color_space"] ?? "unknown"
        let untagged = ["unknown", "unspecified", "reserved", ""].contains(space)
        guard let matrix = untagged ? (height >= 720 ? .bt709 : .bt601) : tagged[space] else { return nil }
        return VideoColors(matrix: matrix, fullRange: h.fields["color_range"] == "pc" || h.fields["pix_fmt"] == "yuvj420p")
    }
}

/// What a video's header says, as `key=value` lines of ffprobe's `default` writer.
struct VideoHeader {
    var fields: [String: String]
    func int(_ k: String) -> Int? { fields[k].flatMap { Int($0) } }
    func double(_ k: String) -> Double? { fields[k].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil } }
}

/// Why a backdrop video cannot be used, in words for a scene error.
struct VideoRefusal: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
