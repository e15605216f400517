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
