import Raster


/// A Gaussian blur of standard deviation `sigma` pixels: decimate by a power of two (tent prefilter) until
/// sigma is 2.5 to 5 samples, convolve with a sampled Gaussian there, and interpolate back bilinearly.
///
/// Why this design: a Gaussian wider than a few pixels carries no detail finer than its own width, so the
/// work can happen at a resolution where sigma is a few samples. The cost is one read of the input and one
/// write of the output plus a small convolution, nearly independent of sigma: at 1170 x 2532 on one thread,
/// sigma 6 takes about 25 ms and sigma 60 about 12 ms (docs/performance.md has the figures against ffmpeg's
/// `gblur`). The recursive (Deriche) filter this replaces took 300 ms a frame in Double.
///
/// Contract
/// - Input: premultiplied pixels (blurring premultiplied values keeps transparent regions from darkening
///   edges), any blend space: the blur is linear and works on the stored values.
/// - Region: only the requested output rectangle is computed, from source pixels within `reach` of it; with
///   `prepare`, only some of its rows, on the same grid (the whole region's), so any rows get the same bits.
/// - Edges: the `backdrop` rectangle is the whole image the blur sees; beyond it pixels are mirrored (`mirror`,
///   as browsers do for backdrop-filter), in full-resolution coordinates, before decimation.
/// - Accuracy: against the exact Gaussian (`reference`, direct convolution with the sampled Gaussian), at most
///   1% of full scale on an impulse, a step edge or a dot at any sigma (BlurTests measure 0.13% at worst). Factor 1 (sigma below
///   about 5) is that exact convolution, to Float rounding. With decimation the variance is exact on average
///   over sub-sample positions: the tent prefilter and bilinear reconstruction each add about f^2/6 (squared
///   pixels), and the sampled Gaussian supplies the rest.
/// - Threads: every stage splits rows (or columns) into bands across `workers`; each output value is computed
///   by one piece from the same inputs in the same order, so results are byte-identical for any worker count.
/// - Allocations: the distinct source rows decimated across, the grid, its convolution across and down (all
///   at the decimated width), never per pixel; `prepare` keeps no full-resolution image, `apply` returns one.
public struct GaussianBlur: Sendable, Hashable {
    /// Standard deviation in pixels (>= 0; 0 is the identity).
    public let sigma: Float
    /// Decimation factor, a power of two (1 below sigma 5).
    public let factor: Int
    /// Half of the normalized sampled Gaussian at the decimated resolution, center first.
    let taps: [Float]

    /// Decimation stops once sigma is below twice this many samples: at 2.5 samples, bilinear reconstruction
    /// of a blurred step is off by at most 0.5% of the step (h^2/8 times the largest second derivative).
    static let samplesPerSigma: Float = 2.5

    public init(sigma: Float) {
        precondition(sigma >= 0 && sigma.isFinite, "blur sigma must be finite and >= 0, got \(sigma)")
        self.sigma = sigma
        var f = 1
        while Self.lowSigma(sigma, factor: 2 * f) >= Self.samplesPerSigma { f *= 2 }
        factor = f
        taps = sigma > 0 ? Self.sampledGaussian(Self.lowSigma(sigma, factor: f)) : [1]
    }

    /// Sigma at resolution 1/f, in decimated samples, such that prefilter, Gaussian and reconstruction together
    /// have variance sigma^2 (full-resolution pixels): the tent prefilter adds its own variance, and bilinear
    /// reconstruction adds t (1 - t) f^2 at sub-sample phase t, averaged over the f phases.
    static func lowSigma(_ sigma: Float, factor f: Int) -> Float {
        if f == 1 { return sigma }
        let weights = tent(f)
        var prefilter: Float = 0
        for (k, w) in weights.enumerated() {
            let d = Float(k) + 0.5 - Float(f)
            prefilter += w * d * d
        }
        var reconstruction: Float = 0
        for m in 0..<f {
            let u = (Float(m) + 0.5) / Float(f) - 0.5
            let t = u - u.rounded(.down)
            reconstruction += t * (1 - t) * Float(f * f) / Float(f)
        }
        return max(0, (sigma * sigma - prefilter - reconstruction) / Float(f * f)).squareRoot()
    }

