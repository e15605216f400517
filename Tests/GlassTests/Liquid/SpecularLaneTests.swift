import Foundation
import Testing
@testable import Glass
import Raster

/// The specular light's Float lanes against libm in Double: `DMath.exp` (lanes) against `exp`, and the band, shimmer
/// and rim lanes against `Specular.Lighting`'s Double `band(u:)` and `rim(normal:)`. One 8-bit level is 3.9e-3;
/// the bounds are four to five orders of magnitude below it and fail when the exp polynomial loses its last two
/// terms (degree 5: 2.4e-6 relative).
@Suite struct SpecularLaneTests {
    /// exp over [-87, 0] (every argument the band can give, down to where the lanes stop at e^-87), 2^21 points
    /// spread evenly plus the ends. Bound: 2.5e-7 relative (about two Float ulps) and 1.5e-7 absolute.
    @Test func exponentialMatchesLibm() {
        let n = 1 << 21
        var worstRelative = 0.0, worstAbsolute = 0.0
        for start in stride(from: 0, to: n + 8, by: 8) {
            var x = SIMD8<Float>(repeating: 0)
            for l in 0..<8 { x[l] = -87 * Float(min(start + l, n)) / Float(n) }
            let e = DMath.exp(x)
            for l in 0..<8 {
                let exact = Foundation.exp(Double(x[l]))
                let error = abs(Double(e[l]) - exact)
                worstAbsolute = max(worstAbsolute, error)
                worstRelative = max(worstRelative, error / exact)
            }
        }
        print("DMath.exp lanes against exp on [-87, 0]: \(worstAbsolute) absolute, \(worstRelative) relative")
        #expect(worstRelative <= 2.5e-7, "relative error \(worstRelative)")
        #expect(worstAbsolute <= 1.5e-7, "absolute error \(worstAbsolute)")
        #expect(DMath.exp(SIMD8(repeating: 0)) == SIMD8(repeating: 1), "e^0 is exactly 1")
    }

    /// The band and the rim over lanes against the Double definitions, over positions across and beyond a panel
    /// and normals all round the rim at several slopes, at three tilts. Bound: 1e-6 of added light.
    @Test(arguments: [(0.0, 0.0), (0.4, -0.3), (-0.5, 0.6)])
    func bandAndRimMatchTheDefinition(pitch: Double, roll: Double) {
        let lighting = Specular.Lighting(Specular(), light: Specular.light(pitch: pitch, roll: roll))
        var worst = 0.0, worstGrey = 0.0, worstShare = 0.0
        for step in 0..<400 {
            let u0 = -0.5 + Double(step) / 200
            let u = SIMD8<Float>((0..<8).map { Float(u0 + Double($0) / 1600) })
            let band = lighting.band8(u: u)
            for l in 0..<8 { worst = max(worst, abs(Double(band[l]) - lighting.band(u: Double(u[l])))) }
        }
        for step in 0..<200 {
            let angle = Double(step) * 2 * Double.pi / 200
            let slope = SIMD8<Float>(0, 0.05, 0.3, 1, 2.5, 8, 40, 666)
            let ix = SIMD8<Float>(repeating: Float(cos(angle))), iy = SIMD8<Float>(repeating: Float(sin(angle)))
            let normal = Specular.Lighting.normal8(slope: slope, inwardX: ix, inwardY: iy)
            let mirror = lighting.reflection8(normalX: normal.x, normalY: normal.y)
            for l in 0..<8 {
                let s = Double(slope[l]), len = (s * s + 1).squareRoot()
                let n = SIMD3(-Double(ix[l]) * s / len, -Double(iy[l]) * s / len, 1 / len)
                let exact = lighting.reflection(normal: n)
                worstGrey = max(worstGrey, abs(Double(mirror.grey[l]) - exact.grey))
                worstShare = max(worstShare, abs(Double(mirror.share[l]) - exact.share))
            }
        }
        print("band lanes against the Double definition: \(worst); the mirror's grey \(worstGrey), its share \(worstShare)")
        #expect(worst <= 1e-6, "worst \(worst)")
        #expect(worstGrey <= 1e-6, "worst grey \(worstGrey)")
        // Float's 1 - sin^2 near grazing (slope 666) loses digits: an eighth of an 8-bit level at most.
        #expect(worstShare <= 5e-4, "worst share \(worstShare)")
    }
}
