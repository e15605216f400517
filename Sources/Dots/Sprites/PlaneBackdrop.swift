import Raster

/// What the app draws beneath the dots (a photo, a screen, a list), as the plane's fill needs it: an image
/// already placed on the frame and composited over the plane's background, premultiplied in the frame's blend
/// space. The plane fills with the background, then copies these pixels where they lie on the frame, then draws
/// its dots over both (`Plane.drawSprites`); the Scene module places the image and keeps the result.
///
/// `key` says what the pixels show: two backdrops with the same key and the same rectangle hold the same pixels
/// (the plane's record compares them to find what a frame changed, `PlaneSpriteRecord`). 0 is no backdrop.
public struct PlaneBackdrop: Sendable {
    /// The placed image over the background, premultiplied in the frame's blend space.
    public let pixels: Framebuffer
    /// Where `pixels`' top-left pixel lands on the frame (it may lie outside: a scrolled or covering image).
    public let x: Int
    public let y: Int
    public let key: UInt64

    public init(pixels: Framebuffer, x: Int, y: Int, key: UInt64) {
        precondition(key != 0, "key 0 means no backdrop")
        (self.pixels, self.x, self.y, self.key) = (pixels, x, y, key)
    }

    /// The frame pixels the backdrop covers (not clipped to the frame).
    public var rect: PixelRect { PixelRect(x: x, y: y, width: pixels.width, height: pixels.height) }

    /// The columns of `columns` the backdrop covers in frame row `row`: a range within `columns`, empty (at its
    /// start) where it covers none.
    @inline(__always)
    func columns(row: Int, within columns: Range<Int>) -> Range<Int> {
        let lo = max(columns.lowerBound, x), hi = min(columns.upperBound, x + pixels.width)
        guard row >= y, row < y + pixels.height, lo < hi else { return columns.lowerBound..<columns.lowerBound }
        return lo..<hi
    }

    /// Copies the backdrop's pixels of frame row `row`, within `columns`, to `line` (the frame's row `row`, from
    /// column 0); columns the backdrop does not cover are left as they are.
    @inline(__always)
    func copy(row: Int, columns: Range<Int>, into line: UnsafeMutablePointer<SIMD4<Float>>) {
        let r = row - y
        let covered = self.columns(row: row, within: columns)
        guard !covered.isEmpty else { return }
        let (lo, hi) = (covered.lowerBound, covered.upperBound)
        let w = pixels.width
        pixels.withUnsafePixels { src in (line + lo).update(from: src.baseAddress! + r * w + (lo - x), count: hi - lo) }
    }
}
