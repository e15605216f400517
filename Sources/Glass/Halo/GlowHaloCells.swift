import Raster

extension GlowHalo {
    /// The neutral axis (`GlowHalo`'s step 1) and the chroma of a departure from its origin: the departure less
    /// its part along the axis. Over a backdrop image, gray: a color less the mean of its channels (the plane's
    /// bluish background token as neutral there made a white screen "yellow" and lit glass over it beige). Over
    /// the bare plane, what lies under the glass is its background and its ink: the axis from one to the other,
    /// so that untinted dots on systemGroupedBackground give no violet.
    struct Neutral {
        let background: SIMD4<Float>
        let axis: SIMD4<Float>
        let axisMean: Float

        /// Gray.
        init() { (background, axis, axisMean) = (.zero, SIMD4(1, 1, 1, 0), 1) }

        init(space: BlendSpace, background: Color, ink: Color) {
            let b = space.premultiply(background.withAlpha(1))
            var axis = space.premultiply(ink.withAlpha(1)) - b
            axis.w = 0
            // An ink as bright as the background leaves no axis to measure along: gray is the neutral then.
            if abs(axis.x + axis.y + axis.z) < 1e-3 { axis = SIMD4(1, 1, 1, 0) }
            (self.background, self.axis, axisMean) = (b, axis, (axis.x + axis.y + axis.z) / 3)
        }

        @inline(__always) func chroma(_ d: SIMD4<Float>) -> SIMD4<Float> {
            var e = d - axis * ((d.x + d.y + d.z) / 3 / axisMean)
            e.w = 0
            return e
        }

        /// The largest squared chroma magnitude of four departures, each as `(chroma(d) * chroma(d)).sum()`.
        @inline(__always) func peak(_ d0: SIMD4<Float>, _ d1: SIMD4<Float>, _ d2: SIMD4<Float>, _ d3: SIMD4<Float>) -> Float {
            let x = SIMD4(d0.x, d1.x, d2.x, d3.x), y = SIMD4(d0.y, d1.y, d2.y, d3.y), z = SIMD4(d0.z, d1.z, d2.z, d3.z)
            let q = (x + y + z) / 3 / axisMean
            let ex = x - axis.x * q, ey = y - axis.y * q, ez = z - axis.z * q
            // sum() of (ex, ey, ez, 0) squared: ((ex² + ey²) + ez²) + 0, and a sum of squares is never -0.
            // The lanes' largest, written out: `SIMD4.max()` stays a generic call. The same value: no lane is NaN
            // (the plane's pixels are finite) or -0.
            let v = ex * ex + ey * ey + ez * ez
            return Swift.max(Swift.max(v.x, v.y), Swift.max(v.z, v.w))
        }

        /// The bits of what the cells depend on besides the plane's pixels.
        var bits: SIMD8<UInt32> {
            let b = unsafeBitCast(background, to: SIMD4<UInt32>.self), a = unsafeBitCast(axis, to: SIMD4<UInt32>.self)
            return SIMD8(lowHalf: b, highHalf: a)
        }
    }

    /// The plane averaged into cells (`small`, the cells' mean pixels) and each cell's peak (the largest squared
    /// chroma of a 2 x 2 block of its pixels), kept from one frame's halo for the next: the cell pass reads half
    /// of the plane, though most of the showcase's dots are at rest between frames.
    ///
    /// A cell is a function of its own pixels alone, so where no pixel of a cell changed since the plane the
    /// cells were made from, its kept sum and peak are the ones a fresh pass computes, bit for bit; the cells a
    /// halo needs and does not hold (`valid`) are computed by the same pass as a fresh halo's. Whoever keeps
    /// them says where the plane changed (`GlowHalo.init(reusing:)`); the cells also hold the plane's size and
    /// space, the cell size and the neutral axis (background and ink), and a halo whose differ starts afresh.
    /// 106 x 49 cells at 1170 x 2532 and scale 3: 109 KB. On the showcase about three quarters of the cells its
    /// halos read are kept (ambient waves recolor dots across the plane).
    public struct Cells: Sendable {
        /// Pixels per cell along each axis: bands of this many rows (from row 0) are the rows of cells, the
        /// finest answer about where the plane changed that the cells can use.
        public let cell: Int
        let planeWidth: Int, planeHeight: Int
        let neutral: SIMD8<UInt32>
        var small: Framebuffer
        var peak: [Float]
        /// Whether `small` and `peak` hold the cell's values for the plane they were last made over.
        var valid: [Bool]
        /// Cells computed by the pass that made these (the others were kept), for tests and measurements.
        public internal(set) var computed = 0

