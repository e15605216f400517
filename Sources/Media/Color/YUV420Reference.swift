import Raster

/// The plain version of `Framebuffer.yuv420p`: the rule of `YUV420` one sample at a time, over whole planes,
/// from the frame's 8-bit RGBA samples (`rgba8`), with no row ring, no SIMD and no reuse. The row kernels are
/// tested against it byte for byte (`YUV420Tests`).
enum YUV420Reference {
    /// yuv420p planes in `encoding` of `rgba`, `width * height` pixels (both even).
    static func planes(_ encoding: YUV420Encoding, rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        precondition(rgba.count == width * height * 4)
        let weights = YUV420.weights(encoding)
        let cw = width / 2, ch = height / 2
        var out = [UInt8](repeating: 0, count: YUV420.byteCount(width: width, height: height))
        func sample(_ x: Int, _ y: Int, _ c: Int) -> Int32 { Int32(rgba[(y * width + x) * 4 + c]) }
        for y in 0..<height {
            for x in 0..<width {
                out[y * width + x] = UInt8(weights.y(sample(x, y, 0), sample(x, y, 1), sample(x, y, 2)))
            }
        }
        // Half-width chroma of every row, then the vertical filter with edge rows repeated.
        var half = [[Int32]](repeating: [Int32](repeating: 0, count: cw * height), count: 2)
        for y in 0..<height {
            for i in 0..<cw {
                let r = sample(2 * i, y, 0) + sample(2 * i + 1, y, 0)
                let g = sample(2 * i, y, 1) + sample(2 * i + 1, y, 1)
                let b = sample(2 * i, y, 2) + sample(2 * i + 1, y, 2)
                half[0][y * cw + i] = weights.cb(r, g, b)
                half[1][y * cw + i] = weights.cr(r, g, b)
            }
        }
        for plane in 0..<2 {
            let start = width * height + plane * cw * ch
            for j in 0..<ch {
                for i in 0..<cw {
                    var sum: Int32 = 0
                    for k in 0..<8 {
                        let row = min(max(2 * j - 3 + k, 0), height - 1)
                        sum += YUV420.taps[k] * half[plane][row * cw + i]
                    }
                    out[start + j * cw + i] = UInt8(YUV420.chromaLevel(sum))
                }
            }
        }
        return out
    }
}
