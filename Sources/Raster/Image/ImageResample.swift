/// Resamples a premultiplied image to `width` x `height` pixels with a separable tent (triangle) filter: the
/// filter Pillow calls BILINEAR, widened when shrinking so that every source pixel counts.
///
/// Output pixel x has its center at source coordinate c = (x + 0.5) x sourceWidth / width. Its taps are the
/// source pixels i whose centers lie within the filter's support s = max(1, sourceWidth / width) of c, each
/// weighted by 1 - |i + 0.5 - c| / s and the weights divided by their sum (taps outside the image are left out,
/// so the edges are not darkened). Columns first, then rows, each as the weighted sum in tap order: only +, x
/// and /, so the bytes are the same everywhere. The same size gives back the source exactly.
///
/// Alpha: the pixels are premultiplied, so colour never bleeds from transparent pixels. Cost: once per image
/// placement (an image backdrop is resampled when it is placed, not per frame); once per video frame shown.
public struct ImageResample: Sendable, Equatable {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a resampled image has a positive size, got \(width)x\(height)")
        (self.width, self.height) = (width, height)
    }

    /// The part `region` (in output pixels, inside 0..<width x 0..<height) of `source` resampled to this size:
    /// a framebuffer of `region`'s size, each pixel the one the whole output would have there.
    public func apply(_ source: Framebuffer, region: PixelRect? = nil) -> Framebuffer {
        let r = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        var out: Framebuffer?
        apply(source, region: r, into: &out)
        return out!
    }

    /// The same into `out`, reused when it has `region`'s size and `source`'s space (a video's frames are
    /// resampled into the buffers of frames already shown: no frame-sized allocation, no page faults).
    ///
    /// The kernel: each sum is the weighted sum in tap order, as `reference` computes it, over flat tap
    /// tables and the pixels' pointers, without the subscripts' bounds checks (a video is resampled every frame).
    public func apply(_ source: Framebuffer, region r: PixelRect, into out: inout Framebuffer?) {
        precondition(PixelRect(x: 0, y: 0, width: width, height: height).contains(r) && !r.isEmpty, "region \(r) outside the output")
        let columns = Taps(Self.taps(source: source.width, output: width, range: r.columns))
        let rows = Taps(Self.taps(source: source.height, output: height, range: r.rows))
        let firstRow = rows.starts.min()!, lastRow = zip(rows.starts, rows.counts).map { $0 + $1 }.max()!
        if out?.width != r.width || out?.height != r.height || out?.space != source.space {
            out = Framebuffer.unfilled(width: r.width, height: r.height, space: source.space)
        }
        // Columns first: the source rows the output rows read, each resampled across.
        var across = Framebuffer.unfilled(width: r.width, height: lastRow - firstRow, space: source.space)
        let sw = source.width, aw = r.width
        source.withUnsafePixels { src in
            across.withUnsafeMutablePixels { dst in
                for y in firstRow..<lastRow {
                    columns.sum(into: dst.baseAddress! + (y - firstRow) * aw, count: aw) { src[y * sw + $0] }
                }
            }
        }
        across.withUnsafePixels { a in
            out!.withUnsafeMutablePixels { dst in
                for y in 0..<r.height {
                    let (start, n, w0) = (rows.starts[y], rows.counts[y], rows.offsets[y])
                    let o = dst.baseAddress! + y * aw
                    for x in 0..<aw {
                        var sum = SIMD4<Float>()
                        for k in 0..<n { sum += a[(start + k - firstRow) * aw + x] * rows.weights[w0 + k] }
                        o[x] = sum
                    }
                }
            }
        }
    }

    /// Taps flattened: output index i reads `counts[i]` source pixels from `starts[i]`, weighted by
    /// `weights[offsets[i]...]`.
    struct Taps {
        var starts: [Int] = [], counts: [Int] = [], offsets: [Int] = [], weights: [Float] = []

        init(_ taps: [(start: Int, weights: [Float])]) {
            for t in taps {
                starts.append(t.start)
                counts.append(t.weights.count)
                offsets.append(weights.count)
                weights += t.weights
            }
        }

        /// out[i] = the weighted sum, in tap order, of `pixel(starts[i] + k)` for i in 0..<count.
        @inline(__always)
        func sum(into out: UnsafeMutablePointer<SIMD4<Float>>, count: Int, _ pixel: (Int) -> SIMD4<Float>) {
            weights.withUnsafeBufferPointer { w in
                for i in 0..<count {
                    var sum = SIMD4<Float>()
                    let (start, n, w0) = (starts[i], counts[i], offsets[i])
                    for k in 0..<n { sum += pixel(start + k) * w[w0 + k] }
                    out[i] = sum
                }
            }
        }
    }

    /// For each output index in `range`, its first source tap and the normalized weights of its taps.
    static func taps(source n: Int, output m: Int, range: Range<Int>) -> [(start: Int, weights: [Float])] {
        let ratio = Double(n) / Double(m), support = max(1, ratio)
        return range.map { x in
            let c = (Double(x) + 0.5) * ratio
            let lo = max(0, Int((c - support).rounded(.down))), hi = min(n, Int((c + support).rounded(.up)) + 1)
            var weights = (lo..<hi).map { i in Float(max(0, 1 - abs(Double(i) + 0.5 - c) / support)) }
            // Drop the zero taps at either end, so the first weight is the first that counts.
            var start = lo
            while weights.count > 1, weights.first == 0 { weights.removeFirst(); start += 1 }
            while weights.count > 1, weights.last == 0 { weights.removeLast() }
            let total = weights.reduce(0, +)
            return (start, weights.map { $0 / total })
        }
    }
}
