

/// A region given by a signed distance function, in pixels: negative inside, positive outside, zero on the edge.
///
/// Anti-aliasing: a pixel's coverage is `clamp(0.5 - d, 0, 1)` with d the distance at the pixel center. That is
/// the exact area of a pixel cut by a straight edge parallel to an axis, and within a few percent of it at other
/// angles; the area tests in RasterTests measure the total against each shape's analytic area.
public protocol Shape: Sendable {
    /// Signed distance from `p` (pixels) to the shape's edge.
    func signedDistance(_ p: Point) -> Float
    /// A rectangle containing every point with distance below 0.5 (where coverage can be nonzero).
    var bounds: Rect { get }
}

/// Coverage of a pixel whose center lies at signed distance `d` from an edge.
@inlinable
public func coverage(distance d: Float) -> Float {
    min(max(0.5 - d, 0), 1)
}

extension Framebuffer {
    /// Fills a shape with a color by source-over, anti-aliased. Rows are split across workers.
    public mutating func fill(_ shape: some Shape, color: Color, workers: Workers = .single) {
        let src = space.premultiply(color)
        let (xs, ys) = shape.bounds.insetBy(-1).pixelBounds(clippedTo: width, height)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        let w = width
        withUnsafeMutablePixels { px in
            workers.forEachBand(ys.count) { band in
                for row in band {
                    let y = ys.lowerBound + row
                    for x in xs {
                        let c = coverage(distance: shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5)))
                        if c > 0 { px[y * w + x] = sourceOver(px[y * w + x], src * c) }
                    }
                }
            }
        }
    }

    /// The total coverage of a shape over the whole canvas (every pixel of width x height, not just the shape's
    /// own bounds, so that a test of the area also catches bounds too small to hold the shape).
    public static func coverageSum(_ shape: some Shape, width: Int, height: Int) -> Double {
        var total = 0.0
        for y in 0..<height {
            for x in 0..<width {
                total += Double(coverage(distance: shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5))))
            }
        }
        return total
    }
}

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
