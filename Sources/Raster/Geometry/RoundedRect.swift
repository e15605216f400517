
/// How a rounded rectangle turns its corners.
public enum CornerCurve: String, Sendable, CaseIterable {
    /// A quarter circle of the corner radius, tangent to both sides (CSS `border-radius`, `.circular`).
    case circular
    /// Apple's continuous corner (`cornerCurve = .continuous`): curvature rises smoothly from the straight side
    /// instead of jumping to 1/r, so the corner reaches further along each side and looks softer.
    ///
    /// Model: a superellipse quadrant |x/e|^n + |y/e|^n = 1 whose reach along each side is e = 1.52866 r (the
    /// length Apple's corner path covers on each side for a radius r, as measured from its UIBezierPath) and whose
    /// exponent n = 3.26 makes the curve pass through the same 45-degree point as the circular corner of radius r
    /// (r (1 - 1/sqrt 2) from each side). It is an approximation of Apple's three-Bezier corner, chosen because it
    /// is smooth (no curvature jump at the tangent points) and has a cheap, accurate distance near its edge.
    case continuous

    /// How far along each side the corner curve reaches, per unit of corner radius.
    public var reachPerRadius: Float {
        switch self {
        case .circular: return 1
        case .continuous: return ContinuousCorner.reach
        }
    }
}

enum ContinuousCorner {
    static let reach: Float = 1.52866
    /// The exponent of a corner that reaches its full 1.52866 radii.
    static let exponent: Float = exponent(radius: 1, reach: reach)

    /// Solves e (1 - 2^(-1/n)) = r (1 - 1/sqrt 2) for n: the superellipse of reach e through the 45-degree point of
    /// the circular corner of radius r (DMath's log2 in Double, rounded once: the same exponent on every machine).
    /// With e = 1.52866 r it is 3.26; a corner whose reach is held at half the side (r above 0.654 of it) rounds
    /// toward the circle, n = 2 at r = e: a radius of half the side is a capsule, and no two radii draw alike.
    static func exponent(radius r: Float, reach e: Float) -> Float {
        let t = 1 - Double(r) * (1 - 1 / 2.0.squareRoot()) / Double(e)
        return Float(-1 / DMath.log2(t))
    }
}

/// A rectangle with rounded corners, in pixels. The corner radius is clamped by the one corner rule,
/// `clampedRadius(_:in:)`, and the corner curve's reach by the same limit. A continuous corner whose reach is held
/// there rounds toward a circle as the radius grows (`ContinuousCorner.exponent(radius:reach:)`), and a radius of
/// half the shorter side draws the capsule (or circle), as CSS and Figma draw it.
public struct RoundedRect: Shape, Hashable {
    public let rect: Rect
    /// The corner radius, within 0 ... `rect.inradius`.
    public let radius: Float
    /// The curve drawn: `.circular` for a continuous corner of half the shorter side (a capsule's ends).
    public let curve: CornerCurve
    /// The continuous corner's superellipse exponent (3.26 unless the reach is held at half the side).
    let exponent: Float

    public init(_ rect: Rect, radius: Float, curve: CornerCurve = .continuous) {
        self.rect = rect
        let r = Self.clampedRadius(radius, in: rect)
        self.radius = r
        let held = curve == .continuous && r * ContinuousCorner.reach > rect.inradius
        self.curve = held && r >= rect.inradius ? .circular : curve
        exponent = held ? ContinuousCorner.exponent(radius: r, reach: rect.inradius) : ContinuousCorner.exponent
    }

    /// The corner rule, the only place it is written: a corner radius lies in 0 ... half the rectangle's shorter
    /// side (`inradius`); past that the two corners of a side would overlap. The scene decoder's note about a
    /// clamped radius, `.containerRelative` corners and Glass's `PanelShape` all go through it.
    public static func clampedRadius(_ radius: Float, in rect: Rect) -> Float {
        min(max(0, radius), rect.inradius)
    }

    /// The corner reach actually used: `radius * reachPerRadius`, within the same limit (a continuous corner
    /// reaches 1.53 radii along each side, so it meets the limit first).
    public var reach: Float {
        min(radius * curve.reachPerRadius, rect.inradius)
    }

    public func signedDistance(_ p: Point) -> Float {
        let half = rect.size / 2
        let e = reach
        let d = p - rect.center
        let v = pointwiseMax(d, -d) - half + e
        let inner = min(max(v.x, v.y), 0)
        let o = pointwiseMax(v, Point(0, 0))
        if o.x <= 0 || o.y <= 0 { return max(o.x, o.y) + inner - e }
        switch curve {
        case .circular:
            return (o * o).sum().squareRoot() + inner - e
        case .continuous:
            return superellipseDistance(o, reach: e) + inner
        }
    }

    /// First-order distance to the superellipse ||o||_n = e: (||o||_n - e) / |grad ||o||_n|. Exact on the axes and
    /// accurate to second order near the curve, which is where coverage and the glass bezel need it.
    private func superellipseDistance(_ o: Point, reach e: Float) -> Float {
        let n = exponent
        let m = max(o.x, o.y)
        let s = o / m  // scale to avoid overflow; both components in 0...1
        // One of s.x, s.y is m / m = 1, and DMath.pow(1, n) is exactly 1: one power fewer, same value.
        let px = s.x == 1 ? 1 : DMath.pow(s.x, n), py = s.y == 1 ? 1 : DMath.pow(s.y, n)
        let sum = px + py, root = DMath.pow(sum, 1 / n)
        let norm = m * root
        // grad ||o||_n = (x^(n-1), y^(n-1)) / ||o||_n^(n-1), in the scaled frame. x^(n-1) = x^n / x and
        // sum^((n-1)/n) = sum / sum^(1/n) reuse the powers above: three powers instead of six (the
        // continuous corner was the largest cost of a Liquid Glass frame).
        let gx = s.x > 0 ? px / s.x : 0, gy = s.y > 0 ? py / s.y : 0
        let gn = (gx * gx + gy * gy).squareRoot() * root / sum
        return (norm - e) / gn
    }

    public var bounds: Rect { rect }
}

extension Rect {
    /// Half the shorter side: the radius of the largest disc the rectangle holds, and the limit of every corner
    /// radius and corner reach (`RoundedRect.clampedRadius`) and of a Liquid Glass bezel.
    public var inradius: Float { min(width, height) / 2 }
}
