import Raster

/// The soft style's kernel: `ScrollEdge.softReference`'s arithmetic, the same operations in the same order on
/// the same values, so the same bytes, without its whole-band table of column sums.
///
/// The reference sums each column down the band and its reach once (P, in Double, 32 B a pixel: 30 MB a frame
/// for two bars at 1170 px), then reads two or four of its rows per band row. Here the band is cut into pieces
/// of rows, one a worker, and each piece keeps only the 2 x reach + 2 rows of P its rows' boxes can reach, in a
/// ring, adding each plane row to the one above it as the boxes move down. P's rows are the reference's:
/// each is the column's sum from the first summed row, added in row order, whichever piece computes it.
///
/// Pieces. A piece's ring starts at its first box's top boundary, from that row of P computed before any row
/// is written (`startSums`, down columns in strips, as the reference's sums). Pieces are at least 2 x reach
/// rows, so a piece reads the plane only in its own rows and `reach` rows into each neighbour's; those rows of
/// a neighbour, the `reach` rows at each end of a piece, are written aside (`held`) and copied into the plane
/// once every piece is done. So every piece reads the plane as it was, for any worker count.
///
/// Per band row: one pass across the row takes the boxes' row prefix sums (each a chain of Double adds, the
/// reference's) just ahead of the columns whose means read them, mixes the means and fades toward the
/// background, and writes the row.
/// Allocations: per piece the ring (32 B x width x (2 x reach + 2)) and two rows of row sums; per band the
/// held rows (2 x reach rows a piece, 16 B a pixel) and one row of P a piece; in all at most the reference's
/// table (the piece count is bounded so).
extension ScrollEdge {
    func applySoft(to plane: inout Framebuffer, band: PixelRect, background: SIMD4<Float>, radius: Float, workers: Workers) {
        let w = plane.width, h = plane.height
        let reach = Int(radius.rounded(.up)) + 1
        let lo = max(0, band.y - reach)
        // At most one piece a worker, and no more than keep the pieces' scratch (per column: the ring, two rows
        // of row sums, a row of P and the held rows) within the reference's table, 32 B a pixel of the band and
        // its reach, which the memory estimate counts (SceneFormat's `ScrollEdgeSection.sumBytes`).
        let scratch = 32 * (2 * reach + 2) + 64 + 32 + 16 * 2 * reach
        let most = max(1, min(workers.count, 32 * (band.height + 2 * reach) / scratch))
        let size = max(2 * reach, (band.height + most - 1) / most)
        let pieces = (0..<((band.height + size - 1) / size)).map { j in
            band.y + j * size..<min(band.maxY, band.y + (j + 1) * size)
        }
        let layout = SoftEdgePieces(rows: pieces, reach: reach, width: w)
        var starts = [SIMD4<Double>](repeating: .zero, count: pieces.count * w)
        var held = [SIMD4<Float>](repeating: .zero, count: pieces.count * 2 * reach * w)
        plane.withUnsafeMutablePixels { px in
            let pixels = px.baseAddress!
            starts.withUnsafeMutableBufferPointer { st in
                Self.startSums(pixels, width: w, from: lo, at: pieces.map { max(lo, $0.lowerBound - reach) },
                               into: st.baseAddress!, workers: workers)
            }
            held.withUnsafeMutableBufferPointer { hd in
                let aside = hd.baseAddress!
                starts.withUnsafeBufferPointer { st in
                    let first = st.baseAddress!
                    workers.forEach(pieces.count) { j in
                        let row = SoftEdgeRow(edge: self, band: band, radius: radius, background: background,
                                              width: w, height: h, lo: lo, reach: reach)
                        row.run(piece: j, layout: layout, start: first + j * w, plane: pixels, held: aside)
                    }
                }
                layout.copyHeld(from: aside, into: pixels)
            }
        }
    }