    /// The prefilter of decimation by f: a tent of half-width f over 2f pixels, weights summing to 1. Unlike a
    /// box it keeps where mass sits inside a sample (its first moment), so a dot moving under a frosted panel
    /// blurs smoothly instead of jumping by whole samples (a box made a 3 pt dot jump by 7 levels at sigma 6).
    static func tent(_ f: Int) -> [Float] {
        let raw = (0..<(2 * f)).map { k in 1 - abs(Float(k) + 0.5 - Float(f)) / Float(f) }
        let sum = raw.reduce(0, +)
        return raw.map { $0 / sum }
    }

    /// The sampled Gaussian of `sigma` samples on 0...ceil(4 sigma), normalized over -r...r. Truncation at 4
    /// sigma drops 6e-5 of the mass, which normalization puts back.
    static func sampledGaussian(_ sigma: Float) -> [Float] {
        let r = max(1, Int((4 * sigma).rounded(.up)))
        let s = Double(sigma)
        let g = (0...r).map { DMath.exp(-Double($0 * $0) / (2 * s * s)) }
        let mass = g[0] + 2 * g.dropFirst().reduce(0, +)
        return g.map { Float($0 / mass) }
    }

    /// How far the blur reads on each side of an output pixel, in pixels.
    public var reach: Int { sigma > 0 ? factor * (taps.count + 3) : 0 }

    /// The exact Gaussian the blur approximates (offsets -n...n, n = ceil(4 sigma)), for the reference.
    public var kernel: [Double] {
        guard sigma > 0 else { return [1] }
        let n = max(1, Int((4 * sigma).rounded(.up)))
        let s = Double(sigma)
        let g = (-n...n).map { DMath.exp(-Double($0 * $0) / (2 * s * s)) }
        let mass = g.reduce(0, +)
        return g.map { $0 / mass }
    }

    /// Blurs `source` over `region`, seeing only `backdrop` (mirrored beyond its edges).
    /// Returns `region.width x region.height` pixels, row-major.
    public func apply(_ source: Framebuffer, region: PixelRect, backdrop: PixelRect,
                      workers: Workers = .single) -> [SIMD4<Float>] {
        prepare(source, region: region, backdrop: backdrop, rows: 0..<region.height, workers: workers).pixels(workers: workers)
    }

    /// The blur of `region` (seeing only `backdrop`) prepared for the output rows `rows` (region-relative): the
    /// samples of the region's grid those rows interpolate, decimated and convolved, for a kernel to reconstruct
    /// row by row (`BlurredRows.Reader`). Any rows give the bits of the same rows of `apply`.
    public func prepare(_ source: Framebuffer, region: PixelRect, backdrop: PixelRect, rows: Range<Int>,
                        workers: Workers = .single) -> BlurredRows {
        precondition(PixelRect(source).contains(backdrop) && backdrop.contains(region),
                     "blur region \(region) must lie in backdrop \(backdrop), inside the source")
        precondition(rows.lowerBound >= 0 && rows.upperBound <= region.height, "rows \(rows) outside the region \(region)")
        if sigma == 0 || rows.isEmpty { return BlurredRows(copying: source, region: region, rows: rows) }
        let r = taps.count - 1
        let across = Grid(output: region.x - backdrop.x, count: region.width, factor: factor, radius: r)
        let down = Grid(output: region.y - backdrop.y, count: region.height, factor: factor, radius: r)
        let xs = across.lerps(), ys = down.lerps()
        // The kept rows the output rows interpolate (a row and the next, clamped as the reconstruction clamps),
        // and the grid's rows their convolution reads: r more on each side.
        let firstKept = ys[rows.lowerBound].0
        let endKept = min(ys[rows.upperBound - 1].0 + 1, down.kept - 1) + 1
        let low = decimate(source, backdrop: backdrop, across: across, down: down,
                           sampleRows: firstKept..<(endKept + 2 * r), workers: workers)
        let blurred = BlurKernels.convolve(low, width: across.samples, height: endKept + 2 * r - firstKept, taps: taps,
                                           workers: workers)
        return BlurredRows(region: region, rows: rows, factor: factor, samples: blurred, firstKept: firstKept,
                           keptWidth: across.kept, keptRows: down.kept, xs: xs, ys: ys)
    }

