import Raster

/// The specular light of eight pixels of a row at once, in Float lanes: the band's Gaussian (and a shimmer's),
/// and the edge's mirror, for `LiquidGlass`'s lane kernel. Reference: `Specular.profile(u:center:)` and
/// `Specular.reflection(normal:light:)` in Double with libm's `exp`, which stay the definition; tests compare.
///
/// Approximation: `DMath.exp` over eight Float lanes (Raster's Math/), e^x by range reduction and a polynomial,
/// replaces libm's Double `exp`, which was 1.9% of a showcase frame's CPU on its own, called once per glass pixel.
extension Specular.Lighting {
    /// `band(u:)` over lanes.
    @inline(__always)
    func band8(u: SIMD8<Float>) -> SIMD8<Float> {
        Float(specular.bandStrength) * specular.profile8(u: u, center: Float(bandCenter))
    }

    /// The surface normal's x and y over lanes, for slope `s` along the unit inward direction (ix, iy):
    /// n = (-s i, 1) / sqrt(s^2 + 1), as the kernel builds it. It does not depend on the tilt, so a drawing kept
    /// for a new tilt (`LiquidBody`) keeps it.
    @inline(__always)
    static func normal8(slope s: SIMD8<Float>, inwardX ix: SIMD8<Float>, inwardY iy: SIMD8<Float>)
        -> (x: SIMD8<Float>, y: SIMD8<Float>) {
        let q = s / (s * s + 1).squareRoot()
        return (-ix * q, -iy * q)
    }

    /// `reflection(normal:)` over lanes, for the normal's x and y (`normal8`): the excess reflectance and the
    /// grey it mirrors.
    @inline(__always)
    func reflection8(normalX nx: SIMD8<Float>, normalY ny: SIMD8<Float>) -> (share: SIMD8<Float>, grey: SIMD8<Float>) {
        let facing = nx * Float(light.x) + ny * Float(light.y)
        var lit = 2 * facing
        lit = lit.replacing(with: 0, where: lit .< 0)
        lit = lit.replacing(with: 1, where: lit .> 1)
        let grey = Float(specular.environment) + Float(specular.environmentLight) * lit
        return (Float(specular.mirror) * Specular.excessReflectance8(sineSquared: nx * nx + ny * ny), grey)
    }

    /// The added white light of eight pixels, capped at 1: the band at `u` plus the press's `shimmer`. With
    /// `reflection8`, the one place the kernel and the kept drawing's relight (`LiquidBody`) compute the light,
    /// so both give the same bits.
    @inline(__always)
    func specular8(u: SIMD8<Float>, shimmer: SIMD8<Float>) -> SIMD8<Float> {
        let spec = band8(u: u) + shimmer
        return spec.replacing(with: 1, where: spec .> 1)
    }
}

extension Specular {
    /// `profile(u:center:)` over lanes: exp(-t^2) with t = (u - center) / bandWidth.
    @inline(__always)
    func profile8(u: SIMD8<Float>, center: Float) -> SIMD8<Float> {
        let t = (u - center) * Float(1 / bandWidth)
        return DMath.exp(-(t * t))
    }

    /// `excessReflectance(sine:)` over lanes, given the sine's square.
    @inline(__always)
    static func excessReflectance8(sineSquared s2: SIMD8<Float>) -> SIMD8<Float> {
        let n = Float(reflectingIndex), zero = SIMD8<Float>(repeating: 0)
        let ci = (1 - s2).replacing(with: zero, where: s2 .> 1).squareRoot()
        let ct = (1 - s2 / (n * n)).squareRoot()
        let rs = (ci - n * ct) / (ci + n * ct), rp = (ct - n * ci) / (ct + n * ci)
        let r0 = (n - 1) * (n - 1) / ((n + 1) * (n + 1))
        let e = ((rs * rs + rp * rp) / 2 - r0) / (1 - r0)
        return e.replacing(with: zero, where: (e .< 0) .| (s2 .<= 0))
    }
}