    /// Each column's sum over the rows from `lo` to each of `starts` (ascending), in Double, added in row order
    /// as the reference adds them, into `out` (a row of `width` per start). Columns in strips of 64, each summed
    /// down by one worker.
    static func startSums(_ px: UnsafePointer<SIMD4<Float>>, width w: Int, from lo: Int, at starts: [Int],
                          into out: UnsafeMutablePointer<SIMD4<Double>>, workers: Workers) {
        workers.forEachBand(w, bandSize: 64) { cols in
            let run = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: cols.count)
            defer { run.deallocate() }
            run.initialize(repeating: .zero, count: cols.count)
            var y = lo
            for (j, s) in starts.enumerated() {
                while y < s {
                    let src = px + y * w + cols.lowerBound
                    for i in 0..<cols.count { run[i] = run[i] + SIMD4<Double>(src[i]) }
                    y += 1
                }
                (out + j * w + cols.lowerBound).update(from: run, count: cols.count)
            }
        }
    }
}

/// Where each piece's rows go: the `reach` rows at a piece's ends that a neighbour reads (its first unless it
/// is the first piece, its last unless it is the last) go aside, into `held`, 2 x reach rows a piece; the
/// others straight into the plane.
struct SoftEdgePieces {
    let rows: [Range<Int>]
    let reach: Int, width: Int

    /// The offset in `held` of row `y` of piece `j`, nil when the row goes straight into the plane.
    func heldOffset(row y: Int, piece j: Int) -> Int? {
        let r = rows[j], base = j * 2 * reach
        if j > 0 && y < r.lowerBound + reach { return (base + y - r.lowerBound) * width }
        if j < rows.count - 1 && y >= r.upperBound - reach { return (base + reach + y - (r.upperBound - reach)) * width }
        return nil
    }

    func copyHeld(from held: UnsafePointer<SIMD4<Float>>, into plane: UnsafeMutablePointer<SIMD4<Float>>) {
        for (j, r) in rows.enumerated() {
            for y in r { if let o = heldOffset(row: y, piece: j) { (plane + y * width).update(from: held + o, count: width) } }
        }
    }
}

/// One piece's rows of the soft effect, computed from the ring of P's rows (see `ScrollEdge.applySoft`).
struct SoftEdgeRow {
    let edge: ScrollEdge, band: PixelRect, radius: Float, background: SIMD4<Float>
    let width: Int, height: Int, lo: Int, reach: Int

