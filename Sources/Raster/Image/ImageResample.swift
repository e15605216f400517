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
/// placement (a backdrop is resampled when it is placed, not per frame).
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
        precondition(PixelRect(x: 0, y: 0, width: width, height: height).contains(r) && !r.isEmpty, "region \(r) outside the output")
        let columns = Self.taps(source: source.width, output: width, range: r.columns)
        let rows = Self.taps(source: source.height, output: height, range: r.rows)
        // Columns first: the source rows the output rows read, each resampled across.
        let firstRow = rows.map(\.start).min()!, lastRow = rows.map { $0.start + $0.weights.count }.max()!
        var across = Framebuffer(width: r.width, height: lastRow - firstRow, space: source.space)
        for y in firstRow..<lastRow {
            for (x, t) in columns.enumerated() {
                var sum = SIMD4<Float>()
                for (k, w) in t.weights.enumerated() { sum += source[t.start + k, y] * w }
                across[x, y - firstRow] = sum
            }
        }
        var out = Framebuffer(width: r.width, height: r.height, space: source.space)
        for (y, t) in rows.enumerated() {
            for x in 0..<r.width {
                var sum = SIMD4<Float>()
                for (k, w) in t.weights.enumerated() { sum += across[x, t.start + k - firstRow] * w }
                out[x, y] = sum
            }
        }
        return out
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
