import Raster

extension ScrollEdge {
    /// The soft style, plainly: each column's prefix sums down the band and its reach (`ColumnSums`, 32 B a
    /// pixel), then each row's boxes from them, a row of row sums at a time. `applySoft` gives its bits.
    package func softReference(to plane: inout Framebuffer, band: PixelRect, background: SIMD4<Float>, radius: Float,
                               workers: Workers) {
        let w = plane.width, h = plane.height
        let reach = Int(radius.rounded(.up)) + 1
        let lo = max(0, band.y - reach), hi = min(h, band.maxY + reach)
        let columns = ColumnSums(plane, rows: lo..<hi, workers: workers)
        plane.withUnsafeMutablePixels { px in
            let out = px.baseAddress!
            workers.forEachBand(band.height, bandSize: 8) { piece in
                var sums = [SIMD4<Double>](repeating: .zero, count: w + 1)
                var blurred = [SIMD4<Float>](repeating: .zero, count: w)
                for y in piece.lowerBound + band.y..<piece.upperBound + band.y {
                    let s = closeness(row: y, band: band)
                    let r = radius * s
                    let k = Int(r)
                    let f = r - Float(k)
                    columns.box(row: y, k: k, height: h, sums: &sums, into: &blurred, weight: 1 - f, adding: false)
                    if f > 0 { columns.box(row: y, k: k + 1, height: h, sums: &sums, into: &blurred, weight: f, adding: true) }
                    let a = fade * s * s
                    let line = out + y * w
                    for x in 0..<w { line[x] = blurred[x] * (1 - a) + background * a }
                }
            }
        }
    }

    /// Prefix sums down each column of a plane's rows `rows` (in Double): `at(i, x)` is the sum of column x over
    /// the first i of those rows.
    struct ColumnSums {
        let rows: Range<Int>
        let width: Int
        let sums: [SIMD4<Double>]

        init(_ plane: Framebuffer, rows: Range<Int>, workers: Workers) {
            let w = plane.width
            (self.rows, width) = (rows, w)
            var sums = [SIMD4<Double>](repeating: .zero, count: (rows.count + 1) * w)
            sums.withUnsafeMutableBufferPointer { s in
                let base = s.baseAddress!
                plane.withUnsafePixels { px in
                    // Columns in pieces of 64: each column's sums are built down it by one piece, in row order.
                    workers.forEachBand(w, bandSize: 64) { cols in
                        for (i, y) in rows.enumerated() {
                            let above = base + i * w, here = base + (i + 1) * w, src = px.baseAddress! + y * w
                            for x in cols { here[x] = above[x] + SIMD4<Double>(src[x]) }
                        }
                    }
                }
            }
            self.sums = sums
        }

        /// Row y's box means of radius k (the box clipped to the canvas's `height` rows and the row's width),
        /// times `weight`, written to `out` or added to it.
        func box(row y: Int, k: Int, height: Int, sums row: inout [SIMD4<Double>], into out: inout [SIMD4<Float>],
                 weight: Float, adding: Bool) {
            let y0 = max(0, y - k) - rows.lowerBound, y1 = min(height, y + k + 1) - rows.lowerBound
            precondition(y0 >= 0 && y1 <= rows.count, "the box reaches past the summed rows")
            let w = width
            sums.withUnsafeBufferPointer { s in
                let top = s.baseAddress! + y0 * w, bottom = s.baseAddress! + y1 * w
                // Row prefix sums of the box's column sums: row[x] holds columns 0 ..< x.
                row[0] = .zero
                for x in 0..<w { row[x + 1] = row[x] + (bottom[x] - top[x]) }
            }
            let rowsIn = Double(y1 - y0)
            // One reciprocal for the columns whose box lies inside the row, one per column near its ends: a
            // division per pixel was a third of the kernel's time.
            let inner = Double(weight) / (rowsIn * Double(2 * k + 1))
            for x in 0..<w {
                let x0 = x - k, x1 = x + k + 1
                let scale = x0 >= 0 && x1 <= w ? inner : Double(weight) / (rowsIn * Double(min(w, x1) - max(0, x0)))
                let v = SIMD4<Float>((row[min(w, x1)] - row[max(0, x0)]) * scale)
                out[x] = adding ? out[x] + v : v
            }
        }
    }
}
