import Raster

/// How a tab bar's selection lens travels: a damped spring from tab to tab, and the squash its speed gives it.
///
/// The spring is the press's (`PressResponse`), with its own constants (GlassDefaults.Liquid.selection*): a unit
/// step taken τ seconds ago has reached x(τ) = 1 - e^(-z w τ) (cos(w_d τ) + (z w / w_d) sin(w_d τ)), at rate
/// x'(τ) = e^(-z w τ) (w^2 / w_d) sin(w_d τ), with w = 2 pi / response and w_d = w sqrt(1 - z^2). The lens's
/// position is a sum of such steps, one per selection, so it is a closed form of the time: any frame, shard or
/// thread count computes the same value from the events alone, and value and velocity stay continuous when a
/// new selection interrupts a move. Only +, -, x, /, sqrt and Raster's `DMath` are used.
///
/// The squash follows Kyant0's LiquidBottomTabs (its `tabLayerBlock`): with v the speed along an axis in lens
/// lengths per second over `selectionSpeedReference`, the lens is stretched along that axis by
/// 1 / (1 - min(0.75 v, 0.2)) and thinned across it by 1 - min(0.25 v, 0.15).
public struct SelectionSpring: Sendable, Hashable {
    public var response = GlassDefaults.Liquid.selectionResponse
    public var dampingFraction = GlassDefaults.Liquid.selectionDampingFraction

    public init() {}

    var omega: Double { 2 * Double.pi / response }
    var damped: Double { omega * (1 - dampingFraction * dampingFraction).squareRoot() }

    /// How far a unit step taken `tau` seconds ago has gone: 0 before it, overshooting 1, settling to 1.
    public func progress(_ tau: Double) -> Double {
        guard tau > 0 else { return 0 }
        let w = omega, z = dampingFraction, wd = damped
        return 1 - DMath.exp(-z * w * tau) * (DMath.cos(wd * tau) + z * w / wd * DMath.sin(wd * tau))
    }

    /// The rate of `progress`, per second: 0 at the step and before it.
    public func rate(_ tau: Double) -> Double {
        guard tau > 0 else { return 0 }
        let w = omega, z = dampingFraction, wd = damped
        return DMath.exp(-z * w * tau) * (w * w / wd) * DMath.sin(wd * tau)
    }

    /// The lens's scale along x and y for a speed of `vx` and `vy` lens lengths per second along each axis (signs
    /// ignored): stretched along its motion, thinned across it.
    public static func squash(vx: Double, vy: Double) -> (x: Double, y: Double) {
        typealias L = GlassDefaults.Liquid
        func stretch(_ v: Double) -> Double { 1 / (1 - min(L.selectionStretch * v, L.selectionStretchLimit)) }
        func thin(_ v: Double) -> Double { 1 - min(L.selectionThinning * v, L.selectionThinningLimit) }
        let x = abs(vx) / L.selectionSpeedReference, y = abs(vy) / L.selectionSpeedReference
        return (stretch(x) * thin(y), stretch(y) * thin(x))
    }
}
