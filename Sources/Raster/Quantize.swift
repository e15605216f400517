/// Conversion of a float framebuffer to 8- or 16-bit straight-alpha sRGB samples, as PNG and ffmpeg want them.
///
/// Rounding is to nearest (v * max + 0.5, floored), after clamping to 0...1. The optional ordered dither adds a
/// Bayer 8x8 threshold in (-0.5, 0.5) of one output step before rounding: smooth blur gradients then lose their
/// bands without adding noise that changes from frame to frame (the pattern is fixed to the pixel grid).
public enum Quantize {
    /// The Bayer 8x8 matrix, values 0...63, built by the usual recursion M(2n) = [4M, 4M+2; 4M+3, 4M+1].
    static let bayer8: [Float] = {
        var m: [Int] = [0]
        var n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m.map(Float.init)
    }()

    /// Threshold offsets in output steps, centered on zero.
    static let offsets: [Float] = bayer8.map { ($0 + 0.5) / 64 - 0.5 }

    /// Straight sRGB components (0...1) of a premultiplied pixel in `space`.
    @inlinable
    static func straight(_ p: SIMD4<Float>, _ space: BlendSpace) -> SIMD4<Float> {
        let a = min(max(p.w, 0), 1)
        guard a > 0 else { return .zero }
        var s = SIMD4(p.x / a, p.y / a, p.z / a, a)
        if space == .linear {
            s = SIMD4(linearToSRGB(s.x), linearToSRGB(s.y), linearToSRGB(s.z), a)
        }
        return s
    }
}

extension Framebuffer {
    /// 8-bit RGBA samples, row-major, straight alpha, sRGB.
    public func rgba8(dither: Bool = false, workers: Workers = .single) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixelCount * 4)
        quantize(into: &out, maxValue: 255, dither: dither, workers: workers)
        return out
    }

    /// 16-bit RGBA samples, row-major, straight alpha, sRGB.
    public func rgba16(dither: Bool = false, workers: Workers = .single) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: pixelCount * 4)
        quantize(into: &out, maxValue: 65535, dither: dither, workers: workers)
        return out
    }

    private func quantize<T: FixedWidthInteger & Sendable>(
        into out: inout [T], maxValue: Float, dither: Bool, workers: Workers
    ) {
        let w = width, space = self.space
        let offsets = Quantize.offsets
        withUnsafePixels { src in
            out.withUnsafeMutableBufferPointer { dst in
                workers.forEachBand(height, bandSize: 32) { rows in
                    for y in rows {
                        for x in 0..<w {
                            let s = Quantize.straight(src[y * w + x], space)
                            let d: Float = dither ? offsets[(y & 7) * 8 + (x & 7)] : 0
                            // Alpha is never dithered: a fully opaque pixel must stay exactly opaque.
                            let v = (s * maxValue + SIMD4(d, d, d, 0) + 0.5)
                                .rounded(.down)
                                .clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: maxValue))
                            let o = (y * w + x) * 4
                            dst[o] = T(v.x)
                            dst[o + 1] = T(v.y)
                            dst[o + 2] = T(v.z)
                            dst[o + 3] = T(v.w)
                        }
                    }
                }
            }
        }
    }
}
