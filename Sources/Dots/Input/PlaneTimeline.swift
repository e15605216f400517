import Raster

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
