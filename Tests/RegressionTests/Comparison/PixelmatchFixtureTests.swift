import Testing
import Raster
@testable import Regression

/// pixelmatch 7.2's published expected counts (its test/test.js at tag v7.2.0), on pairs this test draws: its
/// fixture PNGs are not shipped here, so each pair is drawn with the structure the count depends on.
///
/// - `8a` against `5b`, `{threshold: 0.05}`: 32896. 5b is 256 x 256 with the 32,896 pixels on and above the
///   diagonal (y <= x: 256 x 257 / 2 of them) fully transparent, (0, 0, 0, 0), and an opaque gradient below;
///   8a is the same with those pixels opaque white. Every transparent pixel counts, none is taken for
///   anti-aliasing (each has three or more equal neighbours in both images), so any opaque gradient below the
///   diagonal gives the count. pixelmatch 5 (and forkrender before issue 56) counted 0: over white they agree.
/// - test.js's "checkerboard" case: 50% transparent black (0, 0, 0, 128) against opaque grey (127, 127, 127),
///   1 x 1, default options: 1 (and 0 over plain white, pixelmatch's `checkerboard: false`).
///
/// And a translucent pair drawn like 5a/5b (the diagonal of 5b made half-transparent colours), whose counts
/// pixelmatch 7.2's index.js gives under Node (`scripts/pixelmatch-oracle.mjs` draws it the same way): with
/// detection on only 3 of the 256 diagonal pixels are not taken for anti-aliasing; off, all 256 count at 0.05
/// and 208 at 0.1.
@Suite struct PixelmatchFixtureTests {
    static let side = 256

    /// 5b: transparent on and above the diagonal, an opaque gradient below it; with `white`, 8a (opaque white
    /// there instead).
    static func triangle(white: Bool) -> RGBAImage {
        var img = RGBAImage(width: side, height: side, fill: white ? (255, 255, 255, 255) : (0, 0, 0, 0))
        for y in 0..<side { for x in 0..<y { img[x, y] = (UInt8(255 - y), UInt8(y - x), UInt8(x), 255) } }
        return img
    }

    /// 5a-like: 5b with its diagonal half-transparent, red to blue.
    static func translucentDiagonal() -> RGBAImage {
        var img = triangle(white: false)
        for x in 0..<side { img[x, x] = (UInt8(255 - x), 0, UInt8(x), 128) }
        return img
    }

    /// Both implementations, at two worker counts for the kernel; pixelmatch's options map to
    /// `ignoreAntialiasing: !includeAA` (pixelmatch ignores anti-aliasing by default).
    static func counts(_ a: RGBAImage, _ b: RGBAImage, threshold: Double, includeAA: Bool = false) throws -> [Int] {
        let c = Comparison(threshold: threshold, ignoreAntialiasing: !includeAA)
        return [try c.apply(expected: a, actual: b, workers: Workers(1)).differentPixels,
                try c.apply(expected: a, actual: b, workers: Workers(3)).differentPixels,
                try #require(ComparisonReference.apply(c, expected: a, actual: b)).differentPixels]
    }

    @Test func opaqueWhiteAgainstTransparentCountsEveryPixel() throws {
        let a = Self.triangle(white: true), b = Self.triangle(white: false)
        #expect(try Self.counts(a, b, threshold: 0.05) == [32896, 32896, 32896], "published: 32896")
        // Threshold 0 reports every changed pixel, with or without anti-aliasing detection.
        #expect(try Self.counts(a, b, threshold: 0) == [32896, 32896, 32896])
        #expect(try Self.counts(a, b, threshold: 0, includeAA: true) == [32896, 32896, 32896])
        // Over the pattern the distance is large (white less the background: 207 in red, 207 or 48 in green and
        // blue; delta 7,516.9 to 21,651.6, thresholds 0.462 to 0.784), so thresholds up to 0.46 count every pixel
        // and from 0.79 none.
        #expect(try Self.counts(a, b, threshold: 0.46) == [32896, 32896, 32896])
        #expect(try Self.counts(a, b, threshold: 0.79) == [0, 0, 0])
    }

    @Test func halfTransparentBlackIsNotOpaqueGrey() throws {
        let a = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 128)), b = RGBAImage(width: 1, height: 1, fill: (127, 127, 127, 255))
        #expect(try Self.counts(a, b, threshold: 0.1) == [1, 1, 1], "published: 1")
    }

    @Test func translucentPixelsCountAsPixelmatch72Counts() throws {
        let a = Self.translucentDiagonal(), b = Self.triangle(white: false)
        #expect(try Self.counts(a, b, threshold: 0.05) == [3, 3, 3])
        #expect(try Self.counts(a, b, threshold: 0.05, includeAA: true) == [256, 256, 256])
        #expect(try Self.counts(a, b, threshold: 0.1, includeAA: true) == [208, 208, 208])
    }

    /// Threshold 0 counts a change of any byte, also one pixelmatch's distance cannot see: two fully transparent
    /// pixels of different colours (blended, both are the background).
    @Test func thresholdZeroCountsAnyByte() throws {
        let a = RGBAImage(width: 2, height: 1, fill: (0, 0, 0, 0))
        var b = a
        b[1, 0] = (255, 0, 0, 0)
        #expect(try Comparison(threshold: 0).apply(expected: a, actual: b).differentPixels == 1)
        #expect(try Comparison(threshold: 0.01).apply(expected: a, actual: b).differentPixels == 0)
        #expect(ComparisonReference.apply(Comparison(threshold: 0), expected: a, actual: b)?.differentPixels == 1)
    }
}
