import Raster

/// Cutting a region out of an image and drawing one back: how `FrameRule` compares a `check.regions` entry as
/// an image of its own without touching the comparison kernel. A region's anti-aliasing detector sees only the
/// region's pixels (its edge pixels have fewer neighbours than in the whole frame).
extension RGBAImage {
    /// The pixels of `rect` inside the image, or nil when none are.
    func cropped(to rect: PixelRect) -> RGBAImage? {
        let r = rect.clamped(width: width, height: height)
        guard !r.isEmpty else { return nil }
        var out = [UInt8](repeating: 0, count: r.width * r.height * 4)
        for row in 0..<r.height {
            let from = ((r.y + row) * width + r.x) * 4
            out.replaceSubrange(row * r.width * 4..<(row + 1) * r.width * 4, with: pixels[from..<from + r.width * 4])
        }
        return RGBAImage(width: r.width, height: r.height, pixels: out)
    }

    /// Copies `image` over this one with its top-left at `at`'s origin (the caller cut it from that rectangle).
    mutating func paste(_ image: RGBAImage, at: PixelRect) {
        for row in 0..<image.height {
            let to = ((at.y + row) * width + at.x) * 4
            pixels.replaceSubrange(to..<to + image.width * 4, with: image.pixels[row * image.width * 4..<(row + 1) * image.width * 4])
        }
    }
}

extension PixelRect {
    /// The part of the rectangle inside a `width` x `height` image (empty when it lies outside).
    func clamped(width: Int, height: Int) -> PixelRect {
        let x0 = Swift.max(0, x), y0 = Swift.max(0, y)
        let x1 = Swift.min(width, maxX), y1 = Swift.min(height, maxY)
        guard x0 < x1, y0 < y1 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
