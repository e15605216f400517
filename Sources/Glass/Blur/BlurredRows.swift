import Raster

/// A blur of one region prepared for some of its output rows: the convolved samples of the region's decimated
/// grid that those rows interpolate, and the interpolation weights. A kernel then reconstructs a row at a time
/// (`Reader`), straight into whatever it draws, so no full-resolution image of the blurred region is kept.
///
/// The grid is the whole region's (`GaussianBlur.apply`'s), whatever rows are asked for: every sample is computed
/// from the same source pixels in the same order, so a row reconstructed here has the bits of the same row of
/// `apply(region:)`, and the work is proportional to the rows asked for plus the blur's reach.
public struct BlurredRows: Sendable {
    /// The region the output rows belong to (full-resolution pixels of the source).
    public let region: PixelRect
    /// The output rows prepared, region-relative.
    public let rows: Range<Int>
    let factor: Int
    /// Kept (convolved) samples, rows `firstKept ..< firstKept + count` of the grid, `keptWidth` a row. For sigma 0
    /// the source's pixels of the prepared rows, `region.width` a row.
    let samples: [SIMD4<Float>]
    let firstKept: Int, keptWidth: Int, keptRows: Int
    /// Per region column and row: the kept sample at or before the pixel center and the weight of the next one.
    let xs: [(Int, Float)], ys: [(Int, Float)]

    /// The identity (sigma 0): the source's pixels of `rows`.
    init(copying source: Framebuffer, region: PixelRect, rows: Range<Int>) {
        self.region = region
        self.rows = rows
        factor = 1
        var out = [SIMD4<Float>](unsafeUninitializedCapacity: region.width * rows.count) { _, n in n = region.width * rows.count }
        source.withUnsafePixels { src in
            for j in rows {
                let from = src.baseAddress! + (region.y + j) * source.width + region.x
                let to = (j - rows.lowerBound) * region.width
                for i in 0..<region.width { out[to + i] = from[i] }
            }
        }
        samples = out
        firstKept = rows.lowerBound
        keptWidth = region.width
        keptRows = rows.upperBound
        xs = (0..<region.width).map { ($0, 0) }
        ys = (0..<region.height).map { ($0, 0) }
    }

    init(region: PixelRect, rows: Range<Int>, factor: Int, samples: [SIMD4<Float>], firstKept: Int, keptWidth: Int,
         keptRows: Int, xs: [(Int, Float)], ys: [(Int, Float)]) {
        (self.region, self.rows, self.factor, self.samples) = (region, rows, factor, samples)
        (self.firstKept, self.keptWidth, self.keptRows, self.xs, self.ys) = (firstKept, keptWidth, keptRows, xs, ys)
    }

    /// Calls `body` with a reader of the prepared rows (valid only inside `body`).
    public func withReader<R>(_ body: (Reader) -> R) -> R {
        samples.withUnsafeBufferPointer { s in
            xs.withUnsafeBufferPointer { xs in
                body(Reader(samples: s.baseAddress!, xs: xs.baseAddress!, blurred: self))
            }
        }
    }

    /// The blurred pixels of the prepared rows, row-major (`region.width` a row): what `GaussianBlur.apply` returns.
    public func pixels(workers: Workers) -> [SIMD4<Float>] {
        let w = region.width
        var out = [SIMD4<Float>](unsafeUninitializedCapacity: w * rows.count) { _, n in n = w * rows.count }
        out.withUnsafeMutableBufferPointer { o in
            withReader { reader in
                workers.forEachBand(rows.count, bandSize: 16) { band in
                    let line = reader.makeLine()
                    defer { line.deallocate() }
                    for k in band {
                        let row = reader.row(rows.lowerBound + k, line: line), dst = o.baseAddress! + k * w
                        for i in 0..<w { dst[i] = reader.pixel(i, row) }
                    }
                }
            }
        }
        return out
    }

    /// Reconstructs rows one at a time. A row is first interpolated between its two sample rows (at the kept
    /// width, a few dozen samples), then each pixel between two of those: the expressions of the staged
    /// reconstruction (`GaussianBlur.stagedReference`), evaluated once per sample instead of once per pixel.
    public struct Reader {
        let samples: UnsafePointer<SIMD4<Float>>
        let xs: UnsafePointer<(Int, Float)>
        let factor: Int, firstKept: Int, keptWidth: Int, keptRows: Int
        let ys: [(Int, Float)]

        init(samples: UnsafePointer<SIMD4<Float>>, xs: UnsafePointer<(Int, Float)>, blurred: BlurredRows) {
            (self.samples, self.xs, self.factor) = (samples, xs, blurred.factor)
            (firstKept, keptWidth, keptRows, ys) = (blurred.firstKept, blurred.keptWidth, blurred.keptRows, blurred.ys)
        }

        /// A scratch line for `row` (one per band; the caller deallocates it).
        public func makeLine() -> UnsafeMutablePointer<SIMD4<Float>> { .allocate(capacity: keptWidth) }

        /// Output row `y` (region-relative, a prepared row) as the samples `pixel` reads: `line` filled with the
        /// vertical interpolation, or the kept row itself when nothing is interpolated.
        @inline(__always)
        public func row(_ y: Int, line: UnsafeMutablePointer<SIMD4<Float>>) -> UnsafePointer<SIMD4<Float>> {
            let (j, t) = ys[y]
            let a = samples + (j - firstKept) * keptWidth
            if factor == 1 { return a }
            let b = samples + (min(j + 1, keptRows - 1) - firstKept) * keptWidth
            for i in 0..<keptWidth { line[i] = a[i] + t * (b[i] - a[i]) }
            return UnsafePointer(line)
        }

        /// `pixel(x, row)` for every column `x` of `columns` (region-relative), written to `out[x - columns.lowerBound]`:
        /// the same lerp a pixel, with the identity's test made once for the run instead of once a pixel.
        @inline(__always)
        public func pixels(_ columns: Range<Int>, _ row: UnsafePointer<SIMD4<Float>>, into out: UnsafeMutablePointer<SIMD4<Float>>) {
            let base = columns.lowerBound
            if factor == 1 {
                for x in columns { out[x - base] = row[xs[x].0] }
                return
            }
            for x in columns {
                let (i, s) = xs[x]
                let left = row[i], right = row[i &+ 1]
                out[x &- base] = left + s * (right - left)
            }
        }

        /// The blurred pixel of column `x` (region-relative) of the row `row` returned.
        @inline(__always)
        public func pixel(_ x: Int, _ row: UnsafePointer<SIMD4<Float>>) -> SIMD4<Float> {
            let (i, s) = xs[x]
            if factor == 1 { return row[i] }
            let left = row[i], right = row[i + 1]
            return left + s * (right - left)
        }
    }
}
