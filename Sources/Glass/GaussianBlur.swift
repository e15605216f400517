import Raster

/// A Gaussian blur of standard deviation `sigma` pixels, separable, each axis a recursive Gaussian
/// (`RecursiveGaussian`, Young and van Vliet 1995) whose cost per pixel does not depend on sigma.
///
/// Contract
/// - Input: premultiplied pixels of a framebuffer (blurring premultiplied values is what keeps transparent
///   regions from darkening edges). Any blend space: the blur is linear and works on the stored values.
/// - Region: only the requested output rectangle is computed, from the source pixels within the filter's
///   warm-up distance of it (about 3.5 sigma).
/// - Edges: the `backdrop` rectangle is the whole image the blur sees; beyond its edges pixels are mirrored
///   (see `mirror`), as browsers do for backdrop-filter. Each pass starts from the steady state of its first
///   sample, so the warm-up only has to absorb the image's variation, not a jump from zero.
/// - Precision: recursion in Double, results rounded once to Float. Mass exactly 1, variance exactly sigma^2
///   (of the untruncated kernel; the warm-up truncates less than 1e-7 of it).
/// - Threads: rows (horizontal pass) and columns (vertical pass) are split across `workers`; every output
///   value is computed by one piece from the same inputs in the same order, so results are byte-identical for
///   any worker count.
/// - Allocations: the intermediate image and one set of line buffers per band, never per pixel.
public struct GaussianBlur: Sendable, Hashable {
    /// Standard deviation in pixels (>= 0; 0 is the identity).
    public let sigma: Float
    /// The filter of each axis, nil for sigma 0.
    public let filter: RecursiveGaussian?

    public init(sigma: Float) {
        precondition(sigma >= 0 && sigma.isFinite, "blur sigma must be finite and >= 0, got \(sigma)")
        self.sigma = sigma
        filter = sigma > 0 ? RecursiveGaussian(sigma: Double(sigma)) : nil
    }

    /// How far the blur reads on each side of an output pixel, in pixels.
    public var reach: Int { filter?.warmUp ?? 0 }

    /// The 1-D kernel (offsets -n...n), for the reference implementation and tests.
    public var kernel: [Double] { filter?.kernel ?? [1] }

    /// Lines per band of work. 16 pixels of 16 bytes make a 256-byte run per transposed write; 8, 16 and
    /// 32 were tried and timed alike, 4 was slower.
    static let bandSize = 16

    /// Blurs `source` over `region`, seeing only `backdrop` (mirrored beyond its edges).
    /// Returns `region.width x region.height` pixels, row-major.
    public func apply(_ source: Framebuffer, region: PixelRect, backdrop: PixelRect,
                      workers: Workers = .single) -> [SIMD4<Float>] {
        precondition(PixelRect(source).contains(backdrop) && backdrop.contains(region),
                     "blur region \(region) must lie in backdrop \(backdrop), inside the source")
        if region.isEmpty { return [] }
        let across = LinePlan(length: backdrop.width, output: (region.x - backdrop.x)..<(region.maxX - backdrop.x), reach: reach)
        let down = LinePlan(length: backdrop.height, output: (region.y - backdrop.y)..<(region.maxY - backdrop.y), reach: reach)
        let rowsIn = down.input  // backdrop-relative rows the vertical pass reads
        let w = region.width, h = region.height, tall = rowsIn.count
        let srcStride = source.width, filter = self.filter

        // Horizontal pass: each needed row, blurred along x, written transposed (column-major) so that the
        // vertical pass reads contiguous lines. A band's rows are finished first and then written out column by
        // column, so the transposing writes go in runs of `band` pixels instead of one pixel per cache line.
        let bandSize = Self.bandSize
        var transposed = [SIMD4<Float>](unsafeUninitializedCapacity: w * tall) { _, n in n = w * tall }
        transposed.withUnsafeMutableBufferPointer { t in
            source.withUnsafePixels { src in
                workers.forEachBand(tall, bandSize: bandSize) { band in
                    var line = LineBuffer(across)
                    var block = [SIMD4<Float>](repeating: .zero, count: band.count * w)
                    for (k, j) in band.enumerated() {
                        let row = (backdrop.y + rowsIn.lowerBound + j) * srcStride + backdrop.x
                        line.run(filter, from: src, offset: row, into: &block, at: k * w)
                    }
                    block.withUnsafeBufferPointer { b in
                        for i in 0..<w {
                            let base = i * tall + band.lowerBound
                            for k in 0..<band.count { t[base + k] = b[k * w + i] }
                        }
                    }
                }
            }
        }

        // Vertical pass: each output column along y, written back row-major the same way.
        var out = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { _, n in n = w * h }
        out.withUnsafeMutableBufferPointer { o in
            transposed.withUnsafeBufferPointer { t in
                workers.forEachBand(w, bandSize: bandSize) { band in
                    var line = LineBuffer(down)
                    var block = [SIMD4<Float>](repeating: .zero, count: band.count * h)
                    for (k, i) in band.enumerated() {
                        line.run(filter, from: t, offset: i * tall - rowsIn.lowerBound, into: &block, at: k * h)
                    }
                    block.withUnsafeBufferPointer { b in
                        for j in 0..<h {
                            let base = j * w + band.lowerBound
                            for k in 0..<band.count { o[base + k] = b[k * h + j] }
                        }
                    }
                }
            }
        }
        return out
    }
}

