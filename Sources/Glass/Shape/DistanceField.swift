import Raster

/// A smooth union's signed distance, and each part's weight, sampled at pixel centers over a window with a
/// one-pixel margin on every side, so that every pixel of the window has four neighbours for its gradient.
///
/// Narrow band: Liquid Glass needs exact distances only near the edge (coverage, and the lens within the
/// bezel); deep inside, the glass is flat and only the part weights matter, and far outside nothing is drawn.
/// With `narrowBand: b`, the field is first sampled every `cell` pixels; a cell whose four corners all lie
/// deeper than b + 2 cell inside (with the same single part at full weight) is filled with the constant
/// -(b + cell) and that part's weight, without evaluating the shape; a cell whose corners all lie farther than
/// 2 + 2 cell outside (nothing drawn there, and no drawn pixel's gradient reads it) with +(2 + cell). The
/// distance is 1-Lipschitz, so every pixel of such a cell is more than b + cell inside (or 2 + cell outside),
/// and so are its gradient neighbours of any pixel within b of the edge: the fast kernel draws exactly the
/// pixels it would draw from the exact field. (The continuous corner's distance costs two `powf` calls, and the
/// showcase's controls are nearly all corner, so the filled cells save most of the field's cost. Filling outside
/// from 0 instead of 2 + 2 cell would move pixels by up to 29 levels in LiquidGlassKernelTests.)
/// Rows of cells are filled by the workers.
struct DistanceField: Sendable {
    let x0: Int, y0: Int, stride: Int
    var values: [Float]
    /// `parts` weights per sample, in the order of the union's shapes.
    var weights: [Float]

    /// Side of the coarse cells, in pixels (4, 8 and 16 were tried: 8 evaluated the fewest samples on the
    /// showcase; 16 lost more band cells than it saved corners).
    static let cell = 8

    init<S: Shape>(_ shape: SmoothUnion<S>, columns: Range<Int>, rows: Range<Int>, narrowBand: Float?,
                   workers: Workers) {
        let x0 = columns.lowerBound - 1, y0 = rows.lowerBound - 1, w = columns.count + 2, h = rows.count + 2
        // A container's parts that are single panels (no `union` name) are sampled as the panels themselves:
        // the same values (the plain minimum over one member is that member's distance), and a panel holds no
        // reference, whereas reading a `PanelUnion`'s member array from the workers retains and releases it at
        // every sample (contended atomic counts with two workers).
        if let union = shape as? SmoothUnion<PanelUnion>, union.shapes.allSatisfy({ $0.members.count == 1 }) {
            let panels = SmoothUnion(union.shapes.map { $0.members[0] }, spacing: union.spacing)
            (values, weights) = panels.withSampler { sampler in
                Self.sample(sampler, x0: x0, y0: y0, w: w, h: h, narrowBand: narrowBand, workers: workers,
                            panels: sampler)
            }
        } else {
            (values, weights) = shape.withSampler { sampler in
                Self.sample(sampler, x0: x0, y0: y0, w: w, h: h, narrowBand: narrowBand, workers: workers)
            }
        }
        (self.x0, self.y0, self.stride) = (x0, y0, w)
    }

