import Foundation
import Testing
import Raster
// SceneFormat alone: no Media, Compose or Output here, so nothing below can start ffprobe or read a file.
@testable import SceneFormat

/// Backdrops decoded through a resolver that answers from memory (`SceneResolver`, as usvg's parser takes its
/// `image_href_resolver`): no file is read and no ffprobe runs, yet the decoder places the image, checks the
/// video's header against the budgets and words every refusal, naming the JSON path.
@Suite struct BackdropResolverTests {
    /// A resolver with one 4 x 2 image and one video header, recording what the decoder asked it for.
    final class MemoryResolver: SceneResolver, @unchecked Sendable {
        let lock = NSLock()
        private var asked: [String] = []
        var video: Result<VideoReading, VideoReadError>

        init(video: Result<VideoReading, VideoReadError> = .success(MemoryResolver.clip)) { self.video = video }

        static let clip = VideoReading(fields: ["codec_name": "h264", "width": "130", "height": "196", "pix_fmt": "yuv420p",
                                                "r_frame_rate": "30/1", "avg_frame_rate": "30/1", "nb_frames": "60",
                                                "nb_read_packets": "60", "duration": "2.000000", "color_space": "bt709"],
                                       decoder: "/nowhere/ffmpeg")

        var paths: [String] { lock.withLock { asked } }

        func image(at path: String, maxPixels: Double) throws(PNG.BoundedReadError) -> PNGImage {
            lock.withLock { asked.append(path) }
            guard path.hasSuffix("four.png") else { throw .unreadable("does not exist") }
            return PNGImage(width: 4, height: 2, sourceBitDepth: 8, sourceColorType: .rgba,
                            samples: [UInt16](repeating: 65535, count: 4 * 2 * 4))
        }

        func video(at path: String, maxBytes: Int, seconds: Double) -> Result<VideoReading, VideoReadError> {
            lock.withLock { asked.append(path) }
            return video
        }

        var memory: RendererMemory { RendererMemory(keptStores: [], videoFramesAhead: 4, videoFramesSpare: 2) }
    }

    static func decode(_ backdrop: String, _ resolver: MemoryResolver) throws(SceneError) -> SceneDocument {
        var decoder = SceneDecoder(resolver: resolver)
        decoder.directory = "/scenes"
        return try decoder.decode(text: #"{"canvas": {"width": 40, "height": 20, "scale": 1}, "plane": {"backdrop": {\#(backdrop)}}}"#)
    }

    @Test func anImageComesFromTheResolverAndIsPlaced() throws {
        let resolver = MemoryResolver()
        let doc = try Self.decode(#""image": "four.png", "fit": "contain""#, resolver)
        let b = try #require(doc.plane.backdrop)
        #expect(resolver.paths == ["/scenes/four.png"])
        #expect(b.file == "/scenes/four.png" && b.image?.width == 4 && b.video == nil)
        #expect(b.placement == PixelRect(x: 0, y: 0, width: 40, height: 20))
    }

    @Test func anImageTheResolverCannotReadIsRefusedNamingItsPath() {
        let error = #expect(throws: SceneError.self) { try Self.decode(#""image": "gone.png""#, MemoryResolver()) }
        #expect(error?.path == "plane.backdrop.image")
        #expect(error?.message == "image file 'gone.png' does not exist (looked for /scenes/gone.png)")
    }

    @Test func aVideoIsCheckedFromTheResolversReading() throws {
        let resolver = MemoryResolver()
        let doc = try Self.decode(#""video": "pan.mp4", "start": 1"#, resolver)
        let v = try #require(doc.plane.backdrop?.video)
        #expect(resolver.paths == ["/scenes/pan.mp4"])
        #expect(v.decoder == "/nowhere/ffmpeg" && v.width == 130 && v.height == 196 && v.frameCount == 60)
        #expect(v.startFrame == 30 && v.rate == "30/1" && v.colors == VideoColors(matrix: .bt709, fullRange: false))
        // The estimate counts the resolver's decoder frames: 4 ahead, the one shown and 2 spares.
        let part = try #require(MemoryEstimate(doc, renderer: resolver.memory).parts.first { $0.what.hasPrefix("backdrop video") })
        #expect(part.what.contains("4 frames decoded ahead"))
    }

    @Test(arguments: [
        (VideoReadError.missing, "video file 'pan.mp4' does not exist (looked for /scenes/pan.mp4)"),
        (.directory, "video file 'pan.mp4' is a directory"),
        (.tooLarge(bytes: 600_000_000), "video 'pan.mp4' of 600000000 bytes is over the limit of"),
        (.noDecoder, "video 'pan.mp4' cannot be decoded: ffmpeg is not installed"),
        (.unreadable("cannot be read as a video: ffprobe says 'moov atom not found'"),
         "video 'pan.mp4' cannot be read as a video: ffprobe says 'moov atom not found'"),
    ])
    func aVideoTheResolverRefusesIsWordedByTheDecoder(refusal: VideoReadError, message: String) {
        let error = #expect(throws: SceneError.self) { try Self.decode(#""video": "pan.mp4""#, MemoryResolver(video: .failure(refusal))) }
        #expect(error?.path == "plane.backdrop.video")
        #expect(error?.message.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func aVideoOverTheBudgetsIsRefusedWithoutDecodingAnything() {
        var fields = MemoryResolver.clip.fields
        fields["nb_read_packets"] = "9000000"
        let resolver = MemoryResolver(video: .success(VideoReading(fields: fields, decoder: "/nowhere/ffmpeg")))
        let error = #expect(throws: SceneError.self) { try Self.decode(#""video": "pan.mp4""#, resolver) }
        #expect(error?.message.contains("frames is over the limit") == true, "\(String(describing: error))")
    }
}