        init(plane: Framebuffer, cell: Int, neutral: Neutral) {
            self.cell = cell
            (planeWidth, planeHeight) = (plane.width, plane.height)
            self.neutral = neutral.bits
            let gw = (plane.width + cell - 1) / cell, gh = (plane.height + cell - 1) / cell
            small = Framebuffer(width: gw, height: gh, space: plane.space)
            peak = [Float](repeating: 0, count: gw * gh)
            valid = [Bool](repeating: false, count: gw * gh)
        }

        /// Whether these cells were made over a plane of this size and space with this cell size and axis.
        func fit(_ plane: Framebuffer, cell: Int, neutral: Neutral) -> Bool {
            self.cell == cell && planeWidth == plane.width && planeHeight == plane.height && small.space == plane.space
                && self.neutral == neutral.bits
        }

        /// Marks every cell that a pixel of `changed` (per band of `band` rows, column spans) lies in as not held.
        mutating func invalidate(_ changed: [[Range<Int>]], band: Int) {
            let gw = small.width, gh = small.height
            for (k, spans) in changed.enumerated() where !spans.isEmpty {
                let y0 = k * band, y1 = min((k + 1) * band, planeHeight)
                guard y0 < y1 else { continue }
                let rows = (y0 / cell)...min(gh - 1, (y1 - 1) / cell)
                for s in spans {
                    let xs = max(0, s.lowerBound), xe = min(planeWidth, s.upperBound)
                    guard xs < xe else { continue }
                    for j in rows {
                        for i in (xs / cell)...min(gw - 1, (xe - 1) / cell) { valid[j * gw + i] = false }
                    }
                }
            }
        }

        /// For each row of cells, the runs of cells of `spans[j]` not held.
        func missing(in spans: [Range<Int>]) -> [[Range<Int>]] {
            let gw = small.width
            return spans.enumerated().map { j, cells in
                var runs: [Range<Int>] = []
                var i = cells.lowerBound
                while i < cells.upperBound {
                    guard !valid[j * gw + i] else { i += 1; continue }
                    let start = i
                    while i < cells.upperBound && !valid[j * gw + i] { i += 1 }
                    runs.append(start..<i)
                }
                return runs
            }
        }

        /// Averages the cells of `runs` (per row of cells) of `plane` into `small` and `peak`, and holds them.
        /// `fill`, when given, says what `plane` is made of (its background outside the boxes), so that the pass
        /// reads only the pixels near a box: the same bits.
        mutating func compute(_ runs: [[Range<Int>]], of plane: Framebuffer, neutral: Neutral, workers: Workers,
                              fill: PlaneFill? = nil) {
            let gw = small.width
            Self.average(plane, cell: cell, runs: runs, neutral: neutral, small: &small, peak: &peak, workers: workers,
                         fill: fill)
            computed = 0
            for (j, row) in runs.enumerated() {
                for r in row {
                    for i in r { valid[j * gw + i] = true }
                    computed += r.count
                }
            }
        }

