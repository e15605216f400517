@testable import Raster
import Testing

/// A PNG's samples become premultiplied pixels of the blend space: 8-bit values exactly (b x 257 / 65535 is
/// b / 255), alpha premultiplied, and linear light through `srgbToLinear`.
@Test func pngSamplesBecomeBlendSpacePixels() {
    let image = PNGImage(width: 2, height: 1, sourceBitDepth: 8, sourceColorType: .rgba,
                         samples: [255 * 257, 128 * 257, 0, 65535, 255 * 257, 255 * 257, 255 * 257, 51 * 257])
    let srgb = Framebuffer(image: image, space: .srgb)
    #expect(srgb[0, 0] == SIMD4(1, Float(128 * 257) / 65535, 0, 1))
    #expect(srgb[1, 0] == SIMD4(repeating: Float(51 * 257) / 65535))
    let linear = Framebuffer(image: image, space: .linear)
    #expect(linear[0, 0] == SIMD4(1, srgbToLinear(Float(128 * 257) / 65535), 0, 1))
    #expect(linear[1, 0].w == srgb[1, 0].w)
}

func gradient(_ w: Int, _ h: Int) -> Framebuffer {
    var fb = Framebuffer(width: w, height: h)
    for y in 0..<h { for x in 0..<w { fb[x, y] = SIMD4(Float(x) / Float(w), Float(y) / Float(h), Float((x * 7 + y * 3) % 5) / 5, 1) } }
    return fb
}

/// The same size gives back the source bit for bit; a region is the whole output's pixels there.
@Test func resamplingToTheSameSizeIsTheIdentityAndRegionsAgree() {
    let src = gradient(37, 23)
    #expect(ImageResample(width: 37, height: 23).apply(src) == src)
    let r = ImageResample(width: 90, height: 17)
    let whole = r.apply(src), part = r.apply(src, region: PixelRect(x: 30, y: 5, width: 41, height: 9))
    for y in 0..<9 { for x in 0..<41 { #expect(part[x, y] == whole[x + 30, y + 5]) } }
}

/// The tent filter by hand: doubling a row of two pixels [a, b] gives a, 3a/4 + b/4, a/4 + 3b/4, b (the edge
/// taps renormalized); halving four pixels, output 0 (center 1, support 2) weighs taps 0, 1, 2 by 3/4, 3/4, 1/4.
@Test func theTentFilterWeighsByDistance() {
    var two = Framebuffer(width: 2, height: 1)
    two[0, 0] = SIMD4(0, 0, 0, 1)
    two[1, 0] = SIMD4(1, 1, 1, 1)
    let up = ImageResample(width: 4, height: 1).apply(two)
    #expect([up[0, 0].x, up[1, 0].x, up[2, 0].x, up[3, 0].x] == [0, 0.25, 0.75, 1])
    var four = Framebuffer(width: 4, height: 1)
    for x in 0..<4 { four[x, 0] = SIMD4(Float(x), 0, 0, 1) }
    let down = ImageResample(width: 2, height: 1).apply(four)
    // Output 0: center 1 (source units), support 2: taps 0, 1, 2 at 0.75, 0.75, 0.25 -> (0 + 0.75 + 0.5) / 1.75.
    #expect(abs(down[0, 0].x - 1.25 / 1.75) < 1e-6)
    #expect(abs(down[0, 0].w - 1) < 1e-6)
}

/// The kernel gives the reference's bits, enlarging and shrinking, whole and in part, into a fresh buffer and
/// into a reused one (whose old pixels must not leak through).
@Test(arguments: [(130, 196, 1170, 2532 / 4), (37, 23, 90, 17), (300, 200, 41, 29), (64, 64, 64, 64)])
func theResampleKernelMatchesTheReference(sw: Int, sh: Int, w: Int, h: Int) {
    let src = gradient(sw, sh), r = ImageResample(width: w, height: h)
    #expect(r.apply(src) == r.reference(src))
    let part = PixelRect(x: w / 3, y: h / 4, width: w / 2, height: h / 2)
    var reused: Framebuffer? = gradient(w / 2, h / 2)
    r.apply(src, region: part, into: &reused)
    #expect(reused == r.reference(src, region: part))
}