    /// The values and weights over the window of `w` x `h` samples whose first is the pixel (x0, y0).
    /// `panels`, when given (the same parts as `sampler`'s, as panels), evaluates eight adjacent pixels of a row
    /// at once (`signedDistance8`): it serves every run of eight pixels that a cell leaves to exact evaluation.
    ///
    /// Lone cells (with `panels` of one or two parts): where one part is nearer than the other by
    /// more than the blend's reach, the smooth minimum is that part's distance and its weight is 1, exactly
    /// (`join8`: the blend term is 0 and the share clamps to 1 or 0), so the other part need not be evaluated.
    /// A cell whose four corners all have part p nearer by the spacing k plus `loneMargin` has that at every
    /// pixel (`loneMargin`: room for both distances to change at up to four times the 5.7 px from a
    /// pixel to its nearest corner), and its rows are evaluated two at a time for part p alone: sixteen lanes of
    /// one part through the corner's chain of powers instead of eight lanes of each (`partDistance8(_:x:rows:_:)`).
    /// A lone part (one-part containers) holds every cell alone. The bits are the joined field's
    /// (DistanceFieldTests).
    ///
    /// Stages: without a band, every sample exactly; with one, the coarse grid of cell corners, then each cell
    /// classified from its corners and filled (constant, one part alone, eight lanes a row, or pixel by pixel).
    static func sample<S: Shape>(_ sampler: SmoothUnion<S>.Sampler, x0: Int, y0: Int, w: Int, h: Int,
                                 narrowBand: Float?, workers: Workers,
                                 panels: SmoothUnion<PanelShape>.Sampler? = nil)
        -> (values: [Float], weights: [Float]) {
        let parts = sampler.parts.count
        // Not zeroed here: every value is written below, and the weights are zeroed by the workers a band of
        // rows at a time where cells may leave some unwritten, so the fresh pages are first touched in parallel.
        var v = [Float](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        var wt = [Float](unsafeUninitializedCapacity: w * h * parts) { _, count in count = w * h * parts }
        let stages = Stages(sampler: sampler, panels: panels, x0: x0, y0: y0, w: w, h: h,
                            lone: panels != nil && Self.loneCells && (parts == 1 || parts == 2))
        v.withUnsafeMutableBufferPointer { out in
            wt.withUnsafeMutableBufferPointer { weights in
                guard let band = narrowBand else {
                    stages.exactEverywhere(out, weights, workers: workers)
                    return
                }
                let grid = stages.coarseGrid(workers: workers)
                stages.fillCells(out, weights, grid: grid, band: band, workers: workers)
            }
        }
        return (v, wt)
    }

    /// How much nearer than the spacing a part must be at a cell's four corners to hold the cell alone (pixels):
    /// four times the 5.66 px (cell diagonal / 2) from any pixel of the cell to its nearest corner, for each of
    /// the two distances (1-Lipschitz, as the narrow band assumes, with a factor of two to spare).
    static let loneMargin = 8 * Float(cell) / 2 * Float(2).squareRoot()
}

extension DistanceField {
    /// The field's samples at every cell corner (corner (ci, cj) at pixel (ci c, cj c) of the window), `gw` x
    /// `gh` of them, with each corner's weights and the part nearer than every other there by the spacing and
    /// `loneMargin` (lone cells), or -1.
    struct CoarseGrid {
        let gw: Int, gh: Int
        var values: [Float]
        var weights: [Float]
        var alone: [Int8]
    }

    /// How a cell is filled, decided from its four corners.
    enum CellFill {
        /// Every corner farther than 2 + 2 cell outside: the constant 2 + cell, no weight.
        case far
        /// Every corner deeper than the band + 2 cell inside with this part at full weight: -(band + cell).
        case deep(Int)
        /// This part nearer than the other by the spacing and the margin at every corner: it alone, two rows at once.
        case alone(Int)
        /// Eight pixels of a row at once through the panels' lanes (the cell is 8 wide and whole).
        case lanes
        /// Pixel by pixel through the shape's sampler.
        case exact
    }

    /// What the stages of one `sample` call share: the samplers and the window.
    struct Stages<S: Shape> {
        let sampler: SmoothUnion<S>.Sampler
        /// The parts as panels, or an empty sampler when `hasEight` is false.
        let lanes: SmoothUnion<PanelShape>.Sampler
        let hasEight: Bool, lone: Bool
        let x0: Int, y0: Int, w: Int, h: Int, parts: Int
        let c = DistanceField.cell
        static var steps: SIMD8<Float> { SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) }

        init(sampler: SmoothUnion<S>.Sampler, panels: SmoothUnion<PanelShape>.Sampler?,
             x0: Int, y0: Int, w: Int, h: Int, lone: Bool) {
            self.sampler = sampler
            lanes = panels ?? SmoothUnion<PanelShape>.Sampler(parts: UnsafeBufferPointer(start: nil, count: 0), spacing: 0)
            hasEight = panels != nil
            self.lone = lone
            (self.x0, self.y0, self.w, self.h, parts) = (x0, y0, w, h, sampler.parts.count)
        }

        @inline(__always) func center(_ i: Int, _ j: Int) -> Point { Point(Float(x0 + i) + 0.5, Float(y0 + j) + 0.5) }

        /// The sample (i, j) through the shape's sampler, its weights into its slot.
        @inline(__always) func exact(_ i: Int, _ j: Int, _ out: UnsafeMutableBufferPointer<Float>,
                                     _ weights: UnsafeMutableBufferPointer<Float>) {
            let k = j * w + i
            let slot = UnsafeMutableBufferPointer(rebasing: weights[(k * parts)..<((k + 1) * parts)])
            out[k] = sampler.signedDistance(center(i, j), weights: slot)
        }

