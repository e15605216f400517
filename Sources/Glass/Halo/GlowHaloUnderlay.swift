import Raster

extension GlowHalo {
    /// A plane's underlay (`PlaneUnderlay`: the still image beneath its dots) as the cell pass adds it: for every
    /// group of four 2 x 2 blocks (8 x 2 pixels, `Cells.CellPass`), the four blocks' sums and the group's peak
    /// (the largest of its blocks' squared chroma), made once.
    ///
    /// Why: a cell adds its blocks' sums in order, one Float addition after another, so a group's blocks cannot
    /// be summed ahead; but a group no dot's box reaches holds the underlay's pixels, so its blocks' sums are the
    /// underlay's, computed with the same operations in the same order, and its peak too: the pass adds them
    /// from here, the same bits, instead of reading 16 pixels and taking four chromas. Under a still image the
    /// cells a frame computes again are those a dot changed, and a dot reaches a few of their groups.
    ///
    /// Groups lie where the pass makes them: in row of cells j, pair of rows q (rows j x cell + 2q and the next,
    /// both in the row of cells) and cell i, the g-th group from the cell's first column, while its 8 columns
    /// lie in the cell. 4.25 B per plane pixel.
    public struct UnderlayCells: Sendable {
        let cell: Int, width: Int, height: Int
        let space: BlendSpace
        let neutral: SIMD8<UInt32>
        /// Full pairs of rows in a row of cells, full groups in a cell, cells in a row.
        let pairs: Int, groups: Int, gw: Int
        /// Group n's four block sums at 4n ..< 4n + 4, n = ((j x pairs + q) x gw + i) x groups + g.
        let sums: [SIMD4<Float>]
        let peaks: [Float]

        /// The groups of `underlay` for a halo made at `scale`, by `workers`. Check `workers.isCancelled` before
        /// keeping it: a cancelled pass leaves rows of cells at zero.
        public init(underlay: PlaneUnderlay, scale: Float, workers: Workers,
                    cellPoints: Float = GlassDefaults.Halo.cellPoints) {
            let cell = max(1, Int((cellPoints * scale).rounded()))
            let neutral = Neutral()
            (self.cell, width, height, space) = (cell, underlay.width, underlay.height, underlay.image.space)
            self.neutral = neutral.bits
            (pairs, groups, gw) = (cell / 2, cell / 8, (underlay.width + cell - 1) / cell)
            let gh = (underlay.height + cell - 1) / cell
            let count = gh * pairs * gw * groups
            var sums = [SIMD4<Float>](repeating: .zero, count: 4 * count)
            var peaks = [Float](repeating: 0, count: count)
            let (pairs, groups, gw, w, h, b) = (pairs, groups, gw, underlay.width, underlay.height, neutral.background)
            sums.withUnsafeMutableBufferPointer { sums in
                peaks.withUnsafeMutableBufferPointer { peaks in
                    workers.forEach(groups == 0 ? 0 : gh) { j in
                        let rows = underlay.rows((j * cell)..<min(h, (j + 1) * cell))
                        rows.withUnsafePixels { px in
                            for q in 0..<pairs where 2 * q + 1 < rows.height {
                                let top = px.baseAddress! + 2 * q * w, bottom = top + w
                                for i in 0..<gw {
                                    let end = min((i + 1) * cell, w)
                                    var (x, n) = (i * cell, ((j * pairs + q) * gw + i) * groups)
                                    while x + 7 < end {
                                        // CellPass.addPair's blocks, with its operations in its order.
                                        let k0 = top[x] + top[x + 1] + bottom[x] + bottom[x + 1]
                                        let k1 = top[x + 2] + top[x + 3] + bottom[x + 2] + bottom[x + 3]
                                        let k2 = top[x + 4] + top[x + 5] + bottom[x + 4] + bottom[x + 5]
                                        let k3 = top[x + 6] + top[x + 7] + bottom[x + 6] + bottom[x + 7]
                                        (sums[4 * n], sums[4 * n + 1], sums[4 * n + 2], sums[4 * n + 3]) = (k0, k1, k2, k3)
                                        peaks[n] = neutral.peak(k0 * 0.25 - b, k1 * 0.25 - b, k2 * 0.25 - b, k3 * 0.25 - b)
                                        (x, n) = (x + 8, n + 1)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            (self.sums, self.peaks) = (sums, peaks)
        }

        /// Whether these groups serve a halo over `plane` with this cell size and neutral axis.
        func fit(_ plane: Framebuffer, cell: Int, neutral: Neutral) -> Bool {
            self.cell == cell && width == plane.width && height == plane.height && space == plane.space
                && self.neutral == neutral.bits
        }

        /// The bytes held, for the store's bound.
        public var bytes: Int { sums.count * 16 + peaks.count * 4 }
    }
}
