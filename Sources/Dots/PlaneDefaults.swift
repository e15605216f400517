import Raster

/// The one table of PlanarKit defaults, with the design language's names ("Dot Pattern / PlanarKit" in
/// shared/seeds/000). Every number is a default a scene may override; units are stated per entry.
///
/// Time units: the physics world steps at a fixed 60 Hz, so "per step" means per 1/60 s. Speeds are points per
/// step, forces are velocity increments in points per step per step, lifetimes and fades are seconds.
public enum PlaneDefaults {
    // MARK: Grid
    /// Dot diameter, points.
    public static let dotSize: Float = 3
    /// Grid pitch, points (PlaneScene.dotSpacing).
    public static let dotSpacing: Float = 21
    /// The grid extends beyond every canvas edge by max(spacing x 3, 100) points, so displaced dots never
    /// reveal an empty border.
    public static func overflow(spacing: Float) -> Float { max(spacing * 3, 100) }

    // MARK: Opacity tokens (fractions of the label token's alpha)
    public static func dotIdle(_ a: Appearance) -> Float { a == .light ? 0.05 : 0.02 }
    public static func dotTap(_ a: Appearance) -> Float { a == .light ? 0.17 : 0.10 }
    public static func dotField(_ a: Appearance) -> Float { a == .light ? 0.30 : 0.18 }

    // MARK: PhysicsWorld (per 60 Hz step)
    /// Fraction of the displacement from home added to the velocity each step (a spring of stiffness 0.03/step^2).
    public static let spring: Float = 0.03
    /// Factor applied to the velocity each step.
    public static let damping: Float = 0.88
    /// Fraction by which state alpha and tint weight return toward idle each step.
    public static let relaxation: Float = 0.02
    /// Exponent of the fall-off (1 - u)^falloff of force and color with normalized distance u (2 = quadratic).
    public static let falloff: Float = 2
    /// The physics rate, steps per second.
    public static let stepsPerSecond: Double = 60

    // MARK: Gestures
    /// Drag field: stiffness of the pull toward the pointer (points per step^2 per point of distance).
    public static let dragStrength: Float = 0.01
    /// Drag field reach, points.
    public static let dragRadius: Float = 390
    /// Drag field interaction factor iF: fraction of the difference between the pointer's velocity and a dot's
    /// velocity handed to the dot each step at full influence (the dots are dragged along like a fluid).
    public static let dragInteraction: Float = 0.3
    /// Long press threshold, seconds (PlaneGestureCoordinator).
    public static let holdThreshold: Double = 0.3
    /// Drag trail: a ring spawns every this many points of pointer travel.
    public static let trailSpacing: Float = 25
    /// Release: the field fades out over this many seconds.
    public static let releaseFade: Double = 0.6
    /// Hover: the field follows the pointer at this fraction of its strength.
    public static let hoverStrength: Float = 0.5
    /// Ring radius of the outline law when a scene does not give one, points (4 grid pitches).
    public static let outlineRadius: Float = 84

    // MARK: Ambient
    /// Random color waves (bloom or ring) fire every 5 to 12 seconds.
    public static let ambientInterval: ClosedRange<Double> = 5...12
    /// The ambient palette's alpha (ambientColors: 5 hues at 0.3 alpha).
    public static let ambientAlpha: Float = 0.3
    /// The ambient palette: five system hues from the token table (blue, purple, pink, orange, teal: the
    /// first five system hues, spread around the color wheel so consecutive waves differ).
    public static let ambientHues: [Token] = [.systemBlue, .systemPurple, .systemPink, .systemOrange, .systemTeal]
    /// Accent that tap, drag and field tints use unless a scene names another (tint = brand accent).
    public static let accent: Token = .systemBlue

    // MARK: Field attachment (the seed gives no numbers; chosen so a panel's halo spans two grid pitches)
    public static let attachmentStrength: Float = 0.2
    public static let attachmentReach: Float = 42
    public static let attachmentCornerRadius: Float = 16
}

/// The effects table: wave presets with the seed's numbers (strength in points per step^2, speed in points per
/// step, width in points, life in seconds). Effects without a strength in the seed are color waves (strength 0).
public enum Effect: String, Sendable, CaseIterable {
    case ripple, ring, shockwave, bloom, noiseTint

    public var defaults: WaveParameters {
        switch self {
        case .ripple: return WaveParameters(type: .ring, strength: 1, speed: 13, width: 10, life: 3)
        case .ring: return WaveParameters(type: .ring, strength: 0, speed: 2, width: 80, life: 4)
        case .shockwave: return WaveParameters(type: .ring, strength: 4, speed: 25, width: 6, life: 1.2)
        case .bloom: return WaveParameters(type: .bloom, strength: 0, speed: 1.5, width: 100, life: 5)
        case .noiseTint: return WaveParameters(type: .noise, strength: 0, speed: 2, width: 300, life: 8)
        }
    }
}

/// The fields table (strength in points per step^2, radius in points). Only radialGravity has numbers in the
/// seed; the other laws use the same strength and radius so they compare directly.
public enum FieldLaw: String, Sendable, CaseIterable {
    case radialGravity, outline, repulsion, vortex, magnetic, fieldAttachment

    public var defaults: (strength: Float, radius: Float, falloff: Float) {
        switch self {
        case .radialGravity: return (0.5, 200, 1)
        case .outline, .repulsion, .vortex, .magnetic: return (0.5, 200, PlaneDefaults.falloff)
        case .fieldAttachment:
            return (PlaneDefaults.attachmentStrength, PlaneDefaults.attachmentReach, PlaneDefaults.falloff)
        }
    }
}
