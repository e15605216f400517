/// Timing curves for keyframed values (tilt, panel frames), named as CSS and Core Animation name them.
/// Each is the CSS `cubic-bezier` of the same name, solved for y at a given x by Newton's method with a
/// bisection fallback (the method WebKit's UnitBezier uses), so keyframed motion matches a browser's.
public enum Easing: String, Sendable, CaseIterable {
    case linear
    case easeIn
    case easeOut
    case easeInOut

    var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        }
    }

    /// Progress (0...1) at time fraction `x` (0...1).
    public func callAsFunction(_ x: Double) -> Double {
        let x = min(max(x, 0), 1)
        if self == .linear { return x }
        let (x1, y1, x2, y2) = controlPoints
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func sx(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func sy(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
        func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        var t = x
        for _ in 0..<8 {
            let e = sx(t) - x
            if abs(e) < 1e-7 { return sy(t) }
            let d = dx(t)
            if abs(d) < 1e-6 { break }
            t -= e / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<60 {
            let v = sx(t)
            if abs(v - x) < 1e-7 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return sy(t)
    }
}

/// A value keyed in time: between two keys the value eases with the later key's curve; before the first
/// key and after the last the value holds. Keys are in increasing time order (the scene decoder checks).
public struct Keyframes<Value: Sendable>: Sendable {
    public struct Key: Sendable {
        public var time: Double
        public var value: Value
        public var easing: Easing
        public init(time: Double, value: Value, easing: Easing = .easeInOut) {
            self.time = time
            self.value = value
            self.easing = easing
        }
    }

    public var keys: [Key]
    public init(_ keys: [Key]) { self.keys = keys }

    /// The value at `time`, blending neighbours with `mix(a, b, progress)`.
    public func value(at time: Double, mix: (Value, Value, Double) -> Value) -> Value? {
        guard let first = keys.first else { return nil }
        if time <= first.time { return first.value }
        for i in 1..<keys.count where time < keys[i].time {
            let a = keys[i - 1], b = keys[i]
            let span = b.time - a.time
            let p = span > 0 ? b.easing((time - a.time) / span) : 1
            return mix(a.value, b.value, p)
        }
        return keys[keys.count - 1].value
    }
}
