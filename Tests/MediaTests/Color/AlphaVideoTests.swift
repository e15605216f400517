// Videos of transparent frames (`"canvas": {"background": "transparent"}`, `--background transparent`): `.mov` as
// ProRes 4444 and `.webm` as VP9 with alpha keep the alpha plane; `.mp4` and `.gif` are refused. ffprobe finds the
// alpha plane (ProRes: a yuva pixel format, limited range; VP9: WebM's alpha_mode, with the tags of every video,
// BT.709 full range and the sRGB transfer, as VideoColorTests checks), and ffmpeg's decode gives the frame's alpha
// back: a transparent half, a half at 50% and an opaque quarter. Skipped with a printed reason without ffmpeg.
//
// Run: swift test -c release -Xswiftc -enable-testing --skip-build --filter AlphaVideoTests

import ChildProcess
import Foundation
import Testing

import Raster
@testable import Media
import Output

@Suite(.serialized) struct AlphaVideoTests {
    static let (width, height) = (64, 48)

    /// Straight colour (0.2, 0.6, 0.9): transparent in the left half, at 50% in the right half's top rows and
    /// opaque below them.
    static func frame() -> Framebuffer {
        var fb = Framebuffer(width: width, height: height, space: .srgb)
        for y in 0..<height {
            for x in 0..<width {
                let a: Float = x < width / 2 ? 0 : (y < height / 2 ? 0.5 : 1)
                fb[x, y] = SIMD4(0.2 * a, 0.6 * a, 0.9 * a, a)
            }
        }
        return fb
    }

    /// The expected alpha at a pixel, in 8-bit levels.
    static func alpha(_ x: Int, _ y: Int) -> Int { x < width / 2 ? 0 : (y < height / 2 ? 128 : 255) }

    static func encode(to path: String) throws {
        let sink = try VideoSink(path: path, width: width, height: height, fps: 30, dither: false, alpha: true)
        var scratch = EncodeScratch()
        for i in 0..<2 { try sink.deliver(frame: i, try sink.encode(frame: i, image: Self.frame(), scratch: &scratch)) }
        try sink.finish()
    }

    static func probe(_ path: String) throws -> String {
        let ffprobe = try #require(findTool("ffprobe"))
        let r = try ChildProcess.run(URL(fileURLWithPath: ffprobe), ["-v", "error", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,pix_fmt,color_space,color_range,color_primaries,color_transfer:stream_tags",
            "-of", "default=noprint_wrappers=1", path], timeout: 60)
        #expect(r.status == 0, "\(r.err)")
        return r.out
    }

    /// ffmpeg's decode of the first frame as RGBA (`decoder`: VP9's alpha needs libvpx's).
    static func decode(_ path: String, decoder: [String]) throws -> [UInt8] {
        let ffmpeg = try #require(VideoEncoder.findFFmpeg())
        let out = path + ".rgba"
        let r = try ChildProcess.run(URL(fileURLWithPath: ffmpeg), ["-v", "error", "-y"] + decoder + ["-i", path,
            "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", out], timeout: 60)
        #expect(r.status == 0, "\(r.err)")
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
    }

    @Test(arguments: [("mov", "prores", [String]()), ("webm", "vp9", ["-c:v", "libvpx-vp9"])])
    func theAlphaPlaneIsKept(_ ext: String, _ codec: String, _ decoder: [String]) throws {
        guard VideoEncoder.findFFmpeg() != nil, findTool("ffprobe") != nil else {
            print("AlphaVideoTests: skipped, no ffmpeg/ffprobe (scripts/setup.sh)")
            return
        }
        let path = ChildProcess.temporaryFolder("alpha-video").appendingPathComponent("v.\(ext)").path
        try Self.encode(to: path)
        let fields = try Self.probe(path)
        #expect(fields.contains("codec_name=\(codec)"), "\(fields)")
        if ext == "webm" {
            // VP9 keeps alpha beside the picture (WebM's BlockAdditions): ffprobe's stream says so by the tag.
            #expect(fields.contains("TAG:alpha_mode=1"), "\(fields)")
            for tag in ["color_space=bt709", "color_range=pc", "color_primaries=bt709", "color_transfer=iec61966-2-1"] {
                #expect(fields.contains(tag), "\(ext): \(tag) missing: \(fields)")
            }
        } else {
            #expect(fields.contains("pix_fmt=yuva444p"), "no alpha plane: \(fields)")
            #expect(fields.contains("color_range=tv"), "\(fields)")
        }
        let rgba = try Self.decode(path, decoder: decoder)
        try #require(rgba.count == Self.width * Self.height * 4)
        var worst = 0
        // Inside each region, 4 px from its edges (chroma and alpha are shared by 2 x 2 pixels in yuva420p).
        for y in 4..<(Self.height - 4) where abs(y - Self.height / 2) >= 4 {
            for x in 4..<(Self.width - 4) where abs(x - Self.width / 2) >= 4 {
                worst = max(worst, abs(Int(rgba[4 * (y * Self.width + x) + 3]) - Self.alpha(x, y)))
            }
        }
        #expect(worst <= 2, "\(ext): alpha read back \(worst) levels off")
    }

    @Test func formatsWithoutAnAlphaPlaneAreRefused() throws {
        for ext in ["mp4", "gif"] {
            let path = ChildProcess.temporaryFolder("alpha-video").appendingPathComponent("v.\(ext)").path
            do {
                _ = try VideoSink(path: path, width: 8, height: 8, fps: 30, dither: false, alpha: true)
                Issue.record(".\(ext) with alpha was not refused")
            } catch {
                #expect(error.message.contains("holds no alpha plane") && error.message.contains(".mov"), "\(error.message)")
            }
            #expect(VideoEncoder.alphaRefusal(format: ext) != nil)
        }
        #expect(VideoEncoder.alphaRefusal(format: "mov") == nil && VideoEncoder.alphaRefusal(format: "webm") == nil)
    }
}
