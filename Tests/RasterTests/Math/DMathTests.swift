import Foundation
import Testing
@testable import Raster

/// DMath against glibc over each function's used domain, swept densely; the bounds asserted here are the figures
/// in docs/performance.md ("Deterministic elementary functions"). Float results are measured in Float ulps of
/// the reference (libm's Double function rounded once to Float, so libm's own Float error does not count);
/// Double results in Double ulps of libm's Double result, sin and cos in absolute units of 2^-53 (relative error
/// means nothing at their zeros). Each sweep prints its worst case.
@Suite struct DMathTests {
    /// How many Float ulps `a` lies from `b` (both finite, same sign or zero).
    static func ulps(_ a: Float, _ b: Float) -> Int {
        if a == b { return 0 }
        return abs(Int(Int32(bitPattern: a.bitPattern)) - Int(Int32(bitPattern: b.bitPattern)))
    }

    static func ulps(_ a: Double, _ b: Double) -> Int {
        if a == b { return 0 }
        let d = Int64(bitPattern: a.bitPattern) &- Int64(bitPattern: b.bitPattern)
        return d == .min ? .max : Int(abs(d))
    }

    /// n points from a to b, evenly (geometric: evenly in log).
    static func sweep(_ a: Double, _ b: Double, _ n: Int, geometric: Bool = false) -> [Double] {
        (0..<n).map { i in
            let f = Double(i) / Double(n - 1)
            return geometric ? Foundation.exp(Foundation.log(a) + f * (Foundation.log(b) - Foundation.log(a))) : a + f * (b - a)
        }
    }

    /// Worst Float pow error in ulps over x in [a, b] for each exponent, where the result is a normal Float (below
    /// 2^-126 DMath gives 2^-126: an absolute error under 1.2e-38, checked by `powSpecialValues`).
    static func worstPow(_ a: Double, _ b: Double, _ exponents: [Float], n: Int = 1 << 18) -> (ulps: Int, at: String) {
        var worst = 0, at = ""
        let xs = sweep(a, b, n / 2) + sweep(max(a, 1e-30), b, n / 2, geometric: true)
        for e in exponents {
            for xd in xs {
                let x = Float(xd)
                let reference = Float(Foundation.pow(Double(x), Double(e)))
                guard reference >= Float.leastNormalMagnitude else { continue }
                let u = ulps(DMath.pow(x, e), reference)
                if u > worst { worst = u; at = "pow(\(x), \(e))" }
            }
        }
        return (worst, at)
    }

    // MARK: Float pow, the render paths' domains

    /// sRGB: decode raises (a + 0.055) / 1.055 in [0.048, 1] to 2.4, encode a in [0.0031308, 1] to 1 / 2.4
    /// (extended to 2 for colors past the gamut, which the odd extension allows).
    @Test func powOverTheSRGBTransfer() {
        let decode = Self.worstPow(0.04045 + 0.055 / 1.055, 2, [2.4])
        let encode = Self.worstPow(0.0031308, 2, [1 / 2.4])
        print("DMath.pow sRGB decode: \(decode.ulps) ulps at \(decode.at); encode: \(encode.ulps) ulps at \(encode.at)")
        #expect(decode.ulps <= 10, "\(decode)")
        #expect(encode.ulps <= 4, "\(encode)")
    }

    /// The continuous corner: ratios in (0, 1] to n = 3.26, sums in [1, 2] to 1 / n. The ratios' relative error
    /// grows as they shrink (110 ulps at 1e-10, whose power is 1e-33); what reaches the distance is the absolute
    /// error, below 9e-8 (RoundedRectLaneTests).
    @Test func powOverTheContinuousCorner() {
        let n = ContinuousCorner.exponent
        let ratios = Self.worstPow(1e-12, 1, [n])
        let sums = Self.worstPow(1, 2, [1 / n])
        print("DMath.pow corner ratios: \(ratios.ulps) ulps at \(ratios.at); sums: \(sums.ulps) ulps at \(sums.at)")
        #expect(ratios.ulps <= 128, "\(ratios)")
        #expect(sums.ulps <= 2, "\(sums)")
    }

