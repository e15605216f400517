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
/// pixels it would draw from the exact field. (The continuous corner's distance costs two `powf` calls; the
/// showcase's controls are nearly all corner. Measured when this was introduced: 22% of a showcase frame's CPU
/// before, 3% after. Filling outside from 0 instead of 2 + 2 cell moves pixels by up to 29 levels in
/// LiquidGlassKernelTests.)
/// Rows of cells are filled by the workers.
struct DistanceField: Sendable {
    let x0: Int, y0: Int, stride: Int
    var values: [Float]
    /// `parts` weights per sample, in the order of the union's shapes.
    var weights: [Float]

    /// Side of the coarse cells, in pixels (4, 8 and 16 were tried: 8 evaluated the fewest samples on the
    /// showcase; 16 lost more band cells than it saved corners).
    static let cell = 8

    /// `loneCells: false` evaluates every exact cell with all parts (tests: the same bits either way).
    init<S: Shape>(_ shape: SmoothUnion<S>, columns: Range<Int>, rows: Range<Int>, narrowBand: Float?,
                   workers: Workers, loneCells: Bool = true) {
        let x0 = columns.lowerBound - 1, y0 = rows.lowerBound - 1, w = columns.count + 2, h = rows.count + 2
        // A container's parts that are single panels (no `union` name) are sampled as the panels themselves:
        // the same values (the plain minimum over one member is that member's distance), and a panel holds no
        // reference, where reading a `PanelUnion`'s member array from the workers retained and released it at
        // every sample: with two workers, contended atomic counts, 6.5% of the glass stage's CPU.
        if let union = shape as? SmoothUnion<PanelUnion>, union.shapes.allSatisfy({ $0.members.count == 1 }) {
            let panels = SmoothUnion(union.shapes.map { $0.members[0] }, spacing: union.spacing)
            (values, weights) = panels.withSampler { sampler in
                Self.sample(sampler, x0: x0, y0: y0, w: w, h: h, narrowBand: narrowBand, workers: workers,
                            panels: sampler, loneCells: loneCells)
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
    /// Lone cells (`loneCells`, with `panels` of one or two parts): where one part is nearer than the other by
    /// more than the blend's reach, the smooth minimum is that part's distance and its weight is 1, exactly
    /// (`join8`: the blend term is 0 and the share clamps to 1 or 0), so the other part need not be evaluated.
    /// A cell whose four corners all have part p nearer by the spacing k plus `loneMargin` has that at every
    /// pixel (`loneMargin`: room for both distances to change at up to four times the 5.7 px from a
    /// pixel to its nearest corner), and its rows are evaluated two at a time for part p alone: sixteen lanes of one part
    /// through the corner's chain of powers instead of eight lanes of each (`partDistance8(_:x:rows:_:)`). A lone
    /// part (one-part containers) holds every cell alone. The bits are the joined field's (DistanceFieldTests).
    /// On the showcase's merging controls, apart most of the clip, the field's share of a render's CPU samples
    /// went from 6.1% to 5.1% (perf, 120 frames; issue 25): less than half, because sixteen lanes of one corner
    /// chain cost more than eight did, the chain is not the whole cost.
    static func sample<S: Shape>(_ sampler: SmoothUnion<S>.Sampler, x0: Int, y0: Int, w: Int, h: Int,
                                 narrowBand: Float?, workers: Workers,
                                 panels: SmoothUnion<PanelShape>.Sampler? = nil, loneCells: Bool = true)
        -> (values: [Float], weights: [Float]) {
        let parts = sampler.parts.count
        // Not zeroed here: every value is written below, and the weights are zeroed by the workers a band of
        // rows at a time where cells may leave some unwritten. Zeroed here, the 4.5 MB of the merging controls'
        // field (values and two weights a pixel) were written once serially before the workers started, with
        // the page faults of fresh memory, 0.15 ms a frame of the stage's wall time on two threads.
        var v = [Float](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
        var wt = [Float](unsafeUninitializedCapacity: w * h * parts) { _, count in count = w * h * parts }
        @inline(__always) func center(_ i: Int, _ j: Int) -> Point { Point(Float(x0 + i) + 0.5, Float(y0 + j) + 0.5) }
        guard let band = narrowBand else {
            v.withUnsafeMutableBufferPointer { out in
                wt.withUnsafeMutableBufferPointer { weights in
                    workers.forEachBand(h) { rowsBand in
                        for j in rowsBand {
                            for i in 0..<w {
                                let k = j * w + i
                                let slot = UnsafeMutableBufferPointer(rebasing: weights[(k * parts)..<((k + 1) * parts)])
                                out[k] = sampler.signedDistance(center(i, j), weights: slot)
                            }
                        }
                    }
                }
            }
            return (v, wt)
        }
        let c = Self.cell
        let cw = (w + c - 1) / c, ch = (h + c - 1) / c
        // Coarse samples at every cell corner (corner (ci, cj) at pixel (ci c, cj c) of the window).
        let gw = cw + 1, gh = ch + 1
        var coarse = [Float](repeating: 0, count: gw * gh)
        var coarseWeights = [Float](repeating: 0, count: gw * gh * parts)
        // Per corner, the part nearer than every other by the spacing and the margin (lone cells), or -1.
        let lanes = panels ?? SmoothUnion<PanelShape>.Sampler(parts: UnsafeBufferPointer(start: nil, count: 0), spacing: 0)
        let hasEight = panels != nil
        let lone = hasEight && loneCells && (parts == 1 || parts == 2)
        var alone = [Int8](repeating: lone && parts == 1 ? 0 : -1, count: gw * gh)
        let margin = sampler.spacing + loneMargin
        coarse.withUnsafeMutableBufferPointer { out in
            alone.withUnsafeMutableBufferPointer { alone in
            coarseWeights.withUnsafeMutableBufferPointer { weights in
                workers.forEachBand(gh, bandSize: 4) { rowsBand in
                    for j in rowsBand {
                        var i = 0
                        // Eight corners of a row at once, `c` pixels apart, through the lanes that evaluate the
                        // exact cells: within 5e-5 px of the scalar sampler (DistanceFieldTests; 1.5e-5 measured),
                        // where a cell is filled only when its corners lie a cell past the band, more than the 5.7 px
                        // from a corner to the cell's farthest pixel, so filling stays sound. Whether a corner
                        // within that difference of a threshold fills its cell can change; no golden and no
                        // showcase frame did. One by one, the merging controls' 2,400 corners a frame took four
                        // continuous-corner `pow` calls each (1.2% of a showcase render's samples, perf).
                        if hasEight {
                            let step = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) * Float(c)
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
                }
            }
            }
        }
        // Outside, exact values matter only where coverage is not zero (d < 0.5) and at the gradient neighbours
        // of such pixels (d < 1.5), so far-outside cells start at 2 + 2 cell rather than at the bezel's depth:
        // the ring outside a merging pair of controls is most of what their window holds beyond the shape.
        let deep = band + 2 * Float(c), fill = band + Float(c)
        let far = 2 + 2 * Float(c), farFill = 2 + Float(c)
        let cellRowsInLanes = hasEight && c == 8
        v.withUnsafeMutableBufferPointer { out in
            wt.withUnsafeMutableBufferPointer { weights in
                coarse.withUnsafeBufferPointer { cs in
                    alone.withUnsafeBufferPointer { alone in
                    coarseWeights.withUnsafeBufferPointer { cwt in
                        workers.forEachBand(ch, bandSize: 1) { cellRows in
                            for cj in cellRows {
                                // Filled cells write one part's weight or none: the others stay 0.
                                let rows = (cj * c)..<min(h, cj * c + c)
                                UnsafeMutableBufferPointer(rebasing: weights[(rows.lowerBound * w * parts)..<(rows.upperBound * w * parts)])
                                    .update(repeating: 0)
                                for ci in 0..<cw {
                                    let corners = SIMD4(cj * gw + ci, cj * gw + ci + 1, (cj + 1) * gw + ci, (cj + 1) * gw + ci + 1)
                                    let d = SIMD4(cs[corners[0]], cs[corners[1]], cs[corners[2]], cs[corners[3]])
                                    let outside = all(d .> far)
                                    var inside: Int? = nil
                                    if !outside && all(d .< -deep) {
                                        // The single part at full weight at all four corners, if there is one.
                                        for p in 0..<parts where cwt[corners[0] * parts + p] == 1 {
                                            if (1..<4).allSatisfy({ cwt[corners[$0] * parts + p] == 1 }) { inside = p }
                                            break
                                        }
                                    }
                                    let steps = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
                                    let inLanes = cellRowsInLanes && !outside && inside == nil && ci * c + c <= w
                                    // The part that holds the cell alone, if one does at all four corners.
                                    let owner = Int(alone[corners[0]])
                                    if inLanes && owner >= 0 && (1..<4).allSatisfy({ Int(alone[corners[$0]]) == owner }) {
                                        let xs = steps + (Float(x0 + ci * c) + 0.5)
                                        let rows = (cj * c)..<min(h, cj * c + c)
                                        for j in Swift.stride(from: rows.lowerBound, to: rows.upperBound, by: 2) {
                                            let next = min(j + 1, rows.upperBound - 1)
                                            let (d0, d1) = lanes.partDistance8(owner, x: xs, rows: Float(y0 + j) + 0.5, Float(y0 + next) + 0.5)
                                            @inline(__always) func store(_ row: Int, _ d: SIMD8<Float>) {
                                                let k = row * w + ci * c
                                                for l in 0..<8 {
                                                    out[k + l] = d[l]
                                                    weights[(k + l) * parts + owner] = 1
                                                }
                                            }
                                            store(j, d0)
                                            if next != j { store(next, d1) }
                                        }
                                        continue
                                    }
                                    for j in (cj * c)..<min(h, cj * c + c) {
                                        // Eight pixels of the cell's row at once (the cell is 8 wide).
                                        if inLanes {
                                            let k = j * w + ci * c
                                            let slot = UnsafeMutableBufferPointer(rebasing: weights[(k * parts)..<((k + 8) * parts)])
                                            let xs = steps + (Float(x0 + ci * c) + 0.5)
                                            let d = lanes.signedDistance8(x: xs, y: Float(y0 + j) + 0.5, weights: slot)
                                            for l in 0..<8 { out[k + l] = d[l] }
                                            continue
                                        }
                                        for i in (ci * c)..<min(w, ci * c + c) {
                                            let k = j * w + i
                                            if outside {
                                                out[k] = farFill
                                            } else if let p = inside {
                                                out[k] = -fill
                                                weights[k * parts + p] = 1
                                            } else {
                                                let slot = UnsafeMutableBufferPointer(rebasing: weights[(k * parts)..<((k + 1) * parts)])
                                                out[k] = sampler.signedDistance(center(i, j), weights: slot)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                    }
                }
            }
        }
        return (v, wt)
    }

    /// How much nearer than the spacing a part must be at a cell's four corners to hold the cell alone (pixels):
    /// four times the 5.66 px (cell diagonal / 2) from any pixel of the cell to its nearest corner, for each of
    /// the two distances (1-Lipschitz, as the narrow band assumes, with a factor of two to spare).
    static let loneMargin = 8 * Float(cell) / 2 * Float(2).squareRoot()
}
