import Raster

/// How an `interactive` Liquid Glass panel answers a press: it swells a little on touch-down and springs back
/// with a bounce on release, while a shimmer of light runs across it.
///
/// The scale follows a damped spring (a critically-underdamped harmonic oscillator) toward its target:
/// x(t) = target + (x0 - target) e^(-z w t) (cos(w_d t) + (z w / w_d) sin(w_d t)), with w = 2 pi / response,
/// w_d = w sqrt(1 - z^2), starting at rest. Press and release are two such steps, superposed, so the motion is
/// continuous in value and velocity. `response` and `dampingFraction` are SwiftUI's spring parameters.
public struct PressResponse: Sendable, Hashable {
    /// Scale while held (Apple's interactive glass grows slightly under the finger).
    public var pressedScale: Double = 1.08
    /// Spring response in seconds and damping fraction (below 1 bounces), as SwiftUI's `.spring(response:dampingFraction:)`.
    public var response: Double = 0.35
    public var dampingFraction: Double = 0.6
    /// Duration of the shimmer sweep after touch-down, seconds.
    public var shimmerDuration: Double = 0.6

    public init() {}

    /// Displacement remaining from a unit step taken `t` seconds ago (1 at t = 0, settling to 0).
    public func stepRemainder(_ t: Double) -> Double {
        guard t > 0 else { return 1 }
        let w = 2 * Double.pi / response
        let z = min(dampingFraction, 0.999)
        let wd = w * (1 - z * z).squareRoot()
        return DMath.exp(-z * w * t) * (DMath.cos(wd * t) + z * w / wd * DMath.sin(wd * t))
    }

    /// Scale at time `t` for a press from `down` to `up` seconds (up may be nil: still held).
    public func scale(at t: Double, down: Double, up: Double?) -> Double {
        guard t > down else { return 1 }
        let delta = pressedScale - 1
        var s = 1 + delta * (1 - stepRemainder(t - down))
        if let up, t > up { s -= delta * (1 - stepRemainder(t - up)) }
        return s
    }

    /// Shimmer position across the panel (0...1 along its diagonal) and strength, or nil when not shimmering.
    public func shimmer(at t: Double, down: Double) -> (position: Double, strength: Double)? {
        let p = (t - down) / shimmerDuration
        guard p > 0, p < 1 else { return nil }
        return (p * 1.4 - 0.2, DMath.sin(Double.pi * p) * 0.35)
    }
}
