import Raster

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

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = Swift.max(x, o.x), y0 = Swift.max(y, o.y)
        return PixelRect(x: x0, y: y0, width: Swift.min(maxX, o.maxX) - x0, height: Swift.min(maxY, o.maxY) - y0)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// What a surface's blur may read: the image its backdrop is, beyond whose edges pixels are mirrored.
public enum BackdropExtent: Sendable, Hashable {
    /// The whole plane (UIVisualEffectView and RenderEffect read what lies around the view too); mirrored at
    /// the canvas edges.
    case plane
    /// Only the surface's own box (the CSS border box: browsers clip the backdrop to it before filtering and
    /// mirror its edge pixels outward, so content just outside the element never bleeds in).
    case box
}

/// Half-sample symmetric extension ("mirror", edge pixel repeated: ... 2 1 0 | 0 1 2 ... n-1 | n-1 n-2 ...):
/// maps any index onto `0..<n`. This is Skia's kMirror tile mode and the `reflect` edge mode browsers use for
/// backdrop-filter blurs.
@inlinable
func mirror(_ i: Int, _ n: Int) -> Int {
    if i >= 0 && i < n { return i }
    if i < 0 && i >= -n { return -1 - i }
    if i >= n && i < 2 * n { return 2 * n - 1 - i }
    let period = 2 * n
    var m = i % period
    if m < 0 { m += period }
    return m < n ? m : period - 1 - m
}
