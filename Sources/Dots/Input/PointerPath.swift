import Raster

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
