import Testing
import Raster
@testable import Glass

@Suite("Saturation")
struct SaturationTests {
    /// The matrix of Filter Effects Level 1, "saturate", written out here from the spec independently of the
    /// module: R' = (0.213 + 0.787 s) R + (0.715 - 0.715 s) G + (0.072 - 0.072 s) B, and so on.
    func css(_ s: Double, _ c: SIMD3<Double>) -> SIMD3<Double> {
        let r = (0.213 + 0.787 * s) * c.x + (0.715 - 0.715 * s) * c.y + (0.072 - 0.072 * s) * c.z
        let g = (0.213 - 0.213 * s) * c.x + (0.715 + 0.285 * s) * c.y + (0.072 - 0.072 * s) * c.z
        let b = (0.213 - 0.213 * s) * c.x + (0.715 - 0.715 * s) * c.y + (0.072 + 0.928 * s) * c.z
        return SIMD3(min(max(r, 0), 1), min(max(g, 0), 1), min(max(b, 0), 1))
    }

    /// Straight colors, saturated through premultiplied pixels, match the CSS matrix on the straight color.
    /// Tolerance 1e-6: Float arithmetic on values in 0...1 (a few ulps), far below one 16-bit level.
    @Test(arguments: [0, 0.5, 1, 1.4, 1.8, 3] as [Float])
    func matchesTheCSSMatrix(amount: Float) {
        let sat = Saturation(amount)
        var worst = 0.0
        for (i, c) in [SIMD3<Double>(0.9, 0.2, 0.1), SIMD3(0.1, 0.6, 0.95), SIMD3(0.5, 0.5, 0.5), SIMD3(1, 1, 0),
                       SIMD3(0.02, 0.98, 0.3)].enumerated() {
            let alpha: Float = [1, 0.5, 0.25, 1, 0.8][i]
            let p = SIMD4<Float>(Float(c.x), Float(c.y), Float(c.z), 1) * alpha
            let out = sat.apply(p)
            let expected = css(Double(amount), SIMD3(Double(Float(c.x)), Double(Float(c.y)), Double(Float(c.z))))
            #expect(out.w == alpha)
            worst = max(worst, abs(Double(out.x / alpha) - expected.x), abs(Double(out.y / alpha) - expected.y),
                        abs(Double(out.z / alpha) - expected.z))
        }
        #expect(worst < 1e-6, "worst \(worst)")
    }

    @Test func grayIsAFixedPointAndOneIsTheIdentity() {
        let gray = SIMD4<Float>(0.4, 0.4, 0.4, 1)
        let out = Saturation(1.8).apply(gray)
        #expect(abs(out.x - 0.4) < 1e-6 && abs(out.y - 0.4) < 1e-6 && abs(out.z - 0.4) < 1e-6)
        let p = SIMD4<Float>(0.3, 0.1, 0.7, 0.9)
        #expect(Saturation.identity.apply(p) == p)
    }

    /// The lane-by-lane clamp gives exactly what `replacing(with:where:)` gives, bit for bit, over values below
    /// 0, above alpha, at both bounds, signed zeros, infinities and NaN. Seen failing: with `x <= 0` for `x < 0`
    /// (a negative zero made positive), the -0 lanes differ.
    @Test func clampIsReplacingBitForBit() {
        let specials: [Float] = [-2, -0.25, -0.0, 0, 1e-30, 0.3, 0.5, 0.99, 1, 1.5, .infinity, -.infinity, .nan]
        for amount: Float in [0, 1.4, 3] {
            let s = Saturation(amount)
            for r in specials { for g in specials { for b in [Float(-0.5), 0, 0.4, 2, .nan] { for a in [Float(0), 0.5, 1] {
                let p = SIMD4<Float>(r, g, b, a)
                var plain = s.columns.0 * p.x + s.columns.1 * p.y + s.columns.2 * p.z
                plain = plain.replacing(with: 0, where: plain .< 0)
                plain = plain.replacing(with: SIMD4(repeating: p.w), where: plain .> p.w)
                plain.w = p.w
                let fast = s.apply(p)
                let same = (0..<4).allSatisfy { fast[$0].bitPattern == plain[$0].bitPattern }
                #expect(same, "saturate(\(amount)) of \(p): \(fast) against \(plain)")
            } } } }
        }
    }
}