    func run(piece j: Int, layout: SoftEdgePieces, start: UnsafePointer<SIMD4<Double>>,
             plane: UnsafeMutablePointer<SIMD4<Float>>, held: UnsafeMutablePointer<SIMD4<Float>>) {
        let w = width, slots = 2 * reach + 2, rows = layout.rows[j]
        let ring = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: slots * w)
        let sums = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: 2 * (w + 1))
        defer { ring.deallocate(); sums.deallocate() }
        func sumRow(_ boundary: Int) -> UnsafeMutablePointer<SIMD4<Double>> { ring + ((boundary - lo) % slots) * w }
        // P's rows from the piece's first box top: `next` is the first boundary not yet in the ring.
        var next = max(lo, rows.lowerBound - reach)
        sumRow(next).update(from: start, count: w)
        next += 1
        for y in rows {
            let s = edge.closeness(row: y, band: band)
            let r = radius * s
            let k = Int(r)
            let f = r - Float(k)
            let bottom = min(height, y + k + 1 + (f > 0 ? 1 : 0))
            while next <= bottom {
                let above = sumRow(next - 1), here = sumRow(next), src = plane + (next - 1) * w
                for x in 0..<w { here[x] = above[x] + SIMD4<Double>(src[x]) }
                next += 1
            }
            let box1 = Box(row: y, k: k, weight: 1 - f, height: height, width: w)
            let box2 = Box(row: y, k: k + 1, weight: f, height: height, width: w)
            let a = edge.fade * s * s
            let out = layout.heldOffset(row: y, piece: j).map { held + $0 } ?? plane + y * w
            if f > 0 {
                blend(box1, sumRow(box1.y0), sumRow(box1.y1), box2, sumRow(box2.y0), sumRow(box2.y1), sums: sums,
                      fade: a, into: out)
            } else {
                blend(box1, sumRow(box1.y0), sumRow(box1.y1), sums: sums, fade: a, into: out)
            }
        }
    }

    /// Row y with one box: its row prefix sums (a chain of Double adds across the row, the reference's: sums[x]
    /// holds columns 0 ..< x of `bottom` - `top`), each taken just before the first mean that reads it, so the
    /// chain's latency hides under the means; then the fade toward the background.
    func blend(_ b: Box, _ top: UnsafePointer<SIMD4<Double>>, _ bottom: UnsafePointer<SIMD4<Double>>,
               sums s: UnsafeMutablePointer<SIMD4<Double>>, fade a: Float, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let w = width, keep = 1 - a, tint = background * a
        // Columns whose boxes lie inside the row share one reciprocal.
        let first = min(w, b.k + 1), inside = first..<max(first, w - b.k - 1)
        s[0] = .zero
        // Column x's mean reads sums through min(w, x + k + 1).
        var c = 0
        while c < min(w, b.k) { s[c + 1] = s[c] + (bottom[c] - top[c]); c += 1 }
        for x in 0..<inside.lowerBound {
            if c < w { s[c + 1] = s[c] + (bottom[c] - top[c]); c += 1 }
            out[x] = b.mean(s, x) * keep + tint
        }
        for x in inside {
            s[c + 1] = s[c] + (bottom[c] - top[c])
            c += 1
            out[x] = b.inner(s, x) * keep + tint
        }
        for x in inside.upperBound..<w {
            if c < w { s[c + 1] = s[c] + (bottom[c] - top[c]); c += 1 }
            out[x] = b.mean(s, x) * keep + tint
        }
    }

    /// Row y with two boxes (radii k and k + 1), their chains of adds interleaved: the sum of their means.
    func blend(_ b1: Box, _ t1: UnsafePointer<SIMD4<Double>>, _ d1: UnsafePointer<SIMD4<Double>>,
               _ b2: Box, _ t2: UnsafePointer<SIMD4<Double>>, _ d2: UnsafePointer<SIMD4<Double>>,
               sums s1: UnsafeMutablePointer<SIMD4<Double>>, fade a: Float, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let w = width, keep = 1 - a, tint = background * a, s2 = s1 + w + 1
        let first = min(w, b2.k), inside = first..<max(first, w - b2.k)
        s1[0] = .zero
        s2[0] = .zero
        // Column x's means read sums through min(w, x + k + 2).
        var c = 0
        while c < min(w, b2.k) {
            s1[c + 1] = s1[c] + (d1[c] - t1[c])
            s2[c + 1] = s2[c] + (d2[c] - t2[c])
            c += 1
        }
        for x in 0..<w {
            if c < w {
                s1[c + 1] = s1[c] + (d1[c] - t1[c])
                s2[c + 1] = s2[c] + (d2[c] - t2[c])
                c += 1
            }
            out[x] = inside.contains(x) ? (b1.inner(s1, x) + b2.inner(s2, x)) * keep + tint
                : (b1.mean(s1, x) + b2.mean(s2, x)) * keep + tint
        }
    }

    /// A box of radius k on row y, clipped to the canvas: its rows of P (boundaries y0, y1), and its weight
    /// folded into the reciprocal of its pixel count.
    struct Box {
        let k: Int, y0: Int, y1: Int, width: Int
        let weight: Double, rowsIn: Double
        /// weight / pixels for a box inside the row.
        let innerScale: Double

        init(row y: Int, k: Int, weight: Float, height: Int, width: Int) {
            (self.k, self.width) = (k, width)
            (y0, y1) = (max(0, y - k), min(height, y + k + 1))
            self.weight = Double(weight)
            rowsIn = Double(y1 - y0)
            innerScale = self.weight / (rowsIn * Double(2 * k + 1))
        }

        /// The mean at column x of a box inside the row, times its weight.
        @inline(__always) func inner(_ s: UnsafePointer<SIMD4<Double>>, _ x: Int) -> SIMD4<Float> {
            SIMD4<Float>((s[x + k + 1] - s[x - k]) * innerScale)
        }

        /// The mean at column x, the box clipped to the row, times its weight.
        @inline(__always) func mean(_ s: UnsafePointer<SIMD4<Double>>, _ x: Int) -> SIMD4<Float> {
            let x0 = max(0, x - k), x1 = min(width, x + k + 1)
            let scale = x - k >= 0 && x + k + 1 <= width ? innerScale : weight / (rowsIn * Double(x1 - x0))
            return SIMD4<Float>((s[x1] - s[x0]) * scale)
        }
    }
}
