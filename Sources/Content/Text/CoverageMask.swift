import Raster

/// An anti-aliased coverage image in device pixels: how much of each pixel a label, symbol, fill or separator
/// covers, from 0 (untouched) to 1 (fully covered).
///
/// Every piece of content becomes a mask first (glyphs from the glyph cache, paths from the scanline filler,
/// rounded rectangles and hairlines from their distance functions), then one `Vibrancy` (or plain color) pass
/// composites the mask over the frame. Pixel (x, y) of the mask covers device pixel (originX + x, originY + y).
public struct CoverageMask: Sendable, Equatable {
    public let originX: Int
    public let originY: Int
    public let width: Int
    public let height: Int
    /// Row-major coverage in 0...1.
    public var values: [Float]

    public init(originX: Int, originY: Int, width: Int, height: Int) {
        self.originX = originX
        self.originY = originY
        self.width = max(0, width)
        self.height = max(0, height)
        self.values = Array(repeating: 0, count: self.width * self.height)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }

    public subscript(x: Int, y: Int) -> Float {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// The covered area in pixels (sum of coverage).
    public var area: Double { values.reduce(0.0) { $0 + Double($1) } }

    /// The device-pixel rectangle of the mask.
    public var deviceBounds: Rect {
        Rect(x: Float(originX), y: Float(originY), width: Float(width), height: Float(height))
    }

    /// The mask of a shape given by a signed distance (pixels), clipped to a frame of `canvasWidth` x `canvasHeight`.
    public init(shape: some Shape, canvasWidth: Int, canvasHeight: Int) {
        let (xs, ys) = shape.bounds.insetBy(-1).pixelBounds(clippedTo: canvasWidth, canvasHeight)
        self.init(originX: xs.lowerBound, originY: ys.lowerBound, width: xs.count, height: ys.count)
        for y in 0..<height {
            for x in 0..<width {
                let p = Point(Float(originX + x) + 0.5, Float(originY + y) + 0.5)
                values[y * width + x] = coverage(distance: shape.signedDistance(p))
            }
        }
    }

    /// Adds 8-bit coverage (a glyph bitmap) at a device position, clamping the sum at 1: overlapping glyphs of
    /// one label cover a pixel once, never twice.
    mutating func add(bitmap: GlyphBitmap, atX dx: Int, y dy: Int) {
        let c0 = max(0, originX - dx), c1 = min(bitmap.width, originX + width - dx)
        let r0 = max(0, originY - dy), r1 = min(bitmap.rows, originY + height - dy)
        guard c1 > c0, r1 > r0 else { return }
        let w = width, ox = originX, oy = originY, bw = bitmap.width
        bitmap.coverage.withUnsafeBufferPointer { src in
            values.withUnsafeMutableBufferPointer { dst in
                for row in r0..<r1 {
                    let d = (dy + row - oy) * w + dx - ox
                    let s = row * bw
                    for col in c0..<c1 {
                        let v = src[s + col]
                        if v > 0 { dst[d + col] = min(1, dst[d + col] + v) }
                    }
                }
            }
        }
    }
}