        /// No band: every sample exactly.
        func exactEverywhere(_ out: UnsafeMutableBufferPointer<Float>, _ weights: UnsafeMutableBufferPointer<Float>,
                             workers: Workers) {
            workers.forEachBand(h) { rowsBand in
                for j in rowsBand {
                    for i in 0..<w { exact(i, j, out, weights) }
                }
            }
        }

        /// Stage 1: the coarse samples at every cell corner.
        func coarseGrid(workers: Workers) -> CoarseGrid {
            let gw = (w + c - 1) / c + 1, gh = (h + c - 1) / c + 1
            var values = [Float](repeating: 0, count: gw * gh)
            var weights = [Float](repeating: 0, count: gw * gh * parts)
            var alone = [Int8](repeating: lone && parts == 1 ? 0 : -1, count: gw * gh)
            values.withUnsafeMutableBufferPointer { out in
                alone.withUnsafeMutableBufferPointer { alone in
                    weights.withUnsafeMutableBufferPointer { weights in
                        workers.forEachBand(gh, bandSize: 4) { rowsBand in
                            for j in rowsBand { coarseRow(j, gw: gw, out, alone, weights) }
                        }
                    }
                }
            }
            return CoarseGrid(gw: gw, gh: gh, values: values, weights: weights, alone: alone)
        }

        /// One row of corners. Eight at once, `c` pixels apart, through the lanes that evaluate the exact cells:
        /// within 5e-5 px of the scalar sampler (DistanceFieldTests), where a cell is filled only when its corners
        /// lie a cell past the band, more than the 5.7 px from a corner to the cell's farthest pixel, so filling
        /// stays sound. Whether a corner within that difference of a threshold fills its cell can change; no
        /// golden and no showcase frame does.
        func coarseRow(_ j: Int, gw: Int, _ out: UnsafeMutableBufferPointer<Float>, _ alone: UnsafeMutableBufferPointer<Int8>,
                       _ weights: UnsafeMutableBufferPointer<Float>) {
            var i = 0
            if hasEight {
                let margin = sampler.spacing + loneMargin
                let step = Self.steps * Float(c)
                while i + 8 <= gw {
                    let k = j * gw + i
                    let slot = UnsafeMutableBufferPointer(rebasing: weights[(k * parts)..<((k + 8) * parts)])
                    let xs = step + (Float(x0 + i * c) + 0.5), y = Float(y0 + j * c) + 0.5
                    let d: SIMD8<Float>
                    if lone && parts == 2 {
                        // `signedDistance8(x:y:weights:)` as its two steps, to see each part's distance.
                        let (a, b) = lanes.partDistances8(x: xs, y: y)
                        d = lanes.join8(a, b, weights: slot)
                        for l in 0..<8 { alone[k + l] = a[l] + margin <= b[l] ? 0 : b[l] + margin <= a[l] ? 1 : -1 }
                    } else {
                        d = lanes.signedDistance8(x: xs, y: y, weights: slot)
                    }
                    for l in 0..<8 { out[k + l] = d[l] }
                    i += 8
                }
            }
            // The last corners one by one: their parts' distances are not seen (-1 for two parts).
            while i < gw {
                let k = j * gw + i
                let slot = UnsafeMutableBufferPointer(rebasing: weights[(k * parts)..<((k + 1) * parts)])
                out[k] = sampler.signedDistance(center(i * c, j * c), weights: slot)
                i += 1
            }
        }

