import Raster

/// What a plane holds outside its dots' boxes when a still image lies beneath them: the plane's background with
/// the image, already placed and composited over that background, copied where it lies on the plane (the plane's
/// fill before its dots are drawn). Scene builds it from the plane's backdrop; the glass derives from it, once,
/// what it would otherwise read again every frame from the plane's pixels (`UnderlayBlur`, `GlowHalo.UnderlayCells`).
///
/// Premultiplied, in the plane's blend space. `image` may lie partly off the plane.
public struct PlaneUnderlay: Sendable {
    public let width: Int, height: Int
    public let background: SIMD4<Float>
    /// The placed image over the background, and where its top-left pixel lands on the plane.
    public let image: Framebuffer
    public let x: Int, y: Int

    public init(width: Int, height: Int, background: SIMD4<Float>, image: Framebuffer, x: Int, y: Int) {
        (self.width, self.height, self.background) = (width, height, background)
        (self.image, self.x, self.y) = (image, x, y)
    }

    /// The plane pixels the image covers, within the plane.
    public var imageRect: PixelRect {
        PixelRect(x: x, y: y, width: image.width, height: image.height)
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// The plane's rows `rows` (within 0..<height) as the underlay holds them, whole rows: the background, and
    /// the image's pixels where it lies.
    public func rows(_ rows: Range<Int>) -> Framebuffer {
        var fb = Framebuffer(width: width, height: rows.count, space: image.space, fill: background)
        let on = imageRect
        let lo = max(on.y, rows.lowerBound), hi = min(on.maxY, rows.upperBound)
        guard lo < hi, on.width > 0 else { return fb }
        let (w, iw) = (width, image.width)
        fb.withUnsafeMutablePixels { dst in
            image.withUnsafePixels { src in
                for row in lo..<hi {
                    (dst.baseAddress! + (row - rows.lowerBound) * w + on.x)
                        .update(from: src.baseAddress! + (row - y) * iw + (on.x - x), count: on.width)
                }
            }
        }
        return fb
    }
}
