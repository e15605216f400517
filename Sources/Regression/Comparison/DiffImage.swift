/// Images a reviewer looks at: the three-panel strip expected | diff | actual.
public enum DiffImage {
    /// Panels side by side with a `gap` of neutral grey between them, on a common height (shorter panels are
    /// padded with the same grey at the bottom, so images of different sizes still line up at the top).
    public static func panels(_ images: [RGBAImage], gap: Int = 8) -> RGBAImage {
        precondition(!images.isEmpty)
        let height = images.map(\.height).max()!
        let width = images.map(\.width).reduce(0, +) + gap * (images.count - 1)
        var out = RGBAImage(width: width, height: height, fill: (128, 128, 128, 255))
        var left = 0
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for img in images {
                img.pixels.withUnsafeBufferPointer { src in
                    for y in 0..<img.height {
                        let s = y * img.width * 4, d = (y * width + left) * 4
                        for k in 0..<(img.width * 4) { dst[d + k] = src[s + k] }
                    }
                }
                left += img.width + gap
            }
        }
        return out
    }
}
