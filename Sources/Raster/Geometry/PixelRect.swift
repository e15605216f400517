/// An integer rectangle of pixels: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole of a framebuffer.
    public init(_ fb: Framebuffer) { self.init(x: 0, y: 0, width: fb.width, height: fb.height) }

    /// The pixels a rectangle touches (edges rounded outward), clipped to `bounds`.
    public init(covering r: Rect, clippedTo bounds: PixelRect) {
        let (xs, ys) = r.offsetBy(Point(Float(-bounds.x), Float(-bounds.y)))
            .pixelBounds(clippedTo: bounds.width, bounds.height)
        self.init(x: bounds.x + xs.lowerBound, y: bounds.y + ys.lowerBound, width: xs.count, height: ys.count)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var columns: Range<Int> { x..<maxX }
    public var rows: Range<Int> { y..<maxY }

    public func contains(_ o: PixelRect) -> Bool {
        o.x >= x && o.y >= y && o.maxX <= maxX && o.maxY <= maxY
    }

    /// The rectangle grown by `d` pixels on every side (not clipped).
    public func expanded(by d: Int) -> PixelRect {
        PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ o: PixelRect) -> PixelRect {
        if o.isEmpty { return self }
        if isEmpty { return o }
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, o.x), y0 = Swift.max(y, o.y)
        return PixelRect(x: x0, y: y0, width: Swift.min(maxX, o.maxX) - x0, height: Swift.min(maxY, o.maxY) - y0)
    }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// `x,y,width,height`, the form `--mask` takes.
    public var description: String { "\(x),\(y),\(width),\(height)" }
}
