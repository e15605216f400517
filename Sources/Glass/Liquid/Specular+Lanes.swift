import Raster

/// The specular light of eight pixels of a row at once, in Float lanes: the band's Gaussian (and a shimmer's),
/// and the rim, for `LiquidGlass`'s lane kernel. Reference: `Specular.profile(u:center:)` and
/// `Specular.rim(normal:light:)` in Double with libm's `exp`, which stay the definition; tests compare.
///
/// Approximation: `DMath.exp` over eight Float lanes (Raster's Math/), e^x by range reduction and a polynomial,
/// replaces libm's Double `exp`, which was 1.9% of a showcase frame's CPU on its own, called once per glass pixel.
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
        let (nx, ny) = (-ix * q, -iy * q)
        let facing = nx * Float(light.x) + ny * Float(light.y)
        var lit = 2 * facing
        lit = lit.replacing(with: 0, where: lit .< 0)
        lit = lit.replacing(with: 1, where: lit .> 1)
        let ambient = Float(specular.rimAmbient) * (nx * nx + ny * ny).squareRoot()
        return Float(specular.rimStrength) * lit.replacing(with: ambient, where: ambient .> lit)
    }
}

extension Specular {
    /// `profile(u:center:)` over lanes: exp(-t^2) with t = (u - center) / bandWidth.
    @inline(__always)
    func profile8(u: SIMD8<Float>, center: Float) -> SIMD8<Float> {
        let t = (u - center) * Float(1 / bandWidth)
        return DMath.exp(-(t * t))
    }
}
