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

    /// One component rounded to the nearest of 0...maxValue after adding a dither offset. After clamping the
    /// value is non-negative, so truncation is the floor.
    @inline(__always)
    static func level(_ c: Float, _ d: Float, _ maxValue: Float) -> Int32 {
        Int32(min(max(c * maxValue + d + 0.5, 0), maxValue))
    }

    /// Straight sRGB components (0...1) of a premultiplied pixel in `space`.
    @inlinable
    static func straight(_ p: SIMD4<Float>, _ space: BlendSpace) -> SIMD4<Float> {
        let a = min(max(p.w, 0), 1)
        guard a > 0 else { return .zero }
        var s = a == 1 ? p : SIMD4(p.x / a, p.y / a, p.z / a, a)
        if space == .linear {
            s = SIMD4(linearToSRGB(s.x), linearToSRGB(s.y), linearToSRGB(s.z), a)
        }
        return s
    }
}

extension Framebuffer {
    /// 8-bit RGBA samples, row-major, straight alpha, sRGB.
    public func rgba8(dither: Bool = false, workers: Workers = .single) -> [UInt8] {
        quantized(UInt8.self, dither: dither, workers: workers)
    }

    /// 16-bit RGBA samples, row-major, straight alpha, sRGB.
    public func rgba16(dither: Bool = false, workers: Workers = .single) -> [UInt16] {
        quantized(UInt16.self, dither: dither, workers: workers)
    }

    @inline(__always)
    private func quantized<T: FixedWidthInteger>(_: T.Type, dither: Bool, workers: Workers) -> [T] {
        var out = [T](repeating: 0, count: pixelCount * 4)
        out.withUnsafeMutableBufferPointer { dst in
            quantizeRows(dither: dither, maxValue: Float(T.max), workers: workers) { o, v in
                dst[o] = T(truncatingIfNeeded: v.x)
                dst[o + 1] = T(truncatingIfNeeded: v.y)
                dst[o + 2] = T(truncatingIfNeeded: v.z)
                dst[o + 3] = T(truncatingIfNeeded: v.w)
            }
        }
        return out
    }

    /// The quantization kernel: calls `store(sampleOffset, roundedValues)` once per pixel, from one worker per
    /// band of rows. Values are already rounded and clamped to 0...maxValue.
    /// (Measured: SIMD4's `clamped` and `SIMD4<Int32>(_:rounding:)` made this kernel 15x slower than scalar code.)
    @inline(__always)
    private func quantizeRows(dither: Bool, maxValue: Float, workers: Workers,
                              _ store: (Int, SIMD4<Int32>) -> Void) {
        let w = width, space = self.space
        withUnsafePixels { src in
            Quantize.offsets.withUnsafeBufferPointer { offsets in
                workers.forEachBand(height, bandSize: 32) { rows in
                    for y in rows {
                        let row = (y & 7) * 8
                        for x in 0..<w {
                            let s = Quantize.straight(src[y * w + x], space)
                            // Alpha is never dithered: a fully opaque pixel must stay exactly opaque.
                            let d: Float = dither ? offsets[row + (x & 7)] : 0
                            store((y * w + x) * 4, SIMD4(Quantize.level(s.x, d, maxValue), Quantize.level(s.y, d, maxValue),
                                                         Quantize.level(s.z, d, maxValue), Quantize.level(s.w, 0, maxValue)))
                        }
                    }
                }
            }
        }
    }
}