        /// The cell pass: each cell of `runs` averaged (the sum of its pixels over their count) into `small`, and
        /// its peak into `peak`.
        ///
        /// With `fill`: a group of four blocks (8 x 2 pixels) that no box reaches holds the background in every
        /// pixel, so its blocks' sums are the background's four-pixel sum, added in the same order as the pixels
        /// would be ((b + b) + b) + b, and its peak the background block's: the same bits without reading the
        /// group. On the showcase the dots' boxes leave most of a cell's groups empty, and the pass is
        /// memory-bound (most of its time goes to the loads of the cells' pixels).
        static func average(_ plane: Framebuffer, cell: Int, runs: [[Range<Int>]], neutral: Neutral,
                            small: inout Framebuffer, peak: inout [Float], workers: Workers, fill: PlaneFill? = nil) {
            let gw = small.width, gh = small.height, width = plane.width, b = neutral.background
            // A fill over an underlay serves only with its groups for these cells; else every pixel is read.
            let under = fill?.underlay.map { $0.cells.flatMap { $0.fit(plane, cell: cell, neutral: neutral) ? $0 : nil } }
            let fill = under.map { $0 == nil } == true ? nil : fill
            // The boxes by row of cells (each box under every row of cells its rows reach), for the rows computed.
            let binned = fill.map { Self.binned($0.boxes, cell: cell, rows: gh, width: width, height: plane.height, runs: runs) }
            let empty: (sum: SIMD4<Float>, peak: Float)? = fill.flatMap { f in
                guard f.underlay == nil else { return nil }
                let p = f.background, four = p + p + p + p
                let k = four * 0.25 - b
                return (four, neutral.peak(k, k, k, k))
            }
            small.withUnsafeMutablePixels { out in
                peak.withUnsafeMutableBufferPointer { peak in
                    plane.withUnsafePixels { px in
                        Self.withGroups(under ?? nil) { kept in
                            // Two rows of cells a band, so that the bands of a tall frame spread over the workers.
                            workers.forEachBand(gh, bandSize: 2) { band in
                                let pass = CellPass(px: px, width: width, height: plane.height, cell: cell,
                                                    gw: gw, neutral: neutral, empty: empty, kept: kept, binned: binned)
                                defer { pass.deallocate() }
                                for j in band where !runs[j].isEmpty { pass.average(j, runs[j], out, peak) }
                            }
                        }
                    }
                }
            }
        }

        /// The underlay's groups as the pass reads them (nil without), for the duration of `body`.
        static func withGroups(_ under: UnderlayCells?, _ body: (CellPass.Kept?) -> Void) {
            guard let under, under.groups > 0 else { return body(nil) }
            under.sums.withUnsafeBufferPointer { sums in
                under.peaks.withUnsafeBufferPointer { peaks in
                    body(CellPass.Kept(sums: sums.baseAddress!, peaks: peaks.baseAddress!, pairs: under.pairs,
                                       groups: under.groups))
                }
            }
        }

        /// One worker's cell pass: the plane, what every cell needs, and the scratch for one row of cells.
        ///
        /// A row of cells is summed row of pixels by row of pixels: each cell still adds its pixels row by row,
        /// left to right (the same sums), but the frame is read as whole rows in order and the cells' running sums
        /// are independent chains the processor overlaps (cell by cell, one long chain of dependent adds and a
        /// jump of a frame row every cell's width cost several times more).
        struct CellPass {
            let px: UnsafeBufferPointer<SIMD4<Float>>
            let width: Int, height: Int, cell: Int, gw: Int
            let neutral: Neutral, b: SIMD4<Float>
            let empty: (sum: SIMD4<Float>, peak: Float)?
            /// The underlay's groups (`UnderlayCells`), when the plane's fill is a still image.
            let kept: Kept?
            let binned: (boxes: [PixelRect], starts: [Int])?
            let sums: UnsafeMutablePointer<SIMD4<Float>>
            let peaks: UnsafeMutablePointer<Float>
            /// Per pair of rows of a row of cells, a byte per column: nonzero where a box reaches it (8 zero bytes
            /// from a group's first column: no box reaches the group; a group ends within its cell, so within its
            /// row of bytes).
            let reached: UnsafeMutablePointer<UInt8>
            let pairs: Int

            /// `UnderlayCells`' arrays and layout.
            struct Kept {
                let sums: UnsafePointer<SIMD4<Float>>
                let peaks: UnsafePointer<Float>
                let pairs: Int, groups: Int
            }

