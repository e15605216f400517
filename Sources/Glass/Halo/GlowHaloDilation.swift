import Raster

extension GlowHalo {
    /// The largest of `values` within `reach` cells (a square) of each cell of `r`, row-major over `r`:
    /// separable, rows then columns, over the grid only (the blur's mirrored reads beyond the edges see the same
    /// cells again). Each pass is a running maximum (van Herk, Gil and Werman: the window of 2 reach + 1 values
    /// is the largest of one block's suffix and the next block's prefix), three comparisons a value whatever the
    /// reach, where looking at every cell of each window took 2 reach + 1 (reach 10 on every halo: 0.4% of a
    /// showcase render's samples, on the render thread alone). The same values as `dilateReference`: a maximum
    /// does not depend on the order its values are met in, the peaks are finite and never -0 (sums of squares),
    /// and cells beyond the grid count as 0, the value the reference starts from.
    static func dilate(_ values: [Float], width: Int, height: Int, over r: PixelRect, reach: Int) -> [Float] {
        let y0 = max(0, r.y - reach), y1 = min(height, r.maxY + reach)
        guard r.width > 0, r.height > 0, y0 < y1 else { return [Float](repeating: 0, count: max(0, r.width * r.height)) }
        var across = [Float](repeating: 0, count: r.width * (y1 - y0))
        var scratch = RunningMax(count: max(r.width, r.height) + 2 * reach)
        values.withUnsafeBufferPointer { v in
            across.withUnsafeMutableBufferPointer { a in
                for y in y0..<y1 {
                    scratch.run(outputs: r.width, reach: reach, into: a.baseAddress! + (y - y0) * r.width, outStride: 1) { t in
                        let x = r.x - reach + t
                        return x >= 0 && x < width ? v[y * width + x] : 0
                    }
                }
            }
        }
        var out = [Float](repeating: 0, count: r.width * r.height)
        across.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { o in
                for x in 0..<r.width {
                    scratch.run(outputs: r.height, reach: reach, into: o.baseAddress! + x, outStride: r.width) { t in
                        let y = r.y - reach + t
                        return y >= y0 && y < y1 ? a[(y - y0) * r.width + x] : 0
                    }
                }
            }
        }
        return out
    }

    /// A running maximum's prefix and suffix arrays, kept for every row and column of a dilation.
    struct RunningMax {
        var prefix: [Float], suffix: [Float]

        init(count: Int) {
            prefix = [Float](repeating: 0, count: count)
            suffix = [Float](repeating: 0, count: count)
        }

        /// out[i x outStride] = the largest of value(i) ... value(i + 2 reach), for i in 0..<outputs (value(t) is
        /// the padded input: the window of output i is t in i...i + 2 reach).
        mutating func run(outputs: Int, reach: Int, into out: UnsafeMutablePointer<Float>, outStride: Int,
                          _ value: (Int) -> Float) {
            let n = outputs + 2 * reach, k = 2 * reach + 1
            prefix.withUnsafeMutableBufferPointer { g in
                suffix.withUnsafeMutableBufferPointer { h in
                    for t in 0..<n {
                        let f = value(t)
                        g[t] = t % k == 0 ? f : max(g[t - 1], f)
                        h[t] = f
                    }
                    var t = n - 2
                    while t >= 0 {
                        if (t + 1) % k != 0 { h[t] = max(h[t + 1], h[t]) }
                        t -= 1
                    }
                    for i in 0..<outputs { out[i * outStride] = max(h[i], g[i + 2 * reach]) }
                }
            }
        }
    }
}
