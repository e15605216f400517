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

    /// The surface normal's x and y over lanes, for slope `s` along the unit inward direction (ix, iy):
    /// n = (-s i, 1) / sqrt(s^2 + 1), as the kernel builds it. It does not depend on the tilt, so a drawing kept
    /// for a new tilt (`LiquidBody`) keeps it.
    @inline(__always)
    static func normal8(slope s: SIMD8<Float>, inwardX ix: SIMD8<Float>, inwardY iy: SIMD8<Float>)
        -> (x: SIMD8<Float>, y: SIMD8<Float>) {
        let q = s / (s * s + 1).squareRoot()
        return (-ix * q, -iy * q)
    }

    /// `rim(normal:)` over lanes, for the normal of slope `s` along the unit inward direction (ix, iy).
    @inline(__always)
    func rim8(slope s: SIMD8<Float>, inwardX ix: SIMD8<Float>, inwardY iy: SIMD8<Float>) -> SIMD8<Float> {
        let n = Self.normal8(slope: s, inwardX: ix, inwardY: iy)
        return rim8(normalX: n.x, normalY: n.y)
    }

    /// `rim(normal:)` over lanes, for the normal's x and y (`normal8`).
    @inline(__always)
    func rim8(normalX nx: SIMD8<Float>, normalY ny: SIMD8<Float>) -> SIMD8<Float> {
        let facing = nx * Float(light.x) + ny * Float(light.y)
        var lit = 2 * facing
        lit = lit.replacing(with: 0, where: lit .< 0)
        lit = lit.replacing(with: 1, where: lit .> 1)
        let ambient = Float(specular.rimAmbient) * (nx * nx + ny * ny).squareRoot()
        return Float(specular.rimStrength) * lit.replacing(with: ambient, where: ambient .> lit)
    }

    /// The added white light of eight pixels, capped at 1: the band at `u` and, given the normal (a chunk with a
    /// lensed pixel), the rim, times the highlight `gain`, plus the press's `shimmer`. The one place the kernel
    /// and the kept drawing's relight (`LiquidBody`) compute it, so both give the same bits.
    @inline(__always)
    func specular8(u: SIMD8<Float>, normal: (x: SIMD8<Float>, y: SIMD8<Float>)?, gain: SIMD8<Float>,
                   shimmer: SIMD8<Float>) -> SIMD8<Float> {
        var lit = band8(u: u)
        if let normal { lit += rim8(normalX: normal.x, normalY: normal.y) }
        let spec = gain * lit + shimmer
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
}
