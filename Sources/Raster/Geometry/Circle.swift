/// A disc of a given center and radius, in pixels.
public struct Circle: Shape, Hashable {
    public var center: Point
    public var radius: Float

    public init(center: Point, radius: Float) {
        self.center = center
        self.radius = radius
    }

    @inlinable
    public func signedDistance(_ p: Point) -> Float {
        let d = p - center
        return (d * d).sum().squareRoot() - radius
    }

    public var bounds: Rect {
        Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
    }
}
