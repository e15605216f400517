import Raster

/// PlaneFieldAttachment: an invisible rounded-rectangle node that tracks a UI element's bounds and attracts the
/// dots around it, tinting them with the element's color. Color propagates spatially: only dots within `reach`
/// points of the element's edge take the tint, with weight (1 - s / reach)^falloff where s is the distance to
/// the edge (1 under the element itself).
///
/// Force: outside the element, strength x (1 - s / reach)^falloff toward the nearest point of the edge (the
/// negative gradient of the rounded rectangle's signed distance); under the element, none.
public struct PlaneFieldAttachment: Sendable {
    /// Where the element is at a given time.
    public enum Bounds: Sendable {
        /// A fixed frame, points.
        case fixed(Rect)
        /// A frame keyed over time (seconds), eased between keys.
        case keyframed(Keyframes<Rect>)
        /// Supplied from outside at every step by the bounds provider given to `Plane.simulate` (for glass panels
        /// and content that attach by id). Without a provider, or when it returns nil, the attachment is inactive.
        case external
    }

    public var id: String
    public var bounds: Bounds
    public var cornerRadius: Float
    public var strength: Float
    public var reach: Float
    public var falloff: Float
    public var tint: Color

    public init(id: String, bounds: Bounds, cornerRadius: Float = PlaneDefaults.attachmentCornerRadius,
                strength: Float = PlaneDefaults.attachmentStrength, reach: Float = PlaneDefaults.attachmentReach,
                falloff: Float = PlaneDefaults.falloff, tint: Color) {
        self.id = id
        self.bounds = bounds
        self.cornerRadius = cornerRadius
        self.strength = strength
        self.reach = reach
        self.falloff = falloff
        self.tint = tint
    }

    /// The element's frame at `time` seconds, or nil for external bounds.
    public func frame(at time: Double) -> Rect? {
        switch bounds {
        case .fixed(let r): return r
        case .keyframed(let k): return k.value(at: time) { a, b, t in a.interpolated(to: b, Float(t)) }
        case .external: return nil
        }
    }
}

/// Signed distance (points) from `p` to a rounded rectangle with circular corners, and its unit gradient.
@inlinable
func roundedRectDistance(_ p: Point, center c: Point, half h: Point, radius r: Float) -> (Float, Point) {
    let rr = min(r, min(h.x, h.y))
    let o = p - c
    let s = Point(o.x < 0 ? -1 : 1, o.y < 0 ? -1 : 1)
    let q = Point(abs(o.x), abs(o.y)) - (h - rr)
    if q.x > 0 && q.y > 0 {
        let l = (q * q).sum().squareRoot()
        return (l - rr, q / l * s)
    }
    if q.x > q.y { return (q.x - rr, Point(s.x, 0)) }
    return (q.y - rr, Point(0, s.y))
}