    /// The tent-weighted average of 2f x 2f source pixels around the grid's samples of rows `sampleRows`, reading
    /// the backdrop mirrored: rows first (each source row the samples read, to the grid's columns), then
    /// columns. A source row is decimated across once however often the mirrored rows repeat it: the web tier's
    /// box backdrop repeats its rows up to three times over a panel's reach, and the same row gives the same
    /// samples, so this changes no bit.
    private func decimate(_ source: Framebuffer, backdrop: PixelRect, across: Grid, down: Grid, sampleRows: Range<Int>,
                          workers: Workers) -> [SIMD4<Float>] {
        let f = factor, nx = across.samples, ny = sampleRows.count
        let span = f == 1 ? 1 : 2 * f, lead = f == 1 ? 0 : f / 2
        let weights = f == 1 ? [Float(1)] : Self.tent(f)
        // Sample i reads positions first + i f - f/2 ..< + 2f (backdrop-relative), mirrored into the backdrop.
        let columnCount = (nx - 1) * f + span, rowCount = (ny - 1) * f + span
        let columns = (0..<columnCount).map { backdrop.x + mirror(across.first - lead + $0, backdrop.width) }
        let rows = (0..<rowCount).map { backdrop.y + mirror(down.first - lead + sampleRows.lowerBound * f + $0, backdrop.height) }
        // The mirror of a run of positions is a run of rows (its steps are -1, 0 or 1): decimate each once.
        let top = rows.min()!, distinct = rows.max()! - top + 1
        var wide = [SIMD4<Float>](unsafeUninitializedCapacity: nx * distinct) { _, n in n = nx * distinct }
        let stride = source.width
        wide.withUnsafeMutableBufferPointer { o in
            source.withUnsafePixels { src in
                columns.withUnsafeBufferPointer { cols in
                    weights.withUnsafeBufferPointer { w in
                        workers.forEachBand(distinct, bandSize: 16) { band in
                            for j in band {
                                BlurKernels.decimateRow(src.baseAddress! + (top + j) * stride, cols.baseAddress!, w, f,
                                                        into: o.baseAddress! + j * nx, count: nx)
                            }
                        }
                    }
                }
            }
        }
        var out = [SIMD4<Float>](repeating: .zero, count: nx * ny)
        out.withUnsafeMutableBufferPointer { o in
            wide.withUnsafeBufferPointer { src in
                weights.withUnsafeBufferPointer { w in
                    workers.forEachBand(ny, bandSize: 8) { band in
                        for j in band {
                            let dst = o.baseAddress! + j * nx
                            if f == 1 {
                                let row = src.baseAddress! + (rows[j] - top) * nx
                                for i in 0..<nx { dst[i] = row[i] }
                                continue
                            }
                            for k in 0..<span {
                                let row = src.baseAddress! + (rows[j * f + k] - top) * nx, wk = w[k]
                                for i in 0..<nx { dst[i] += wk * row[i] }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

/// One axis of the decimated grid: sample i is centered at full-resolution position first + (i + 1/2) f
/// (backdrop-relative; its tent reads the 2f pixels around that), and the grid reaches `radius` + 2 samples
/// beyond the output on both sides, so that every output pixel interpolates between two samples whose
/// convolution saw only real (mirrored) input.
struct Grid {
    let output: Int
    let count: Int
    let factor: Int
    let radius: Int
    /// Full-resolution position where sample 0's cell starts.
    let first: Int
    /// Samples on the axis before convolution.
    let samples: Int

    init(output: Int, count: Int, factor: Int, radius: Int) {
        self.output = output
        self.count = count
        self.factor = factor
        self.radius = radius
        let margin = radius + 2
        first = output - margin * factor
        samples = (count + factor - 1) / factor + 2 * margin
    }

    /// Samples kept after convolution (the `radius` at each end are dropped).
    var kept: Int { samples - 2 * radius }

    /// For each output position: the kept sample at or before its center and the weight of the next one.
    func lerps() -> [(Int, Float)] {
        (0..<count).map { k in
            if factor == 1 { return (output + k - first - radius, 0) }
            // Center of output pixel in sample units, where sample i is centered at (i + 0.5) f.
            let u = (Float(output + k - first) + 0.5) / Float(factor) - 0.5
            let i = Int(u.rounded(.down))
            return (i - radius, u - Float(i))
        }
    }
}

/// The pointer loops of the blur, kept small so that each reads in one screen.
enum BlurKernels {
    /// One source row to the grid's columns: sample i is the `weights`-weighted sum of the 2f (1 when f is 1)
    /// pixels at `cols[i f ..< i f + span]`, added in that order. Four samples at a time, each its own chain of
    /// adds (the same sums; one chain of 2f dependent adds a sample left the adder waiting), and where the four
    /// read a run of columns (all but the mirrored margins) straight from the row.
    @inline(__always)
    static func decimateRow(_ row: UnsafePointer<SIMD4<Float>>, _ cols: UnsafePointer<Int>,
                            _ weights: UnsafeBufferPointer<Float>, _ f: Int,
                            into line: UnsafeMutablePointer<SIMD4<Float>>, count: Int) {
        if f == 1 {
            for i in 0..<count { line[i] = row[cols[i]] }
            return
        }
        let span = weights.count, w = weights.baseAddress!
        var i = 0
        while i + 4 <= count {
            let c = cols + i * f
            if c[3 * f + span - 1] - c[0] == 3 * f + span - 1 {
                let p = row + c[0]
                var a0 = SIMD4<Float>.zero, a1 = SIMD4<Float>.zero, a2 = SIMD4<Float>.zero, a3 = SIMD4<Float>.zero
                for k in 0..<span {
                    let wk = w[k]
                    a0 += wk * p[k]
                    a1 += wk * p[f + k]
                    a2 += wk * p[2 * f + k]
                    a3 += wk * p[3 * f + k]
                }
                line[i] = a0; line[i + 1] = a1; line[i + 2] = a2; line[i + 3] = a3
            } else {
                for m in i..<(i + 4) { line[m] = sample(row, cols + m * f, w, span) }
            }
            i += 4
        }
        for m in i..<count { line[m] = sample(row, cols + m * f, w, span) }
    }

    /// One sample: the weighted sum of the `span` pixels at `c[0 ..< span]`, in that order.
    @inline(__always)
    static func sample(_ row: UnsafePointer<SIMD4<Float>>, _ c: UnsafePointer<Int>, _ w: UnsafePointer<Float>,
                       _ span: Int) -> SIMD4<Float> {
        var acc = SIMD4<Float>.zero
        for k in 0..<span { acc += w[k] * row[c[k]] }
        return acc
    }

    /// Separable convolution with the symmetric kernel `taps` (center first), keeping only the samples whose
    /// whole kernel lies inside the `width x height` input: `(width - 2r) x (height - 2r)`, r = taps.count - 1.
    static func convolve(_ input: [SIMD4<Float>], width: Int, height: Int, taps: [Float],
                         workers: Workers) -> [SIMD4<Float>] {
        let r = taps.count - 1, kw = width - 2 * r, kh = height - 2 * r
        // Horizontal: every input row, kept columns.
        var across = [SIMD4<Float>](unsafeUninitializedCapacity: kw * height) { _, n in n = kw * height }
        across.withUnsafeMutableBufferPointer { o in
            input.withUnsafeBufferPointer { src in
                taps.withUnsafeBufferPointer { t in
                    workers.forEachBand(height, bandSize: 16) { band in
                        for y in band {
                            let row = src.baseAddress! + y * width + r, dst = o.baseAddress! + y * kw
                            for x in 0..<kw {
                                var acc = t[0] * row[x]
                                for k in 1...max(1, r) where k <= r { acc += t[k] * (row[x - k] + row[x + k]) }
                                dst[x] = acc
                            }
                        }
                    }
                }
            }
        }
        // Vertical: kept rows, each a weighted sum of whole rows (contiguous, no transpose).
        var out = [SIMD4<Float>](unsafeUninitializedCapacity: kw * kh) { _, n in n = kw * kh }
        out.withUnsafeMutableBufferPointer { o in
            across.withUnsafeBufferPointer { src in
                taps.withUnsafeBufferPointer { t in
                    workers.forEachBand(kh, bandSize: 16) { band in
                        for y in band {
                            let center = src.baseAddress! + (y + r) * kw, dst = o.baseAddress! + y * kw
                            for x in 0..<kw { dst[x] = t[0] * center[x] }
                            for k in stride(from: 1, through: r, by: 1) {
                                let up = center - k * kw, below = center + k * kw, w = t[k]
                                for x in 0..<kw { dst[x] += w * (up[x] + below[x]) }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}
