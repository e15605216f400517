import Testing
import Raster
@testable import Regression

/// Counts against pixelmatch itself.
///
/// The expected numbers were computed by mapbox/pixelmatch's own index.js at tag v7.2.0 under Node 20 on the
/// same image pair, built with integer arithmetic only in both languages (`scripts/pixelmatch-oracle.mjs`
/// says how to run it). pixelmatch's `includeAA` is the opposite of `ignoreAntialiasing`. Eight of the 40
/// planted pixels are translucent; pixelmatch 5.3 (and its Python port), which blended them over white, counted
/// 159, 125, 84, 12 / 36, 33, 33, 12 for the thresholds from 0.05 up: 7.2's background pattern counts them.
@Suite struct OracleTests {
    static let width = 64, height = 48

    static func image(shift: Int) -> RGBAImage {
        var img = RGBAImage(width: width, height: height, fill: (242, 242, 247, 255))
        Fixtures.disc(&img, cx8: 8 * 20 + 3 + shift, cy8: 8 * 22 + 5, r8: 8 * 11 + 2, color: (0, 122, 255))
        Fixtures.disc(&img, cx8: 8 * 45 + shift, cy8: 8 * 25 + 1, r8: 8 * 9 + 5, color: (28, 28, 30))
        return img
    }

    static func pair() -> (RGBAImage, RGBAImage) {
        let a = image(shift: 0)
        var b = image(shift: 3)
        var rng = Fixtures.LCG(2024)
        for n in 0..<40 {
            let x = rng.next() % width, y = rng.next() % height
            let o = (y * width + x) * 4
            for c in 0..<3 { b.pixels[o + c] = UInt8(rng.next() % 256) }
            if n % 5 == 0 { b.pixels[o + 3] = UInt8(rng.next() % 256) }
        }
        return (a, b)
    }

    static let expected: [(includeAA: Bool, threshold: Double, count: Int)] = [
        (true, 0.0, 207), (true, 0.05, 161), (true, 0.1, 128), (true, 0.2, 87), (true, 0.5, 18),
        (false, 0.0, 38), (false, 0.05, 38), (false, 0.1, 36), (false, 0.2, 36), (false, 0.5, 18),
    ]

    @Test(arguments: expected.indices)
    func countsMatchPixelmatch72(case i: Int) throws {
        let (a, b) = Self.pair()
        let e = Self.expected[i]
        let c = Comparison(threshold: e.threshold, ignoreAntialiasing: !e.includeAA)
        #expect(try c.apply(expected: a, actual: b, workers: Workers(2)).differentPixels == e.count)
        #expect(ComparisonReference.apply(c, expected: a, actual: b)?.differentPixels == e.count)
    }
}
