import Glass
import Raster

/// The rim width of a piece of Liquid Glass, resolved at decode: the scene's `bezel`, or GlassDefaults.Liquid's
/// rule with its numbers. The rule stays a rule because the piece's shorter side changes with its keyframes,
/// its press and the union it joins; the compositor takes it per frame with `points(shorterSide:)`.
public enum BezelWidth: Sendable, Hashable {
    /// The scene's width, points (checked at decode to be at most the panel's inradius at every key).
    case points(Float)
    /// `fraction` of the piece's shorter side, at most `cap` points.
    case shorterSide(fraction: Float, cap: Float)

    /// The default: GlassDefaults.Liquid's 16 pt, at most a quarter of the shorter side.
    public static let standard = BezelWidth.shorterSide(fraction: GlassDefaults.Liquid.bezelFractionOfShorterSide,
                                                        cap: GlassDefaults.Liquid.bezelPoints)

    /// The width in points for a piece whose shorter side is `shorterSide` points.
    public func points(shorterSide: Float) -> Float {
        switch self {
        case .points(let p): return p
        case .shorterSide(let fraction, let cap): return min(cap, shorterSide * fraction)
        }
    }
}

/// The height of a piece of Liquid Glass's flat top above the plane, resolved at decode: the scene's
/// `thickness`, or GlassDefaults.Liquid's multiple of the rim width.
public enum GlassThickness: Sendable, Hashable {
    /// The scene's height, points.
    case points(Float)
    /// This many rim widths.
    case perBezel(Float)

    public static let standard = GlassThickness.perBezel(GlassDefaults.Liquid.thicknessPerBezel)

    /// The height in points over a rim `bezel` points wide.
    public func points(bezel: Float) -> Float {
        switch self {
        case .points(let p): return p
        case .perBezel(let k): return bezel * k
        }
    }
}