            init(px: UnsafeBufferPointer<SIMD4<Float>>, width: Int, height: Int, cell: Int, gw: Int, neutral: Neutral,
                 empty: (sum: SIMD4<Float>, peak: Float)?, kept: Kept? = nil, binned: (boxes: [PixelRect], starts: [Int])?) {
                (self.px, self.width, self.height, self.cell, self.gw) = (px, width, height, cell, gw)
                (self.neutral, b, self.empty, self.kept, self.binned) = (neutral, neutral.background, empty, kept, binned)
                sums = .allocate(capacity: gw)
                peaks = .allocate(capacity: gw)
                pairs = (cell + 1) / 2
                reached = .allocate(capacity: binned == nil ? 1 : pairs * width)
            }

            func deallocate() {
                sums.deallocate()
                peaks.deallocate()
                reached.deallocate()
            }

            /// The cells `row` of the row of cells `j`: their pixels summed a pair of rows at a time, then each
            /// cell's mean into `out` and its peak into `peak`.
            ///
            /// Two rows at a time, in blocks of 2 x 2 pixels (fewer at a cell's odd last row or column): the sum
            /// takes each block's four, and the peak is the most saturated block average. A block's average is at
            /// most its most saturated pixel's chroma, and the cell (and the field blurred from the cells) averages
            /// the blocks, so |c| <= m still holds; a dot of 3 pt holds a whole block at any scale from 1. The
            /// chroma is taken once a block rather than once a pixel, a quarter of the work.
            ///
            /// A block holds 4, 2 or 1 pixels (never 3: a second column and a second row come together), so its
            /// average is a product by 1/4 or 1/2, exactly the quotient (a power of two), and the block's sum adds
            /// in the order ((top left + top right) + bottom left) + bottom right. Full blocks, the odd column and
            /// the lone row are separate loops, without the branches and the optional next row per pixel.
            func average(_ j: Int, _ row: [Range<Int>], _ out: UnsafeMutableBufferPointer<SIMD4<Float>>,
                         _ peak: UnsafeMutableBufferPointer<Float>) {
                sums.initialize(repeating: .zero, count: gw)
                peaks.initialize(repeating: 0, count: gw)
                let ys = (j * cell)..<min((j + 1) * cell, height)
                markReached(j, ys)
                for y in stride(from: ys.lowerBound, to: ys.upperBound, by: 2) {
                    let top = px.baseAddress! + y * width
                    let near = UnsafeRawPointer(reached + (binned == nil ? 0 : ((y - ys.lowerBound) / 2) * width))
                    if y + 1 < ys.upperBound {
                        // The underlay's groups of this pair of rows: group g of cell i at `first` + i x groups + g.
                        let first = kept.map { (j * $0.pairs + (y - ys.lowerBound) / 2) * gw * $0.groups } ?? 0
                        for r in row { for i in r { addPair(i, top, top + width, near, first) } }
                    } else {
                        for r in row { for i in r { addLone(i, top) } }
                    }
                }
                for r in row {
                    for i in r {
                        let n = (min((i + 1) * cell, width) - i * cell) * ys.count
                        out[j * gw + i] = sums[i] / Float(n)
                        peak[j * gw + i] = peaks[i]
                    }
                }
            }

            /// Marks the columns that a box reaches in each pair of the rows `ys` (with the plane's fill).
            @inline(__always) func markReached(_ j: Int, _ ys: Range<Int>) {
                guard let binned else { return }
                reached.initialize(repeating: 0, count: pairs * width)
                for box in binned.boxes[binned.starts[j]..<binned.starts[j + 1]] {
                    for y in max(box.y, ys.lowerBound)..<min(box.maxY, ys.upperBound) {
                        (reached + ((y - ys.lowerBound) / 2) * width + box.x).update(repeating: 1, count: box.width)
                    }
                }
            }

