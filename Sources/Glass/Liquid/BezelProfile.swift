import Raster

/// The cross-section of a Liquid Glass surface near its edge: how the glass rises from the rim to the flat top.
///
/// A profile maps x = (distance inward from the edge) / (bezel width), in 0...1, to a height in 0...1 (times the
/// glass thickness). Past the bezel (x >= 1) the surface is flat at the profile's value at 1, so the interior
/// never displaces what is behind it. Slopes are analytic, so the surface normal and the refraction they drive
/// are exact, not finite differences.
public enum BezelProfile: String, Sendable, CaseIterable, Hashable {
    /// A squircle quadrant, h = (1 - (1 - x)^4)^(1/4): a steep rim that flattens quickly, the look of iOS 26
    /// Liquid Glass controls. The default.
    case convexSquircle
    /// A circular quadrant, h = sqrt(1 - (1 - x)^2): a rounder, softer dome.
    case convexCircle
    /// A bowl: thick at the rim, falling to a plateau at half the thickness, h = 1 - sqrt(1 - (1 - x)^2) / 2
    /// (a diverging lens: what lies behind shrinks toward the edges instead of swelling).
    case concave
    /// A raised lip: convex at the rim, dipping concave into a slightly lower plateau (h ends at 0.8), blended by
    /// a smoothstep; highlights catch both the rim and the inner edge of the lip.
    case lip

    /// Height at x (0 at the rim, flat from x = 1 on).
    public func height(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        switch self {
        case .convexSquircle:
            // (1 - u^4)^(1/4) by products and two square roots: IEEE fixes every bit (no libm pow).
            let u = 1 - x, u2 = u * u
            return (1 - u2 * u2).squareRoot().squareRoot()
        case .convexCircle: return (1 - (1 - x) * (1 - x)).squareRoot()
        case .concave: return 1 - BezelProfile.convexCircle.height(x) / 2
        case .lip:
            let s = x * x * (3 - 2 * x)
            return (1 - s) * BezelProfile.convexSquircle.height(min(1, 2 * x)) + s * 0.8
        }
    }

    /// dh/dx, analytic. Infinite slopes at the rim are clamped to a large finite value (a vertical wall refracts
    /// light out of view; the renderer treats it as total internal reflection).
    public func slope(_ x: Double) -> Double {
        guard x < 1 else { return 0 }
        let x = max(x, 0)
        let cap = 1e3
        switch self {
        case .convexSquircle:
            // d/dx (1 - u^4)^(1/4), u = 1 - x: (1 - u^4)^(-3/4) * u^3
            let u = 1 - x
            let u2 = u * u, base = 1 - u2 * u2
            // base^(3/4) = sqrt(base) * sqrt(sqrt(base)): IEEE operations only.
            let r = base.squareRoot()
            return base <= 0 ? cap : min(cap, u2 * u / (r * r.squareRoot()))
        case .convexCircle:
            let u = 1 - x
            let base = 1 - u * u
            return base <= 0 ? cap : min(cap, u / base.squareRoot())
        case .concave:
            return -BezelProfile.convexCircle.slope(x) / 2
        case .lip:
            // Numerical derivative of the blend: the pieces are smooth, a central difference of 1e-6 is exact to ~1e-9.
            let h = 1e-6
            let a = max(0, x - h), b = min(1, x + h)
            return (height(b) - height(a)) / (b - a)
        }
    }
}
