import Raster

/// How a field's magnitude scales with distance.
///
/// - `constant`: magnitude = strength x fall-off; strength is a force in points per step^2 (the seed's field
///   table: radialGravity str 0.5).
/// - `proportional`: magnitude = strength x l x fall-off, with l the distance to what the law attracts to (the
///   pointer, or the outline's ring); strength is a stiffness per step^2 (the seed's drag field: str 0.01, a
///   spring toward the finger).
public enum FieldResponse: String, Sendable, CaseIterable {
    case constant, proportional
}

/// A force field on the plane: one law, a center, a reach and a tint. Fields are value types; where a field is
/// and how strong it is at a given step comes from its track (`FieldTrack`).
///
/// Laws, for a dot at offset r = p - center, distance d = |r|, unit r^ = r / d, fall-off f = (1 - d / radius)^falloff
/// (zero beyond the radius):
/// - radialGravity: toward the center, -r^ (l = d).
/// - repulsion: away from the center, +r^ (l = d).
/// - vortex: tangential, perp(r^) = (-r^.y, r^.x), clockwise on screen (y grows downward); no radial part.
/// - outline: toward the perimeter of a ring of radius `ringRadius`: +r^ inside the ring, -r^ outside, scaled by
///   clamp((ringRadius - d) / spacing, -1, 1) (constant) or by (ringRadius - d) (proportional).
/// - magnetic: each dot acts as a free north pole in the field of a point dipole of moment m = (cos angle,
///   sin angle) at the center; it is pushed along the dipole field's direction B^, B = 3 (m . r^) r^ - m (the
///   field's 1/d^3 magnitude is replaced by the plane's fall-off so the reach is finite). Dots stream out of the
///   north pole around to the south pole, like iron filings along field lines.
/// Dots within the radius also take the field's tint with weight f x intensity and brighten toward dotField.
public struct Field: Sendable, Hashable {
    public var law: FieldLaw
    public var center: Point
    public var strength: Float
    public var radius: Float
    public var falloff: Float
    public var response: FieldResponse
    /// Outline law only: the ring dots gather on, points.
    public var ringRadius: Float
    /// Magnetic law only: direction of the dipole moment, radians (0 points right, pi/2 down).
    public var angle: Float
    /// Interaction factor iF: fraction of (pointer velocity - dot velocity) given to a dot per step at full
    /// influence. 0 for fields that do not move.
    public var interaction: Float
    public var tint: Color

    public init(law: FieldLaw, center: Point = .zero, strength: Float? = nil, radius: Float? = nil,
                falloff: Float? = nil, response: FieldResponse = .constant,
                ringRadius: Float = PlaneDefaults.outlineRadius, angle: Float = 0, interaction: Float = 0,
                tint: Color = PlaneDefaults.accent.color(.light)) {
        let d = law.defaults
        self.law = law
        self.center = center
        self.strength = strength ?? d.strength
        self.radius = radius ?? d.radius
        self.falloff = falloff ?? d.falloff
        self.response = response
        self.ringRadius = ringRadius
        self.angle = angle
        self.interaction = interaction
        self.tint = tint
    }

    /// The seed's drag field (str 0.01, r 390, iF 0.3) with a law chosen by the gesture's mode.
    public static func drag(mode: FieldLaw = .radialGravity, tint: Color) -> Field {
        Field(law: mode, strength: PlaneDefaults.dragStrength, radius: PlaneDefaults.dragRadius,
              falloff: PlaneDefaults.falloff, response: .proportional,
              interaction: PlaneDefaults.dragInteraction, tint: tint)
    }

    /// The force (points per step^2) and the color weight f on a dot at `p`, at full intensity, not counting the
    /// interaction term (which needs the dot's velocity). Zero force and weight beyond the radius.
    @inlinable
    public func force(at p: Point, spacing: Float = PlaneDefaults.dotSpacing) -> (force: Point, weight: Float) {
        let r = p - center
        let d2 = (r * r).sum()
        guard d2 < radius * radius else { return (.zero, 0) }
        let d = d2.squareRoot()
        let f = falloffCurve(d / radius, falloff)
        guard d > 0 else { return (.zero, f) }
        let u = r / d
        let proportional = response == .proportional
        let dir: Point
        var scale: Float = proportional ? d : 1
        switch law {
        case .radialGravity:
            dir = -u
        case .repulsion:
            dir = u
        case .vortex:
            dir = Point(-u.y, u.x)
        case .outline:
            dir = u
            scale = proportional ? ringRadius - d : min(max((ringRadius - d) / spacing, -1), 1)
        case .magnetic:
            let m = Point(DMath.cos(angle), DMath.sin(angle))
            let b = 3 * (m * u).sum() * u - m
            dir = b / (b * b).sum().squareRoot()
        case .fieldAttachment:
            dir = -u
        }
        return (dir * (strength * scale * f), f)
    }
}
