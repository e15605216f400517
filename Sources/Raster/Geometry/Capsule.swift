/// The set of points within `radius` of the segment from `a` to `b` (a stadium), in pixels.
public struct Capsule: Shape, Hashable {
    public var a: Point
    public var b: Point
    public var radius: Float

    public init(from a: Point, to b: Point, radius: Float) {
        self.a = a
        self.b = b
        self.radius = radius
    }

    public func signedDistance(_ p: Point) -> Float {
        let pa = p - a, ba = b - a
        let len2 = (ba * ba).sum()
        let h = len2 > 0 ? min(max((pa * ba).sum() / len2, 0), 1) : 0
        let d = pa - ba * h
        return (d * d).sum().squareRoot() - radius
    }

    public var bounds: Rect {
        let lo = pointwiseMin(a, b) - radius, hi = pointwiseMax(a, b) + radius
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }
}