            /// Adds cell i's blocks of the rows `top` and `bottom`. Four blocks at a time, their chroma in lanes
            /// (one lane a block): the same operations per block as `Neutral.chroma` and `sum()` (which adds x, y,
            /// z, w in order; w is 0), with the two divisions and the sums across channels once per four blocks.
            /// With the plane's fill, a group no box reaches is the background's blocks, or the underlay's
            /// (`kept`, its groups of this pair of rows from `first`).
            @inline(__always) func addPair(_ i: Int, _ top: UnsafePointer<SIMD4<Float>>,
                                           _ bottom: UnsafePointer<SIMD4<Float>>, _ near: UnsafeRawPointer, _ first: Int) {
                var sum = sums[i], m = peaks[i]
                let end = min((i + 1) * cell, width)
                var x = i * cell
                while x + 7 < end {
                    if let empty, near.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 {
                        sum += empty.sum
                        sum += empty.sum
                        sum += empty.sum
                        sum += empty.sum
                        m = max(m, empty.peak)
                        x += 8
                        continue
                    }
                    if let kept, near.loadUnaligned(fromByteOffset: x, as: UInt64.self) == 0 {
                        let n = first + i * kept.groups + (x - i * cell) / 8, k = kept.sums + 4 * n
                        sum += k[0]
                        sum += k[1]
                        sum += k[2]
                        sum += k[3]
                        m = max(m, kept.peaks[n])
                        x += 8
                        continue
                    }
                    let k0 = top[x] + top[x + 1] + bottom[x] + bottom[x + 1]
                    let k1 = top[x + 2] + top[x + 3] + bottom[x + 2] + bottom[x + 3]
                    let k2 = top[x + 4] + top[x + 5] + bottom[x + 4] + bottom[x + 5]
                    let k3 = top[x + 6] + top[x + 7] + bottom[x + 6] + bottom[x + 7]
                    sum += k0
                    sum += k1
                    sum += k2
                    sum += k3
                    m = max(m, neutral.peak(k0 * 0.25 - b, k1 * 0.25 - b, k2 * 0.25 - b, k3 * 0.25 - b))
                    x += 8
                }
                while x + 1 < end {
                    let block = top[x] + top[x + 1] + bottom[x] + bottom[x + 1]
                    sum += block
                    let e = neutral.chroma(block * 0.25 - b)
                    m = max(m, (e * e).sum())
                    x += 2
                }
                if x < end {
                    let block = top[x] + bottom[x]
                    sum += block
                    let e = neutral.chroma(block * 0.5 - b)
                    m = max(m, (e * e).sum())
                }
                sums[i] = sum
                peaks[i] = m
            }

            /// Adds cell i's blocks of a cell's odd last row `top`.
            @inline(__always) func addLone(_ i: Int, _ top: UnsafePointer<SIMD4<Float>>) {
                var sum = sums[i], m = peaks[i]
                let end = min((i + 1) * cell, width)
                var x = i * cell
                while x + 1 < end {
                    let block = top[x] + top[x + 1]
                    sum += block
                    let e = neutral.chroma(block * 0.5 - b)
                    m = max(m, (e * e).sum())
                    x += 2
                }
                if x < end {
                    let block = top[x]
                    sum += block
                    let e = neutral.chroma(block - b)
                    m = max(m, (e * e).sum())
                }
                sums[i] = sum
                peaks[i] = m
            }
        }

        /// The boxes under each row of cells that has cells to compute, clipped to the plane (a box under every row
        /// of cells its rows reach): row j's are `boxes[starts[j] ..< starts[j + 1]]`.
        static func binned(_ boxes: [PixelRect], cell: Int, rows gh: Int, width: Int, height: Int,
                           runs: [[Range<Int>]]) -> (boxes: [PixelRect], starts: [Int]) {
            let frame = PixelRect(x: 0, y: 0, width: width, height: height)
            let clipped = boxes.map { $0.intersection(frame) }.filter { !$0.isEmpty }
            func cellRows(_ r: PixelRect) -> ClosedRange<Int> { (r.y / cell)...((r.maxY - 1) / cell) }
            var starts = [Int](repeating: 0, count: gh + 1)
            for r in clipped { for j in cellRows(r) where !runs[j].isEmpty { starts[j + 1] += 1 } }
            for j in 0..<gh { starts[j + 1] += starts[j] }
            var out = [PixelRect](repeating: frame, count: starts[gh]), next = starts
            for r in clipped {
                for j in cellRows(r) where !runs[j].isEmpty {
                    out[next[j]] = r
                    next[j] += 1
                }
            }
            return (out, starts)
        }
    }
}