/// The positions one axis needs: outputs `output`, from inputs `input` (the output widened by the reach,
/// clipped to the line `0..<length`; mirrored positions beyond the line fall back inside it).
struct LinePlan {
    let length: Int
    let output: Range<Int>
    let reach: Int
    var input: Range<Int> { max(0, output.lowerBound - reach)..<min(length, output.upperBound + reach) }

    init(length: Int, output: Range<Int>, reach: Int) {
        self.length = length
        self.output = output
        self.reach = reach
    }
}

/// Float to Double per channel, written out (the generic SIMD conversion initializer was measured 2x slower).
@inline(__always) func wide(_ v: SIMD4<Float>) -> SIMD4<Double> {
    SIMD4(Double(v.x), Double(v.y), Double(v.z), Double(v.w))
}

@inline(__always) func narrow(_ v: SIMD4<Double>) -> SIMD4<Float> {
    SIMD4(Float(v.x), Float(v.y), Float(v.z), Float(v.w))
}

/// A complex value per channel (four channels), for the recursive filter's state.
struct ComplexPixel {
    var re: SIMD4<Double>
    var im: SIMD4<Double>
    static let zero = ComplexPixel(re: .zero, im: .zero)
    /// A real pixel times a complex scalar.
    @inline(__always) init(_ x: SIMD4<Double>, times c: Complex) { re = x * c.re; im = x * c.im }
    @inline(__always) init(re: SIMD4<Double>, im: SIMD4<Double>) { self.re = re; self.im = im }
    @inline(__always) static func * (c: Complex, v: ComplexPixel) -> ComplexPixel {
        ComplexPixel(re: c.re * v.re - c.im * v.im, im: c.re * v.im + c.im * v.re)
    }
    @inline(__always) static func + (a: ComplexPixel, b: ComplexPixel) -> ComplexPixel {
        ComplexPixel(re: a.re + b.re, im: a.im + b.im)
    }
    /// Re[c v]
    @inline(__always) func real(times c: Complex) -> SIMD4<Double> { c.re * re - c.im * im }
}

/// Per-band scratch for one axis: the input line (output widened by the reach on both sides, mirrored at the
/// line's ends; or the whole line when the reach covers it) and the filtered line.
struct LineBuffer {
    let plan: LinePlan
    /// True when the widened output covers the whole line: the filter then runs on the line itself with the
    /// exact state of the infinitely mirrored line at both ends, so no warm-up is needed.
    let whole: Bool
    var x: [SIMD4<Double>]
    var y: [SIMD4<Double>]

    init(_ plan: LinePlan) {
        self.plan = plan
        whole = plan.input == 0..<plan.length
        let count = whole ? plan.length : plan.output.count + 2 * plan.reach
        x = Array(repeating: .zero, count: count)
        y = Array(repeating: .zero, count: count)
    }