    /// APCA's powers of luminances in [0, 1] (and the black clamp's 1.414 of [0, 0.022]); the plane's fall-off
    /// (1 - u)^p for p a decoded positive exponent (0.1 to 8 swept).
    @Test func powOverLegibilityAndFalloff() {
        let apca = Self.worstPow(1e-6, 1, [2.4, 0.56, 0.57, 0.65, 0.62])
        let clamp = Self.worstPow(1e-6, 0.022, [1.414])
        let falloff = Self.worstPow(1e-4, 1, [0.1, 0.5, 1.5, 3, 8], n: 1 << 16)
        print("DMath.pow APCA: \(apca.ulps) ulps at \(apca.at); black clamp: \(clamp.ulps); fall-off: \(falloff.ulps) at \(falloff.at)")
        #expect(apca.ulps <= 48 && clamp.ulps <= 28 && falloff.ulps <= 48, "\(apca) \(clamp) \(falloff)")
    }

    @Test func powSpecialValues() {
        #expect(DMath.pow(Float(1), 2.4) == 1 && DMath.pow(Float(1), 1 / 2.4) == 1)
        #expect(DMath.pow(Float(0), 2.4) == 0 && DMath.pow(Float(1e-40), 2.4) == 0)
        #expect(DMath.pow(Float(-1), 2).isNaN && DMath.pow(Float.nan, 2).isNaN)
        #expect(DMath.pow(Float(1e30), 8) == .infinity)
        #expect(DMath.pow(Float(1e-12), 3.26) == Float.leastNormalMagnitude, "results below 2^-126 are 2^-126")
        #expect(DMath.pow(Float(4), 0.5) == 2 && DMath.pow(Float(2), 3) == 8)
    }

