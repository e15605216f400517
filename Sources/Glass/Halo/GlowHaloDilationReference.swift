import Raster

extension GlowHalo {
    /// `dilate` as it was first written: every window's largest value found by looking at each of its cells.
    static func dilateReference(_ values: [Float], width: Int, height: Int, over r: PixelRect, reach: Int) -> [Float] {
        let y0 = max(0, r.y - reach), y1 = min(height, r.maxY + reach)
        var across = [Float](repeating: 0, count: r.width * (y1 - y0))
        for y in y0..<y1 {
            for x in 0..<r.width {
                let cx = r.x + x
                var top: Float = 0
                for i in max(0, cx - reach)..<min(width, cx + reach + 1) { top = max(top, values[y * width + i]) }
                across[(y - y0) * r.width + x] = top
            }
        }
        var out = [Float](repeating: 0, count: r.width * r.height)
        for y in 0..<r.height {
            let cy = r.y + y
            for x in 0..<r.width {
                var top: Float = 0
                for j in max(y0, cy - reach)..<min(y1, cy + reach + 1) { top = max(top, across[(j - y0) * r.width + x]) }
                out[y * r.width + x] = top
            }
        }
        return out
    }
}
