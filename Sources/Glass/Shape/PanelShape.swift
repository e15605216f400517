import Raster

/// The outline of a glass panel.
public enum Outline: String, Sendable, CaseIterable, Hashable {
    /// A rounded rectangle with the panel's corner radius and the tier's corner curve.
    case rect
    /// A stadium: semicircular ends of half the shorter side (circular arcs on every platform).
    case capsule
    /// The disc inscribed in the panel's box.
    case circle
}

/// A panel's shape in pixels: an outline fitted to a box. The box is also the CSS border box of the web tier.
public struct PanelShape: Shape, Sendable, Equatable {
    public let outline: Outline
    /// The panel's frame in pixels.
    public let box: Rect
    /// Corner radius in pixels (rect only), at most half the shorter side.
    public let cornerRadius: Float
    public let curve: CornerCurve
    @usableFromInline let rounded: RoundedRect
    @usableFromInline let disc: Circle

    /// `cornerRadius` is clamped by Raster's corner rule (`RoundedRect.clampedRadius`); a capsule and a circle
    /// take the largest radius the box allows, its inradius.
    public init(_ outline: Outline, box: Rect, cornerRadius: Float = 0, curve: CornerCurve = .continuous) {
        self.outline = outline
        self.box = box
        self.curve = curve
        switch outline {
        case .rect: rounded = RoundedRect(box, radius: cornerRadius, curve: curve)
        case .capsule, .circle: rounded = RoundedRect(box, radius: box.inradius, curve: .circular)
        }
        self.cornerRadius = rounded.radius
        disc = Circle(center: box.center, radius: box.inradius)
    }

    @inlinable
    public func signedDistance(_ p: Point) -> Float {
        outline == .circle ? disc.signedDistance(p) : rounded.signedDistance(p)
    }

    /// The signed distance at the eight pixel centers (x[i], y): `RoundedRect.signedDistance8` (its continuous
    /// corner approximates `powf`), and for a circle the scalar distance per lane (same bits).
    @inlinable
    public func signedDistance8(x: SIMD8<Float>, y: Float) -> SIMD8<Float> {
        guard outline == .circle else { return rounded.signedDistance8(x: x, y: y) }
        var d = SIMD8<Float>()
        for i in 0..<8 { d[i] = disc.signedDistance(Point(x[i], y)) }
        return d
    }

    /// `a.signedDistance8(x:y:)` and `b.signedDistance8(x:y:)`, the same bits: two rounded outlines take their
    /// continuous corners through one sixteen-lane evaluation (`RoundedRect.signedDistance8(_:_:x:y:)`), for the
    /// two parts of a merging pair.
    @inlinable
    public static func signedDistance8(_ a: PanelShape, _ b: PanelShape, x: SIMD8<Float>, y: Float)
        -> (SIMD8<Float>, SIMD8<Float>) {
        guard a.outline != .circle && b.outline != .circle else {
            return (a.signedDistance8(x: x, y: y), b.signedDistance8(x: x, y: y))
        }
        return RoundedRect.signedDistance8(a.rounded, b.rounded, x: x, y: y)
    }

    /// `signedDistance8(x:y:)` at the rows `y0` and `y1`, the same bits: a rounded outline's two rows share one
    /// sixteen-lane corner (`RoundedRect.signedDistance8(x:rows:_:)`).
    @inlinable
    public func signedDistance8(x: SIMD8<Float>, rows y0: Float, _ y1: Float) -> (SIMD8<Float>, SIMD8<Float>) {
        guard outline == .circle else { return rounded.signedDistance8(x: x, rows: y0, y1) }
        return (signedDistance8(x: x, y: y0), signedDistance8(x: x, y: y1))
    }

    public var bounds: Rect { outline == .circle ? disc.bounds : box }
}
