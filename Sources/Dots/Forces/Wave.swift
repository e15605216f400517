import Raster

/// How a wave's influence is shaped in space.
///
/// - `ring`: a band of width `width` around a circle whose radius grows by `speed` points per step.
/// - `bloom`: a filled disc of that radius with a soft edge `width` points wide.
/// - `noise`: a ring band whose influence is modulated by seeded coherent noise (value noise in x, y and time).
public enum WaveType: String, Sendable, CaseIterable {
    case ring, bloom, noise
}

/// The numbers of one wave. Units: strength in points per step^2 (velocity added per step at full influence;
/// 0 makes a color wave that tints without displacing), speed in points per 60 Hz step, width in points, life
/// in seconds. Ranges: strength >= 0, speed > 0, width > 0, life > 0 (the scene decoder checks).
public struct WaveParameters: Sendable, Hashable {
    public var type: WaveType
    public var strength: Float
    public var speed: Float
    public var width: Float
    public var life: Double

    public init(type: WaveType, strength: Float, speed: Float, width: Float, life: Double) {
        self.type = type
        self.strength = strength
        self.speed = speed
        self.width = width
        self.life = life
    }

    /// Displacement waves push dots and brighten them toward dotTap; color waves only tint.
    public var displaces: Bool { strength > 0 }
}

/// A wave launched at a point at a physics step: an effect from the table, a trail ring or an ambient wave.
///
/// Contract (docs/plane.md, "Waves"): at update k (advancing the plane from step k-1 to step k) the wave has
/// age a = k - start steps, front radius R(a) = speed x a and envelope e = 1 - a / (life x 60). Its influence
/// on a dot at distance d from the origin is w = e x (1 - u)^falloff with u the normalized distance into the
/// band; the band is swept (it covers the radii from R(a-1) to R(a), widened by width / 2 on both sides) so a
/// fast thin ripple never jumps over a dot between two steps.
public struct Wave: Sendable, Hashable {
    public var parameters: WaveParameters
    /// Origin in points.
    public var origin: Point
    /// The physics step at which the front has radius 0.
    public var start: Int
    /// Tint the wave paints (straight sRGB; its alpha is the alpha a fully tinted dot shows).
    public var tint: Color

    public init(parameters: WaveParameters, origin: Point, start: Int, tint: Color) {
        self.parameters = parameters
        self.origin = origin
        self.start = start
        self.tint = tint
    }

    /// Life in whole steps (at least one).
    public var lifeSteps: Int { max(1, Int(checked: parameters.life * PlaneDefaults.stepsPerSecond, .toNearestOrAwayFromZero)) }

    /// Whether update `k` sees this wave.
    public func isLive(atUpdate k: Int) -> Bool { k > start && k - start <= lifeSteps }

    /// Envelope e at update k: 1 at launch, falling linearly to 0 at the end of life.
    public func envelope(atUpdate k: Int) -> Float {
        1 - Float(k - start) / Float(lifeSteps)
    }

    /// Front radius at update k, points.
    public func radius(atUpdate k: Int) -> Float { parameters.speed * Float(k - start) }
}

/// Fall-off (1 - u)^p for u in 0...1, 0 beyond. p = 2 is the seed's quadratic fall-off, p = 1 linear.
@inlinable
func falloffCurve(_ u: Float, _ p: Float) -> Float {
    let t = max(0, 1 - u)
    if p == 2 { return t * t }
    if p == 1 { return t }
    return t > 0 ? DMath.pow(t, p) : 0
}
