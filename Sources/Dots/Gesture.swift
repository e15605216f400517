import Raster

/// Timed input on the plane: the gestures of PlaneGestureCoordinator and scripted effects and fields.
/// Times are seconds from the start of the scene; points are in canvas points. A touch reaches the plane
/// wherever it lands, glass or not (the coordinator sits at the window level), so nothing here knows about glass.
///
/// Semantics (docs/plane.md, "Gestures"):
/// - tap: a ripple (str 1, spd 13, w 10, 3 s) from the touch point; no field.
/// - hold: after the 0.3 s long-press threshold the drag field switches on at full strength at the touch point;
///   at the end of the hold it is released.
/// - drag: the drag field follows the pointer along `path` (uniform speed over `duration`), a trail ring spawns
///   every 25 points of travel; at the end of the drag it is released.
/// - hover: the field follows the pointer at 50% strength and leaves the instant the pointer exits.
/// - release (the end of a hold or drag): the field fades out linearly over 0.6 s; dots spring home.
public enum PlaneEvent: Sendable {
    case tap(at: Point, time: Double)
    case hold(at: Point, time: Double, duration: Double, field: Field)
    case drag(path: [Point], time: Double, duration: Double, field: Field)
    case hover(path: [Point], time: Double, duration: Double, field: Field)
    /// A wave from the effects table (or with overridden numbers) launched at a point.
    case effect(Effect, parameters: WaveParameters, at: Point, time: Double, tint: Color?)
    /// A field switched on at `time`, released at `time + duration` (nil: stays on).
    case field(Field, time: Double, duration: Double?)
}

/// A polyline the pointer follows at uniform speed.
public struct PointerPath: Sendable {
    public let points: [Point]
    public let start: Double
    public let duration: Double
    /// Cumulative arc length at each point, points.
    let lengths: [Float]

    public init(points: [Point], start: Double, duration: Double) {
        precondition(!points.isEmpty, "a pointer path needs a point")
        self.points = points
        self.start = start
        self.duration = duration
        var l: [Float] = [0]
        for (a, b) in zip(points, points.dropFirst()) {
            let d = b - a
            l.append(l[l.count - 1] + (d * d).sum().squareRoot())
        }
        self.lengths = l
    }

    public var length: Float { lengths.last ?? 0 }

    /// The point at arc length `s` (clamped to the path).
    public func point(atLength s: Float) -> Point {
        guard points.count > 1, s > 0 else { return points[0] }
        for i in 1..<points.count where s <= lengths[i] {
            let seg = lengths[i] - lengths[i - 1]
            let t = seg > 0 ? (s - lengths[i - 1]) / seg : 1
            return points[i - 1] + (points[i] - points[i - 1]) * t
        }
        return points[points.count - 1]
    }

    /// The pointer position at `time` seconds: the first point before the start, the last after the end.
    public func position(at time: Double) -> Point {
        let f = duration > 0 ? min(max((time - start) / duration, 0), 1) : (time >= start ? 1 : 0)
        return point(atLength: Float(f) * length)
    }

    /// The time at which the pointer has travelled `s` points.
    public func time(atLength s: Float) -> Double {
        length > 0 ? start + duration * Double(s) / Double(length) : start
    }
}

/// A field over time: where it is (a pointer path, or a fixed point) and how strong (0...1).
///
/// intensity(t) = 0 before `on`; `scale` from `on` to `off`; after `off`, scale x (1 - (t - off) / fade) down to
/// 0 when fade > 0 (a release), or 0 at once when fade = 0 (a hover exit).
public struct FieldTrack: Sendable {
    public var field: Field
    public var path: PointerPath
    public var on: Double
    public var off: Double?
    public var fade: Double
    public var scale: Float

    public init(field: Field, path: PointerPath, on: Double, off: Double?, fade: Double, scale: Float) {
        self.field = field
        self.path = path
        self.on = on
        self.off = off
        self.fade = fade
        self.scale = scale
    }

    public func intensity(at t: Double) -> Float {
        if t < on { return 0 }
        guard let off, t > off else { return scale }
        guard fade > 0 else { return 0 }
        return scale * Float(max(0, 1 - (t - off) / fade))
    }

    /// The last time the field can act, or nil if it never ends.
    public var end: Double? { off.map { $0 + fade } }
}

/// Everything scheduled on the plane, compiled from events: waves with their launch steps and field tracks.
public struct PlaneTimeline: Sendable {
    public var waves: [Wave] = []
    public var fields: [FieldTrack] = []

    public init() {}

    /// The first physics step at or after `time` seconds.
    public static func step(at time: Double) -> Int {
        Int(checked: time * PlaneDefaults.stepsPerSecond - 1e-9, .up)
    }

    /// Compiles events. `tapTint` is the accent at dotTap alpha (the tint a ripple paints), `waveTint` the default
    /// tint of color waves and trail rings.
    public init(events: [PlaneEvent], tapTint: Color, waveTint: Color) {
        for e in events {
            switch e {
            case .tap(let p, let t):
                waves.append(Wave(parameters: Effect.ripple.defaults, origin: p, start: Self.step(at: t), tint: tapTint))
            case .effect(_, let params, let p, let t, let tint):
                let c = tint ?? (params.displaces ? tapTint : waveTint)
                waves.append(Wave(parameters: params, origin: p, start: Self.step(at: t), tint: c))
            case .hold(let p, let t, let d, let f):
                let path = PointerPath(points: [p], start: t, duration: 0)
                fields.append(FieldTrack(field: f, path: path, on: t + PlaneDefaults.holdThreshold, off: t + d,
                                         fade: PlaneDefaults.releaseFade, scale: 1))
            case .drag(let pts, let t, let d, let f):
                let path = PointerPath(points: pts, start: t, duration: d)
                fields.append(FieldTrack(field: f, path: path, on: t, off: t + d, fade: PlaneDefaults.releaseFade, scale: 1))
                var s = PlaneDefaults.trailSpacing
                while s <= path.length {
                    waves.append(Wave(parameters: Effect.ring.defaults, origin: path.point(atLength: s),
                                      start: Self.step(at: path.time(atLength: s)), tint: f.tint))
                    s += PlaneDefaults.trailSpacing
                }
            case .hover(let pts, let t, let d, let f):
                let path = PointerPath(points: pts, start: t, duration: d)
                fields.append(FieldTrack(field: f, path: path, on: t, off: t + d, fade: 0, scale: PlaneDefaults.hoverStrength))
            case .field(let f, let t, let d):
                let path = PointerPath(points: [f.center], start: t, duration: 0)
                fields.append(FieldTrack(field: f, path: path, on: t, off: d.map { t + $0 },
                                         fade: PlaneDefaults.releaseFade, scale: 1))
            }
        }
    }
}
