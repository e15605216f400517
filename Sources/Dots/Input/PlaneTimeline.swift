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
