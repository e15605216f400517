import FuzzDriver
import Raster
import Media
import SceneFormat
import Output

/// A resolver that answers a backdrop video with the fields the input parsed into, and nothing else: no file,
/// no ffprobe, no ffmpeg.
struct ParsedVideo: SceneResolver {
    var fields: [String: String]
    func image(at path: String, maxPixels: Double) throws(PNG.BoundedReadError) -> PNGImage { throw .unreadable("no images") }
    func video(at path: String, maxBytes: Int, seconds: Double) -> Result<VideoReading, VideoReadError> {
        .success(VideoReading(fields: fields, decoder: "/usr/bin/ffmpeg"))
    }
    var memory: RendererMemory { RenderResolver().memory }
}

/// One input: what ffprobe printed (its `default` writer's `key=value` lines, or anything else). It is parsed
/// as `VideoProbe.fields` parses it and its error lines reduced as `VideoProbe.reasons` reduces them; fields
/// that parse are handed to the scene decoder as a backdrop video's header, which checks them against the
/// budgets (`VideoCheck`): every input is read or refused, never a trap, a hang or a sanitizer report.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideoProbe(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    precondition(VideoProbe.reasons(text, path: "clip.mp4").count <= 3)
    guard case .success(let fields) = VideoProbe.parse(text, complete: true, status: 0, errors: []) else { return 0 }
    let decoder = SceneDecoder(resolver: ParsedVideo(fields: fields), scale: 0.1)
    for start in ["0", "599.9"] {
        _ = try? decoder.decode(text: #"{"duration": 2, "plane": {"backdrop": {"video": "clip.mp4", "start": \#(start)}}}"#)
    }
    return 0
}

/// The entry point SwiftPM links as `main` on Linux; libFuzzer's driver takes over from here.
@_cdecl("FuzzVideoProbe_main")
public func fuzzVideoProbeMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in data.map { fuzzVideoProbe($0, size) } ?? 0 }
}
