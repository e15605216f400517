import Testing
@testable import Raster

/// Copies between framebuffers (the frame slot's span copy, the whole-frame copy) against plain pixel-by-pixel
/// references, and unfilled buffers filled by a whole copy.
@Suite struct FramebufferCopyTests {
    /// A source whose every pixel differs from every other and from the targets' fill.
    static func source(width: Int, height: Int) -> Framebuffer {
        var source = Framebuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { source[x, y] = SIMD4(Float(x), Float(y), Float(x * y), 1) } }
        return source
    }

    /// The span copy against its plain reference, on spans at the edges, empty, overlapping bands' ends and a
    /// last band shorter than the others, with one worker and with more workers than bands.
    @Test func spanCopyEqualsItsReference() {
        let w = 37, h = 50, band = 16
        let source = Self.source(width: w, height: h), untouched = Framebuffer(width: w, height: h, fill: SIMD4(-1, -1, -1, -1))
        let spans: [[Range<Int>]] = [[0..<3, 10..<11, 30..<37], [], [5..<5, 6..<20], [0..<37]]
        for workers in [1, 3, 8] {
            var fast = untouched, plain = untouched
            fast.copyPixels(from: source, spans: spans, band: band, workers: Workers(workers))
            plain.copyPixelsReference(from: source, spans: spans, band: band)
            #expect(bits(fast) == bits(plain), "\(workers) workers")
            #expect(plain != untouched, "the reference copied nothing, so the comparison checked nothing")
        }
    }

    /// An unfilled buffer has the size and space asked for, and a whole copy leaves it equal to its source at
    /// every pixel, with any worker count (the frame slot's first use of a new buffer).
    @Test(arguments: [1, 2, 3])
    func anUnfilledBufferTakesEveryPixelOfAWholeCopy(workers: Int) {
        let w = 131, h = 203
        var source = Framebuffer(width: w, height: h, space: .linear)
        for y in 0..<h { for x in 0..<w { source[x, y] = SIMD4(Float(x), Float(y), 0.5, 1) } }
        var target = Framebuffer.unfilled(width: w, height: h, space: .linear)
        #expect(target.width == w && target.height == h && target.space == .linear && target.pixelCount == w * h)
        target.copyPixels(from: source, workers: Workers(workers))
        #expect(bits(target) == bits(source))
    }

    /// The pixels' bit patterns, so that equality is exact (no float comparison).
    func bits(_ fb: Framebuffer) -> [SIMD4<UInt32>] {
        fb.withUnsafePixels { px in px.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) } }
    }
}
