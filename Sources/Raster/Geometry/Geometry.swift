/// A point or vector in pixels or points (the owner of the value says which); y grows downward, origin top-left.
public typealias Point = SIMD2<Float>

/// An axis-aligned rectangle. Pixel centers sit at +0.5, so the pixel (x, y) covers [x, x+1) x [y, y+1).
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Float { x }
    public var minY: Float { y }
    public var maxX: Float { x + width }
    public var maxY: Float { y + height }
    public var center: Point { Point(x + width / 2, y + height / 2) }
    public var size: SIMD2<Float> { SIMD2(width, height) }

    public func scaled(by s: Float) -> Rect { Rect(x: x * s, y: y * s, width: width * s, height: height * s) }
    public func insetBy(_ d: Float) -> Rect { Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
    public func offsetBy(_ v: Point) -> Rect { Rect(x: x + v.x, y: y + v.y, width: width, height: height) }

    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }

    public func intersects(_ o: Rect) -> Bool {
        minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }

    public func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// Linear interpolation of origin and size, for keyframed frames.
    public func interpolated(to o: Rect, _ t: Float) -> Rect {
        Rect(x: x + (o.x - x) * t, y: y + (o.y - y) * t,
             width: width + (o.width - width) * t, height: height + (o.height - height) * t)
    }

    /// The integer pixel rows and columns this rectangle touches, clipped to `0..<w` x `0..<h`.
    public func pixelBounds(clippedTo w: Int, _ h: Int) -> (x: Range<Int>, y: Range<Int>) {
        func span(_ lo: Float, _ hi: Float, _ n: Int) -> Range<Int> {
            guard lo.isFinite, hi.isFinite else { return 0..<0 }
            let a = max(0, min(n, Int(checked: lo, .down)))
            let b = max(a, min(n, Int(checked: hi, .up)))
            return a..<b
        }
        return (span(minX, maxX, w), span(minY, maxY, h))
    }

    public var description: String { "[\(x), \(y), \(width), \(height)]" }
}