    /// Filters the line whose position p is `src[offset + p]` and stores the output positions, rounded to
    /// Float, at `block[at...]`.
    mutating func run(_ filter: RecursiveGaussian?, from src: UnsafeBufferPointer<SIMD4<Float>>, offset: Int,
                      into block: inout [SIMD4<Float>], at start: Int) {
        let n = plan.length, count = x.count
        // Index in x of the first output position.
        let first = whole ? 0 : plan.output.lowerBound - plan.reach
        let skip = plan.output.lowerBound - first
        x.withUnsafeMutableBufferPointer { p in
            if whole {
                for t in 0..<count { p[t] = wide(src[offset + t]) }
            } else {
                // Mirrored ends, then the straight middle without index arithmetic.
                let inside = max(0, -first)..<max(max(0, -first), min(count, n - first))
                for t in 0..<inside.lowerBound { p[t] = wide(src[offset + mirror(first + t, n)]) }
                for t in inside { p[t] = wide(src[offset + first + t]) }
                for t in inside.upperBound..<count { p[t] = wide(src[offset + mirror(first + t, n)]) }
            }
        }
        let w = whole
        let result: [SIMD4<Double>]
        if let f = filter {
            x.withUnsafeBufferPointer { xs in
                y.withUnsafeMutableBufferPointer { ys in Self.filter(f, xs, ys, exactMirror: w) }
            }
            result = y
        } else {
            result = x
        }
        result.withUnsafeBufferPointer { r in
            block.withUnsafeMutableBufferPointer { o in
                for k in 0..<plan.output.count { o[start + k] = narrow(r[skip + k]) }
            }
        }
    }

    /// The recursive Gaussian of `x` into `y`: a causal pass (s[n] = x[n] + z s[n-1] per pole) and an
    /// anti-causal one (r[n] = z (x[n+1] + r[n+1])), y = Re[alpha (s + r)] summed over the two poles.
    ///
    /// Initial states. `exactMirror`: x is a whole line, mirrored forever at both ends (period 2N); then
    /// s[-1] = (z^N A + C / z) / (1 - z^(2N)) and r[N-1] = z (z^N s[-1] + A), where A and C are the causal
    /// and anti-causal sums started from zero (derived from s[-1] = r[-1] / z and r[N-1] = z s[N-1], which is
    /// what mirroring at -1/2 and N - 1/2 means). Otherwise: the steady state of the end samples (a constant
    /// signal passes unchanged), and the caller provides the warm-up.
    static func filter(_ f: RecursiveGaussian, _ x: UnsafeBufferPointer<SIMD4<Double>>,
                       _ y: UnsafeMutableBufferPointer<SIMD4<Double>>, exactMirror: Bool) {
        let count = x.count
        guard count > 0 else { return }
        let z = f.z, w = f.w, alpha = f.alpha, beta = f.beta
        var sz: ComplexPixel, sw: ComplexPixel, rz: ComplexPixel, rw: ComplexPixel
        if exactMirror {
            var az = ComplexPixel.zero, aw = ComplexPixel.zero, cz = ComplexPixel.zero, cw = ComplexPixel.zero
            for t in 0..<count {
                az = z * az + ComplexPixel(re: x[t], im: .zero)
                aw = w * aw + ComplexPixel(re: x[t], im: .zero)
            }
            for t in stride(from: count - 1, through: 0, by: -1) {
                cz = z * (cz + ComplexPixel(re: x[t], im: .zero))
                cw = w * (cw + ComplexPixel(re: x[t], im: .zero))
            }
            func start(_ p: Complex, _ a: ComplexPixel, _ c: ComplexPixel) -> (ComplexPixel, ComplexPixel) {
                let pn = p.power(count)
                let inv = Complex.one / (Complex.one - pn * pn)
                let s = inv * (pn * a + (Complex.one / p) * c)
                return (s, p * (pn * s + a))
            }
            (sz, rz) = start(z, az, cz)
            (sw, rw) = start(w, aw, cw)
        } else {
            let kz = Complex.one / (Complex.one - z), kw = Complex.one / (Complex.one - w)
            sz = ComplexPixel(x[0], times: kz)
            sw = ComplexPixel(x[0], times: kw)
            rz = ComplexPixel(x[count - 1], times: z * kz)
            rw = ComplexPixel(x[count - 1], times: w * kw)
        }
        for t in 0..<count {
            let v = ComplexPixel(re: x[t], im: .zero)
            sz = z * sz + v
            sw = w * sw + v
            y[t] = sz.real(times: alpha) + sw.real(times: beta)
        }
        for t in stride(from: count - 1, through: 0, by: -1) {
            y[t] += rz.real(times: alpha) + rw.real(times: beta)
            let v = ComplexPixel(re: x[t], im: .zero)
            rz = z * (rz + v)
            rw = w * (rw + v)
        }
    }
}
