extension ImageResample {
    /// The plain version of `apply`: the same taps, each sum in tap order through the framebuffers' subscripts.
    /// Slow and obviously right; `ImageResampleTests` compares `apply` with it.
    package func reference(_ source: Framebuffer, region: PixelRect? = nil) -> Framebuffer {
        let r = region ?? PixelRect(x: 0, y: 0, width: width, height: height)
        let columns = Self.taps(source: source.width, output: width, range: r.columns)
        let rows = Self.taps(source: source.height, output: height, range: r.rows)
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
}
