/// A float RGBA image with premultiplied alpha in one contiguous, row-major buffer.
///
/// Glossary: pixel (x, y) has its center at (x + 0.5, y + 0.5); the origin is the top-left corner; pixels are
/// `SIMD4<Float>` (r, g, b, a) premultiplied, in the framebuffer's `space`. A zero-sized framebuffer cannot be
/// made: the scene decoder refuses such canvases with a message long before one would be asked for.
public struct Framebuffer: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let space: BlendSpace
    @usableFromInline var storage: [SIMD4<Float>]

    public init(width: Int, height: Int, space: BlendSpace = .srgb, fill: SIMD4<Float> = .zero) {
        precondition(width > 0 && height > 0, "framebuffer must have a positive size, got \(width)x\(height)")
        self.width = width
        self.height = height
        self.space = space
        self.storage = Array(repeating: fill, count: width * height)
    }

    /// A framebuffer filled with an sRGB color converted into `space`.
    public init(width: Int, height: Int, space: BlendSpace = .srgb, color: Color) {
        self.init(width: width, height: height, space: space, fill: space.premultiply(color))
    }

    public var pixelCount: Int { width * height }

    @inlinable
    public subscript(x: Int, y: Int) -> SIMD4<Float> {
        get { storage[y * width + x] }
        set { storage[y * width + x] = newValue }
    }

    /// The straight sRGB color at a pixel, whatever the blend space.
    public func color(atX x: Int, y: Int) -> Color { space.color(self[x, y]) }

    /// Copies every pixel of `other` (same size) in bands across `workers`.
    public mutating func copyPixels(from other: Framebuffer, workers: Workers = .single) {
        precondition(other.width == width && other.height == height, "copy between framebuffers of different sizes")
        let w = width, h = height
        other.withUnsafePixels { src in
            withUnsafeMutablePixels { dst in
                workers.forEachBand(h, bandSize: 64) { rows in
                    (dst.baseAddress! + rows.lowerBound * w).update(from: src.baseAddress! + rows.lowerBound * w,
                                                                    count: rows.count * w)
                }
            }
        }
    }

    public mutating func fill(_ p: SIMD4<Float>) {
        withUnsafeMutablePixels { $0.update(repeating: p) }
    }

    /// Scoped read access for kernels. The pointer must not escape `body`.
    @inlinable
    public func withUnsafePixels<R>(_ body: (UnsafeBufferPointer<SIMD4<Float>>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer(body)
    }

    /// Scoped write access for kernels. The pointer must not escape `body`.
    @inlinable
    public mutating func withUnsafeMutablePixels<R>(
        _ body: (UnsafeMutableBufferPointer<SIMD4<Float>>) throws -> R
    ) rethrows -> R {
        try storage.withUnsafeMutableBufferPointer { try body($0) }
    }
}

/// Porter-Duff source-over for premultiplied pixels: the one compositing equation of the renderer.
@inlinable
public func sourceOver(_ dst: SIMD4<Float>, _ src: SIMD4<Float>) -> SIMD4<Float> {
    src + dst * (1 - src.w)
}
