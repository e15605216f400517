import Raster

/// One wave, field or attachment resolved for one update: where it is, how strong, what it paints, and how far it
/// reaches. The step kernel asks it for the grid cells it may touch and evaluates it only there.
struct Source: Sendable {
    enum Kind: Sendable { case ring, bloom, noise, field, attachment }

    var kind: Kind
    var center: Point
    /// Circular reach: dots farther than `outer` or nearer than `hole` from the center feel nothing (points).
    var outer: Float = 0
    var hole: Float = 0
    /// Rectangular reach (attachments), points.
    var box = Rect(x: 0, y: 0, width: 0, height: 0)

    // Waves: the swept band [r0, r1] widened by halfWidth, envelope, strength (x envelope).
    var r0: Float = 0
    var r1: Float = 0
    var halfWidth: Float = 1
    var envelope: Float = 0
    var strength: Float = 0
    var falloff: Float = 2
    var noiseTime: Float = 0

    // Fields.
    var field = Field(law: .radialGravity)
    var intensity: Float = 0
    var pointerVelocity: Point = .zero
    var spacing: Float = PlaneDefaults.dotSpacing

    // Attachments.
    var half: Point = .zero
    var corner: Float = 0
    var reach: Float = 1

    /// Target state alpha at weight 1 (dotTap for displacement waves, dotField for fields, idle otherwise), and
    /// the idle alpha it rises from.
    var alphaLevel: Float = 0
    var idle: Float = 0
    /// Tint (straight sRGB r, g, b, a).
    var tint: SIMD4<Float> = .zero

    /// Noise lattice: one cell per 63 points (3 grid pitches), drifting one cell per second.
    static let noiseCell: Float = 63

    init(wave w: Wave, update k: Int, configuration c: PlaneConfiguration) {
        let p = w.parameters
        switch p.type {
        case .ring: kind = .ring
        case .bloom: kind = .bloom
        case .noise: kind = .noise
        }
        center = w.origin
        r1 = w.radius(atUpdate: k)
        r0 = max(0, r1 - p.speed)
        halfWidth = p.width / 2
        envelope = w.envelope(atUpdate: k)
        strength = p.strength * envelope
        falloff = c.falloff
        noiseTime = Float(Double(k) / PlaneDefaults.stepsPerSecond)
        if kind == .bloom {
            outer = r1 + p.width
            hole = 0
        } else {
            outer = r1 + halfWidth
            hole = r0 - halfWidth
        }
        idle = c.dotIdle
        alphaLevel = p.displaces ? c.dotTap : c.dotIdle
        tint = w.tint.components
    }

    init(field f: Field, intensity: Float, pointerVelocity: Point, configuration c: PlaneConfiguration) {
        kind = .field
        field = f
        center = f.center
        outer = f.radius
        self.intensity = intensity
        self.pointerVelocity = pointerVelocity
        spacing = c.spacing
        idle = c.dotIdle
        alphaLevel = c.dotField
        tint = f.tint.components
    }

    init(attachment a: PlaneFieldAttachment, frame: Rect, configuration c: PlaneConfiguration) {
        kind = .attachment
        center = frame.center
        half = frame.size / 2
        corner = a.cornerRadius
        reach = a.reach
        strength = a.strength
        falloff = a.falloff
        box = frame.insetBy(-a.reach)
        idle = c.dotIdle
        alphaLevel = c.dotIdle
        tint = a.tint.components
    }

    /// The column spans (grid columns, clipped to 0..<columns) of grid row `row` whose dots, displaced by at most
    /// `margin` points from home, can feel this source. At most two spans (a ring's band crosses a row twice).
    func spans(row homeY: Float, margin m: Float, firstColumn: Int, columns: Int, spacing s: Float)
        -> (Range<Int>, Range<Int>) {
        func cols(_ x0: Float, _ x1: Float) -> Range<Int> {
            let a = max(0, Int(checked: x0 / s, .up) - firstColumn)
            let b = min(columns, Int(checked: x1 / s, .down) - firstColumn + 1)
            return a < b ? a..<b : 0..<0
        }
        if kind == .attachment {
            guard homeY >= box.minY - m, homeY <= box.maxY + m else { return (0..<0, 0..<0) }
            return (cols(box.minX - m, box.maxX + m), 0..<0)
        }
        let ro = outer + m
        let dy = abs(homeY - center.y)
        guard dy <= ro else { return (0..<0, 0..<0) }
        let xo = (ro * ro - dy * dy).squareRoot()
        let ri = hole - m
        if ri > dy {
            let xi = (ri * ri - dy * dy).squareRoot()
            return (cols(center.x - xo, center.x - xi), cols(center.x + xi, center.x + xo))
        }
        return (cols(center.x - xo, center.x + xo), 0..<0)
    }

    /// Whether dots with home y in y0...y1, displaced by at most `margin`, can feel this source.
    func reaches(from y0: Float, to y1: Float, margin m: Float) -> Bool {
        if kind == .attachment { return box.minY - m <= y1 && box.maxY + m >= y0 }
        return center.y - outer - m <= y1 && center.y + outer + m >= y0
    }

    /// The effect on one dot at position p with velocity v: force (points per step^2), target state alpha and
    /// tint weight. Returns nil when the dot is out of reach (nothing to add).
    @inline(__always)
    func effect(at p: Point, velocity v: Point, noise: ValueNoise) -> (force: Point, alpha: Float, weight: Float)? {
        switch kind {
        case .ring, .noise, .bloom:
            let r = p - center
            let d = (r * r).sum().squareRoot()
            let u: Float
            if kind == .bloom {
                u = max(0, d - r1) / (2 * halfWidth)
            } else if d < r0 {
                u = (r0 - d) / halfWidth
            } else if d > r1 {
                u = (d - r1) / halfWidth
            } else {
                u = 0
            }
            guard u < 1 else { return nil }
            var w = envelope * falloffCurve(u, falloff)
            if kind == .noise {
                w *= noise(p.x / Source.noiseCell, p.y / Source.noiseCell, noiseTime)
            }
            let f = d > 0 && strength > 0 ? r * (strength * falloffCurve(u, falloff) / d) : .zero
            return (f, idle + (alphaLevel - idle) * w, w)
        case .field:
            let (f0, fw) = field.force(at: p, spacing: spacing)
            guard fw > 0 else { return nil }
            let w = fw * intensity
            var f = f0 * intensity
            if field.interaction > 0 { f += (pointerVelocity - v) * (field.interaction * w) }
            return (f, idle + (alphaLevel - idle) * w, w)
        case .attachment:
            let (sd, grad) = roundedRectDistance(p, center: center, half: half, radius: corner)
            guard sd < reach else { return nil }
            if sd <= 0 { return (.zero, idle, 1) }
            let w = falloffCurve(sd / reach, falloff)
            return (grad * (-strength * w), idle, w)
        }
    }
}
