import Raster

/// A copy of part of a framebuffer, in absolute pixel coordinates, with clamped bilinear sampling.
struct Window: Sendable {
    let x0: Int, y0: Int, width: Int, height: Int
    var pixels: WindowPixels

    /// The window over `columns` x `rows` of `fb`, copied row by row by the workers into memory kept from
    /// earlier windows (`WindowPixels`). A blurred window: `init(blurring:columns:rows:radius:workers:)`.
    init(_ fb: Framebuffer, columns: Range<Int>, rows: Range<Int>, workers: Workers = .single,
         memory: WindowMemory = .shared) {
        let (x0, y0, w, h) = (columns.lowerBound, rows.lowerBound, columns.count, rows.count)
        let px = WindowPixels(count: w * h, memory: memory) { dst in
            fb.withUnsafePixels { src in
                workers.forEachBand(h, bandSize: 8) { band in
                    let from = src.baseAddress! + (y0 + band.lowerBound) * fb.width + x0
                    let to = dst.baseAddress! + band.lowerBound * w
                    for y in 0..<band.count { (to + y * w).update(from: from + y * fb.width, count: w) }
                }
            }
        }
        self.init(x0: x0, y0: y0, width: w, height: h, pixels: px)
    }

    init(x0: Int, y0: Int, width: Int, height: Int, pixels: WindowPixels) {
        precondition(pixels.count == width * height, "a window of \(width) x \(height) holds \(pixels.count) pixels")
        (self.x0, self.y0, self.width, self.height, self.pixels) = (x0, y0, width, height, pixels)
    }

    /// Whether the window holds every pixel of `columns` x `rows`.
    func holds(columns: Range<Int>, rows: Range<Int>) -> Bool {
        columns.lowerBound >= x0 && columns.upperBound <= x0 + width && rows.lowerBound >= y0 && rows.upperBound <= y0 + height
    }

    /// Bilinear sample at a point in absolute pixel coordinates (pixel centers at +0.5), clamped to the view
    /// whose origin and size are given, `px` its first pixel and `stride` pixels from a row to the next (the
    /// kernel passes them as scalars, not the window, to avoid retains; a view is part of a kept window, whose
    /// bounds must not change what a drawing samples).
    @inline(__always)
    static func sample(_ px: UnsafeBufferPointer<SIMD4<Float>>, _ x0: Int, _ y0: Int, _ width: Int, _ height: Int,
                       stride: Int, _ p: Point) -> SIMD4<Float> {
        let fx = min(max(p.x - 0.5 - Float(x0), 0), Float(width - 1))
        let fy = min(max(p.y - 0.5 - Float(y0), 0), Float(height - 1))
        let ix = min(Int(fx), width - 2 < 0 ? 0 : width - 2), iy = min(Int(fy), height - 2 < 0 ? 0 : height - 2)
        let tx = fx - Float(ix), ty = fy - Float(iy)
        let x1 = min(ix + 1, width - 1), y1 = min(iy + 1, height - 1)
        let a = px[iy * stride + ix], b = px[iy * stride + x1]
        let c = px[y1 * stride + ix], d = px[y1 * stride + x1]
        return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
    }
}