    /// The scalar and the sixteen lanes are one function: the same bits over the corner's inputs and the sRGB range.
    @Test func powLanesAreTheScalar() {
        var xs: [Float] = [0, 1, 2, Float.leastNormalMagnitude, 1e-30, 0.5, 1.5]
        xs += (0..<(1 << 14)).map { Float($0 + 1) / Float(1 << 14) }
        xs += (0..<(1 << 14)).map { 1 + Float($0) / Float((1 << 14) - 1) }
        while xs.count % 16 != 0 { xs.append(0.25) }
        var mismatches = 0
        for e: Float in [ContinuousCorner.exponent, 1 / ContinuousCorner.exponent, 2.4, 1 / 2.4] {
            for s in stride(from: 0, to: xs.count, by: 16) {
                let lanes = DMath.pow(SIMD16<Float>(xs[s..<(s + 16)]), e)
                for l in 0..<16 where lanes[l].bitPattern != DMath.pow(xs[s + l], e).bitPattern { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// The coefficients written in hex are their definition, ln2^j / j! rounded once from Double.
    @Test func exp2CoefficientsAreTheirDefinition() {
        let written = [DMath.exp2Coefficient1, DMath.exp2Coefficient2, DMath.exp2Coefficient3, DMath.exp2Coefficient4,
                       DMath.exp2Coefficient5, DMath.exp2Coefficient6, DMath.exp2Coefficient7]
        for (j, c) in written.enumerated() {
            #expect(c.bitPattern == DMath.exp2Coefficient(j + 1).bitPattern, "coefficient \(j + 1)")
        }
        #expect(DMath.exp2Coefficient(0) == 1)
        let log2 = [DMath.log2Coefficient1, DMath.log2Coefficient3, DMath.log2Coefficient5, DMath.log2Coefficient7,
                    DMath.log2Coefficient9]
        for (i, c) in log2.enumerated() {
            #expect(c.bitPattern == DMath.log2Coefficient(2 * i + 1).bitPattern, "log2 coefficient \(2 * i + 1)")
        }
    }

    // MARK: Double

    /// exp over [-745, 709] (the blur's Gaussian weights are in [-8, 0], the glass band's in [-90, 0], the press
    /// spring's decay in [-1e3, 0]): densely where the render paths are, coarsely over the rest.
    @Test func expAgainstLibm() {
        var worst = 0, at = 0.0
        for x in Self.sweep(-100, 0, 1 << 20) + Self.sweep(-745, 709, 1 << 18) {
            let u = Self.ulps(DMath.exp(x), Foundation.exp(x))
            if u > worst, Foundation.exp(x) >= Double.leastNormalMagnitude { worst = u; at = x }
        }
        print("DMath.exp: \(worst) ulps at \(at)")
        #expect(worst <= 2, "exp: \(worst) ulps at \(at)")
        #expect(DMath.exp(0) == 1 && DMath.exp(-800) == 0 && DMath.exp(800) == .infinity && DMath.exp(.nan).isNaN)
    }

    /// log2 of an area ratio (adaptive opacity: areas of 1 to 1e8 square points over 44^2) and log over 2^-1074
    /// to 2^1023.
    @Test func logAgainstLibm() {
        var worst2 = 0, worst = 0, at2 = 0.0
        for x in Self.sweep(1e-4, 1e6, 1 << 20, geometric: true) + Self.sweep(0.5, 2, 1 << 18) {
            let u = Self.ulps(DMath.log2(x), Foundation.log2(x))
            if u > worst2 { worst2 = u; at2 = x }
        }
        for x in Self.sweep(Double.leastNonzeroMagnitude, 1e308, 1 << 18, geometric: true) + Self.sweep(0.25, 4, 1 << 18) {
            worst = max(worst, Self.ulps(DMath.log(x), Foundation.log(x)))
        }
        print("DMath.log2: \(worst2) ulps at \(at2); DMath.log: \(worst) ulps")
        #expect(worst2 <= 3 && worst <= 2, "log2 \(worst2) at \(at2), log \(worst)")
        #expect(DMath.log2(1) == 0 && DMath.log2(8) == 3 && DMath.log(1) == 0)
        #expect(DMath.log(0) == -.infinity && DMath.log(-1).isNaN && DMath.log2(.infinity) == .infinity)
    }

    /// sin and cos over [-1e4, 1e4] (tilt angles of a turn, SVG arc angles, the press spring's phase over
    /// seconds), absolute error in units of 2^-53; tan over the arc's quarter steps [-pi/8, pi/8], relative.
    @Test func sinCosTanAgainstLibm() {
        var worst = 0.0, at = 0.0
        for x in Self.sweep(-7, 7, 1 << 20) + Self.sweep(-1e4, 1e4, 1 << 20) {
            let e = max(abs(DMath.sin(x) - Foundation.sin(x)), abs(DMath.cos(x) - Foundation.cos(x))) * 0x1p53
            if e > worst { worst = e; at = x }
        }
        var worstTan = 0
        for x in Self.sweep(-Double.pi / 8, Double.pi / 8, 1 << 18) {
            worstTan = max(worstTan, Self.ulps(DMath.tan(x), Foundation.tan(x)))
        }
        print("DMath.sin/cos: \(worst) x 2^-53 absolute at \(at); tan: \(worstTan) ulps")
        #expect(worst <= 4, "sin/cos: \(worst) x 2^-53 at \(at)")
        #expect(worstTan <= 4)
        #expect(DMath.sin(0.0) == 0 && DMath.cos(0.0) == 1 && DMath.sin(-0.0).sign == .minus)
    }

    /// atan2 around the circle at radii from 1e-6 to 1e6, and on the axes; relative in ulps.
    @Test func atan2AgainstLibm() {
        var worst = 0, at = (0.0, 0.0)
        for r in [1e-6, 0.37, 1, 250, 1e6] {
            for a in Self.sweep(-Double.pi, Double.pi, 1 << 17) {
                let (y, x) = (r * Foundation.sin(a), r * Foundation.cos(a))
                let u = Self.ulps(DMath.atan2(y, x), Foundation.atan2(y, x))
                if u > worst { worst = u; at = (y, x) }
            }
        }
        print("DMath.atan2: \(worst) ulps at \(at)")
        #expect(worst <= 4, "atan2: \(worst) ulps at \(at)")
        for (y, x) in [(0.0, 1.0), (0.0, -1.0), (1.0, 0.0), (-1.0, 0.0), (-0.0, -1.0), (1.0, 1.0), (-3.0, -3.0),
                       (Double.infinity, 1), (1, -Double.infinity), (Double.infinity, -Double.infinity)] {
            #expect(DMath.atan2(y, x) == Foundation.atan2(y, x), "atan2(\(y), \(x))")
        }
    }

    /// The Float forms through Double: sin, cos over [-100, 100] and atan2 of Float pairs, in Float ulps (0 or 1:
    /// one rounding of a near-exact Double).
    @Test func floatFormsAgainstLibm() {
        var worst = 0
        for xd in Self.sweep(-100, 100, 1 << 20) {
            let x = Float(xd)
            let s = Float(Foundation.sin(Double(x))), c = Float(Foundation.cos(Double(x)))
            if abs(s) > 1e-6 { worst = max(worst, Self.ulps(DMath.sin(x), s)) }
            if abs(c) > 1e-6 { worst = max(worst, Self.ulps(DMath.cos(x), c)) }
        }
        print("DMath.sin/cos (Float): \(worst) ulps")
        #expect(worst <= 1)
    }
}
