import Raster

/// The specular light of eight pixels of a row at once, in Float lanes: the band's Gaussian (and a shimmer's),
/// and the rim, for `LiquidGlass`'s lane kernel. Reference: `Specular.profile(u:center:)` and
/// `Specular.rim(normal:light:)` in Double with libm's `exp`, which stay the definition; tests compare.
///
/// Approximation: `exp8`, e^x by range reduction and a polynomial (below), replaces libm's Double `exp`, which
/// was 1.9% of a showcase frame's CPU on its own, called once per glass pixel.
extension Specular.Lighting {
    /// `band(u:)` over lanes.
    @inline(__always)
    func band8(u: SIMD8<Float>) -> SIMD8<Float> {
        Float(specular.bandStrength) * specular.profile8(u: u, center: Float(bandCenter))
    }

    /// `rim(normal:)` over lanes, for the normal of slope `s` along the unit inward direction (ix, iy):
    /// n = (-s i, 1) / sqrt(s^2 + 1), as the kernel builds it.
    @inline(__always)
    func rim8(slope s: SIMD8<Float>, inwardX ix: SIMD8<Float>, inwardY iy: SIMD8<Float>) -> SIMD8<Float> {
        let q = s / (s * s + 1).squareRoot()
        let facing = (-ix * q) * Float(light.x) + (-iy * q) * Float(light.y)
        var lit = 2 * facing
        lit = lit.replacing(with: 0, where: lit .< 0)
        lit = lit.replacing(with: 1, where: lit .> 1)
        return Float(specular.rimStrength) * lit
    }
}

extension Specular {
    /// `profile(u:center:)` over lanes: exp(-t^2) with t = (u - center) / bandWidth.
    @inline(__always)
    func profile8(u: SIMD8<Float>, center: Float) -> SIMD8<Float> {
        let t = (u - center) * Float(1 / bandWidth)
        return Self.exp8(-(t * t))
    }

    /// e^x over lanes for x <= 0 (the band's Gaussian needs no more). Below -87 the result is e^-87 = 1.6e-38
    /// instead of less: nothing a pixel can show.
    ///
    /// Cody-Waite range reduction: x = k ln 2 + r with k the nearest integer to x / ln 2, so |r| <= ln 2 / 2,
    /// and ln 2 split into a high part with few bits (k ln2hi is exact for |k| < 2^11) and the rest; e^r by its
    /// Taylor series to degree 7 (the next term is below 5e-9 relative); 2^k built in the exponent bits.
    /// Measured against Double `exp` on 2 million points of [-87, 0] (SpecularLaneTests): within 5.5e-8
    /// absolute and 1.0e-7 relative (about one Float ulp), where one 8-bit level is 3.9e-3. Cut to degree 5,
    /// 2.3e-6 absolute.
    @inline(__always)
    static func exp8(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let x = x.replacing(with: -87, where: x .< -87)
        let (k, i) = LaneIntegers.rounded(x * 1.442_695_04)
        let r = (x - k * 0.693_145_751_953_125) - k * 1.428_606_765_330_187e-6
        var p = SIMD8<Float>(repeating: 1.0 / 5040)
        p = 1.0 / 720 + r * p
        p = 1.0 / 120 + r * p
        p = 1.0 / 24 + r * p
        p = 1.0 / 6 + r * p
        p = 0.5 + r * p
        p = 1 + r * p
        p = 1 + r * p
        return p * LaneIntegers.powerOfTwo(i)
    }
}
