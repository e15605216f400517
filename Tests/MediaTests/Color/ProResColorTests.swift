// The colour of a transparent `.mov` (ProRes 4444, prores_ks): BT.709 in limited range, and tagged so twice,
// in the QuickTime `colr` atom (nclc: primaries, transfer, matrix 1, 1, 1) and in every ProRes frame header
// (bytes 14-16 of the header after `icpf`, SMPTE RDD 36), which ffmpeg's decoder takes over the atom. Checked
// three ways, none through forkrender's code: ffprobe's stream fields, the two tags read from the file's bytes,
// and ffmpeg's default reader (which converts by the tags) decoding the frame back to RGBA against the PNG
// frame, over a field of saturated gradients, opaque in the top half and at 50% in the bottom half.
//
// Measured (ffmpeg 5.1, 222 x 480): every sample within 1 level (mean 0.13), the 10-bit limited-range
// round trip's rounding. Untagged, the same reader takes BT.601 and is 32 levels off on saturated red.
// Skipped with a printed reason without ffmpeg and ffprobe.
//
// Run: swift test -c release -Xswiftc -enable-testing --skip-build --filter ProResColorTests

import ChildProcess
import Foundation
import Testing

import Raster
@testable import Media
import Output

@Suite(.serialized) struct ProResColorTests {
    static let (width, height) = (222, 480)
    /// One 8-bit level: 8-bit samples go to 10-bit limited range and back.
    static let tolerance = 1

    /// Red across, green down, blue along the other diagonal (every corner a saturated colour), straight; alpha
    /// 1 in the top half and 0.5 in the bottom half.
    static func frame() -> Framebuffer {
        var fb = Framebuffer(width: width, height: height, space: .srgb)
        for y in 0..<height {
            for x in 0..<width {
                let a: Float = y < height / 2 ? 1 : 0.5
                let rgb = SIMD3<Float>(Float(x) / Float(width - 1), Float(y) / Float(height - 1),
                                       1 - Float(x + y) / Float(width + height - 2))
                fb[x, y] = SIMD4(rgb * a, a)
            }
        }
        return fb
    }

    /// The three BT.709 codes of the `colr` atom's nclc fields (primaries, transfer, matrix), nil without one.
    static func colrTags(_ file: [UInt8]) -> [Int]? {
        guard let at = find(Array("colrnclc".utf8), in: file), at + 14 <= file.count else { return nil }
        return (0..<3).map { Int(file[at + 8 + 2 * $0]) << 8 | Int(file[at + 9 + 2 * $0]) }
    }

    /// The first ProRes frame header's colour codes (primaries, transfer, matrix), nil without a frame.
    static func frameHeaderTags(_ file: [UInt8]) -> [Int]? {
        guard let at = find(Array("icpf".utf8), in: file), at + 4 + 17 <= file.count else { return nil }
        return (14...16).map { Int(file[at + 4 + $0]) }
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { i in needle.indices.allSatisfy { bytes[i + $0] == needle[$0] } }
    }

    @Test func theMovIsTaggedBT709AndReadsBackAsTheFrame() throws {
        guard VideoEncoder.findFFmpeg() != nil, findTool("ffprobe") != nil else {
            print("ProResColorTests: skipped, no ffmpeg/ffprobe (scripts/setup.sh)")
            return
        }
        let dir = ChildProcess.temporaryFolder("prores-colour")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v.mov").path
        let fb = Self.frame()
        let sink = try VideoSink(path: path, width: Self.width, height: Self.height, fps: 30, dither: false, alpha: true)
        var scratch = EncodeScratch()
        for i in 0..<2 { try sink.deliver(frame: i, try sink.encode(frame: i, image: fb, scratch: &scratch)) }
        try sink.finish()

        let fields = try AlphaVideoTests.probe(path)
        for tag in ["codec_name=prores", "pix_fmt=yuva444p", "color_space=bt709", "color_primaries=bt709",
                    "color_transfer=bt709", "color_range=tv"] {
            #expect(fields.contains(tag), "\(tag) missing: \(fields)")
        }
        let file = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(Self.colrTags(file) == [1, 1, 1], "colr atom: \(String(describing: Self.colrTags(file)))")
        #expect(Self.frameHeaderTags(file) == [1, 1, 1], "frame header: \(String(describing: Self.frameHeaderTags(file)))")

        let read = try AlphaVideoTests.decode(path, decoder: [])
        let expected = fb.rgba8(dither: false)
        try #require(read.count == expected.count, "ffmpeg gave \(read.count) bytes for \(Self.width)x\(Self.height)")
        var worst = 0, total = 0
        for i in expected.indices {
            let d = abs(Int(read[i]) - Int(expected[i]))
            worst = max(worst, d)
            total += d
        }
        print("ProResColorTests: largest difference \(worst) levels, mean \(Double(total) / Double(expected.count))")
        #expect(worst <= Self.tolerance, "the decoded frame is \(worst) levels off the PNG frame")
    }
}