        /// Stages 2 and 3: each cell classified from its corners, then filled; a worker takes a row of cells.
        func fillCells(_ out: UnsafeMutableBufferPointer<Float>, _ weights: UnsafeMutableBufferPointer<Float>,
                       grid: CoarseGrid, band: Float, workers: Workers) {
            let cw = (w + c - 1) / c, ch = (h + c - 1) / c
            grid.values.withUnsafeBufferPointer { cs in
                grid.alone.withUnsafeBufferPointer { alone in
                    grid.weights.withUnsafeBufferPointer { cwt in
                        workers.forEachBand(ch, bandSize: 1) { cellRows in
                            for cj in cellRows {
                                // Filled cells write one part's weight or none: the others stay 0.
                                let rows = (cj * c)..<min(h, cj * c + c)
                                UnsafeMutableBufferPointer(rebasing: weights[(rows.lowerBound * w * parts)..<(rows.upperBound * w * parts)])
                                    .update(repeating: 0)
                                for ci in 0..<cw {
                                    let kind = classify(ci, cj, gw: grid.gw, band: band, cs, cwt, alone)
                                    fill(ci, rows, kind, band: band, out, weights)
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Stage 2: how the cell (ci, cj) is filled. Outside, exact values matter only where coverage is not zero
        /// (d < 0.5) and at the gradient neighbours of such pixels (d < 1.5), so far-outside cells start at
        /// 2 + 2 cell rather than at the bezel's depth.
        @inline(__always)
        func classify(_ ci: Int, _ cj: Int, gw: Int, band: Float, _ cs: UnsafeBufferPointer<Float>,
                      _ cwt: UnsafeBufferPointer<Float>, _ alone: UnsafeBufferPointer<Int8>) -> CellFill {
            let corners = SIMD4(cj * gw + ci, cj * gw + ci + 1, (cj + 1) * gw + ci, (cj + 1) * gw + ci + 1)
            let d = SIMD4(cs[corners[0]], cs[corners[1]], cs[corners[2]], cs[corners[3]])
            if all(d .> 2 + 2 * Float(c)) { return .far }
            if all(d .< -(band + 2 * Float(c))) {
                // The single part at full weight at all four corners, if there is one.
                for p in 0..<parts where cwt[corners[0] * parts + p] == 1 {
                    if (1..<4).allSatisfy({ cwt[corners[$0] * parts + p] == 1 }) { return .deep(p) }
                    break
                }
            }
            guard hasEight && c == 8 && ci * c + c <= w else { return .exact }
            // The part that holds the cell alone, if one does at all four corners.
            let owner = Int(alone[corners[0]])
            if owner >= 0 && (1..<4).allSatisfy({ Int(alone[corners[$0]]) == owner }) { return .alone(owner) }
            return .lanes
        }

        /// Stage 3: the cell (ci, `rows`) filled as `kind` says.
        @inline(__always)
        func fill(_ ci: Int, _ rows: Range<Int>, _ kind: CellFill, band: Float,
                  _ out: UnsafeMutableBufferPointer<Float>, _ weights: UnsafeMutableBufferPointer<Float>) {
            let columns = (ci * c)..<min(w, ci * c + c)
            switch kind {
            case .far:
                let farFill = 2 + Float(c)
                for j in rows { for i in columns { out[j * w + i] = farFill } }
            case .deep(let p):
                let fill = band + Float(c)
                for j in rows {
                    for i in columns {
                        out[j * w + i] = -fill
                        weights[(j * w + i) * parts + p] = 1
                    }
                }
            case .alone(let owner):
                fillAlone(ci, rows, owner: owner, out, weights)
            case .lanes:
                let xs = Self.steps + (Float(x0 + ci * c) + 0.5)
                for j in rows {
                    let k = j * w + ci * c
                    let slot = UnsafeMutableBufferPointer(rebasing: weights[(k * parts)..<((k + 8) * parts)])
                    let d = lanes.signedDistance8(x: xs, y: Float(y0 + j) + 0.5, weights: slot)
                    for l in 0..<8 { out[k + l] = d[l] }
                }
            case .exact:
                for j in rows { for i in columns { exact(i, j, out, weights) } }
            }
        }

        /// A cell held by `owner` alone: its rows two at a time, sixteen lanes of that part.
        @inline(__always)
        func fillAlone(_ ci: Int, _ rows: Range<Int>, owner: Int,
                       _ out: UnsafeMutableBufferPointer<Float>, _ weights: UnsafeMutableBufferPointer<Float>) {
            let xs = Self.steps + (Float(x0 + ci * c) + 0.5)
            @inline(__always) func store(_ row: Int, _ d: SIMD8<Float>) {
                let k = row * w + ci * c
                for l in 0..<8 {
                    out[k + l] = d[l]
                    weights[(k + l) * parts + owner] = 1
                }
            }
            for j in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: 2) {
                let next = min(j + 1, rows.upperBound - 1)
                let (d0, d1) = lanes.partDistance8(owner, x: xs, rows: Float(y0 + j) + 0.5, Float(y0 + next) + 0.5)
                store(j, d0)
                if next != j { store(next, d1) }
            }
        }
    }
}
