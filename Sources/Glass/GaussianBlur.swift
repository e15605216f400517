import Raster

/// A Gaussian blur of standard deviation `sigma` pixels, as a cascade of three extended box filters per axis
/// (see `ExtendedBox`): the variance is exact, the cost per pixel does not depend on sigma.
///
/// Contract
/// - Input: premultiplied pixels of a framebuffer (blurring premultiplied values is what keeps transparent
///   regions from darkening edges). Any blend space: the blur is linear and works on the stored values.
/// - Region: only the requested output rectangle is computed, from the source pixels within the blur's reach.
/// - Edges: the `backdrop` rectangle is the whole image the blur sees; beyond its edges pixels are mirrored
///   (see `mirror`). Because a symmetric filter of a mirrored signal is itself mirrored, every pass computes
///   only positions inside the backdrop and reads mirrored positions from the previous pass: a full-frame blur
///   does the same work at sigma 6 and sigma 120.
/// - Precision: running sums in Double, results rounded once to Float.
/// - Threads: rows (horizontal pass) and columns (vertical pass) are split across `workers`; every output
///   value is computed by one piece from the same inputs in the same order, so results are byte-identical for
///   any worker count.
/// - Allocations: the intermediate image and one set of line buffers per band, never per pixel.
public struct GaussianBlur: Sendable, Hashable {
    /// Standard deviation in pixels (>= 0; 0 is the identity).
    public let sigma: Float
    /// The boxes of one axis, each of variance sigma^2 / passes.
    public let boxes: [ExtendedBox]

    /// Number of box passes per axis. Three is the classic choice (W. M. Wells, "Efficient Synthesis of
    /// Gaussian Filters by Cascaded Uniform Filters", IEEE PAMI 8(2), 1986; Skia's triple box blur): the
    /// composite kernel is a piecewise quadratic whose largest deviation from the Gaussian is 5-6% of the
    /// peak (measured in BlurTests), with exact variance and unit mass.
    public static let passes = 3

    public init(sigma: Float) {
        precondition(sigma >= 0 && sigma.isFinite, "blur sigma must be finite and >= 0, got \(sigma)")
        self.sigma = sigma
        let v = Double(sigma) * Double(sigma) / Double(Self.passes)
        boxes = sigma > 0 ? Array(repeating: ExtendedBox(variance: v), count: Self.passes) : []
    }

    /// Lines per band of work. 16 pixels of 16 bytes make a 256-byte run per transposed write; 8, 16 and
    /// 32 were tried and timed alike, 4 was slower.
    static let bandSize = 16

    /// How far the blur reads on each side of an output pixel, in pixels.
    public var reach: Int { boxes.reduce(0) { $0 + $1.reach } }

    /// The composite 1-D kernel (offsets -reach...reach), for the reference implementation and tests.
    public var kernel: [Double] {
        var k: [Double] = [1]
        for b in boxes {
            let w = b.weights
            var out = [Double](repeating: 0, count: k.count + w.count - 1)
            for i in k.indices { for j in w.indices { out[i + j] += k[i] * w[j] } }
            k = out
        }
        return k
    }

    /// Blurs `source` over `region`, seeing only `backdrop` (mirrored beyond its edges).
    /// Returns `region.width x region.height` pixels, row-major.
    public func apply(_ source: Framebuffer, region: PixelRect, backdrop: PixelRect,
                      workers: Workers = .single) -> [SIMD4<Float>] {
        precondition(PixelRect(source).contains(backdrop) && backdrop.contains(region),
                     "blur region \(region) must lie in backdrop \(backdrop), inside the source")
        if region.isEmpty { return [] }
        let across = LinePlan(length: backdrop.width, output: (region.x - backdrop.x)..<(region.maxX - backdrop.x), boxes: boxes)
        let down = LinePlan(length: backdrop.height, output: (region.y - backdrop.y)..<(region.maxY - backdrop.y), boxes: boxes)
        let rowsIn = down.input  // backdrop-relative rows the vertical pass reads
        let columnsIn = across.input
        let w = region.width, h = region.height, tall = rowsIn.count
        let srcStride = source.width

        // Horizontal pass: each needed row, blurred along x, written transposed (column-major) so that the
        // vertical pass reads contiguous lines. A band's rows are finished first and then written out column by
        // column, so the transposing writes go in runs of `band` pixels instead of one pixel per cache line.
        let bandSize = Self.bandSize
        var transposed = [SIMD4<Float>](unsafeUninitializedCapacity: w * tall) { _, n in n = w * tall }
        transposed.withUnsafeMutableBufferPointer { t in
            source.withUnsafePixels { src in
                workers.forEachBand(tall, bandSize: bandSize) { band in
                    var lines = LineBuffers(length: backdrop.width, reach: across.maxReach)
                    var block = [SIMD4<Float>](repeating: .zero, count: band.count * w)
                    let out = across.output.lowerBound
                    for (k, j) in band.enumerated() {
                        let row = (backdrop.y + rowsIn.lowerBound + j) * srcStride + backdrop.x
                        lines.load(columnsIn, from: src, offset: row)
                        lines.run(across)
                        lines.store(out..<(out + w), into: &block, at: k * w)
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
                    var lines = LineBuffers(length: backdrop.height, reach: down.maxReach)
                    var block = [SIMD4<Float>](repeating: .zero, count: band.count * h)
                    let first = down.output.lowerBound
                    for (k, i) in band.enumerated() {
                        lines.load(rowsIn, from: t, offset: i * tall - rowsIn.lowerBound)
                        lines.run(down)
                        lines.store(first..<(first + h), into: &block, at: k * h)
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

/// The positions each pass of one axis must compute: pass k produces `outputs[k]`, reading `outputs[k-1]`
/// (or `input` for the first pass) at mirrored positions. All ranges are within `0..<length`.
struct LinePlan {
    let length: Int
    let boxes: [ExtendedBox]
    let input: Range<Int>
    let outputs: [Range<Int>]
    var output: Range<Int> { outputs.last ?? input }
    var maxReach: Int { boxes.map(\.reach).max() ?? 0 }

    init(length n: Int, output: Range<Int>, boxes: [ExtendedBox]) {
        self.length = n
        self.boxes = boxes
        var outs = [output]
        var current = output
        // Work backward: pass k needs its input over its output widened by its reach, clipped to the line
        // (mirrored positions fall back inside that clipped range; see GaussianBlur's contract).
        for b in boxes.reversed() {
            current = max(0, current.lowerBound - b.reach)..<min(n, current.upperBound + b.reach)
            outs.append(current)
        }
        outs.reverse()
        input = outs[0]
        outputs = Array(outs.dropFirst())
    }
}

/// Per-band scratch lines for the running-sum kernel: two lines indexed by position along the axis, and one
/// padded line holding mirrored samples for the pass being run.
struct LineBuffers {
    var a: [SIMD4<Double>]
    var b: [SIMD4<Double>]
    var pad: [SIMD4<Double>]
    var resultInA = true

    init(length: Int, reach: Int) {
        a = Array(repeating: .zero, count: length)
        b = Array(repeating: .zero, count: length)
        pad = Array(repeating: .zero, count: length + 2 * reach)
    }

    /// Loads the samples of `range` (positions along the axis) from `src[offset + position]`.
    mutating func load(_ range: Range<Int>, from src: UnsafeBufferPointer<SIMD4<Float>>, offset: Int) {
        a.withUnsafeMutableBufferPointer { a in
            for p in range { a[p] = SIMD4<Double>(src[offset + p]) }
        }
        resultInA = true
    }

    /// Stores the result at positions `range` into `block[at...]`, rounded to Float.
    func store(_ range: Range<Int>, into block: inout [SIMD4<Float>], at start: Int) {
        (resultInA ? a : b).withUnsafeBufferPointer { r in
            block.withUnsafeMutableBufferPointer { o in
                for (k, p) in range.enumerated() { o[start + k] = SIMD4<Float>(r[p]) }
            }
        }
    }

    /// Runs every pass of `plan`, ping-ponging between `a` and `b`.
    mutating func run(_ plan: LinePlan) {
        for (k, box) in plan.boxes.enumerated() {
            if resultInA {
                Self.pass(box, output: plan.outputs[k], length: plan.length, from: a, into: &b, pad: &pad)
            } else {
                Self.pass(box, output: plan.outputs[k], length: plan.length, from: b, into: &a, pad: &pad)
            }
            resultInA.toggle()
        }
    }

    /// One extended-box pass by running sum: `dst[c]` for c in `output`, reading `src` at mirrored positions.
    static func pass(_ box: ExtendedBox, output: Range<Int>, length n: Int,
                     from src: [SIMD4<Double>], into dst: inout [SIMD4<Double>], pad: inout [SIMD4<Double>]) {
        let r = box.radius, e = box.reach
        let alpha = SIMD4<Double>(repeating: box.alpha), norm = SIMD4<Double>(repeating: box.norm)
        let start = output.lowerBound - e
        let count = output.count
        src.withUnsafeBufferPointer { s in
            pad.withUnsafeMutableBufferPointer { p in
                // Mirrored ends, then the straight middle without index checks.
                let inside = max(0, -start)..<max(max(0, -start), min(count + 2 * e, n - start))
                for t in 0..<inside.lowerBound { p[t] = s[mirror(start + t, n)] }
                for t in inside { p[t] = s[start + t] }
                for t in inside.upperBound..<(count + 2 * e) { p[t] = s[mirror(start + t, n)] }
            }
        }
        pad.withUnsafeBufferPointer { p in
            dst.withUnsafeMutableBufferPointer { d in
                var sum = SIMD4<Double>.zero
                for t in 1...(2 * r + 1) { sum += p[t] }
                for j in 0..<count {
                    let q = j + e
                    let ends = p[q - r - 1] + p[q + r + 1]
                    d[output.lowerBound + j] = (sum + alpha * ends) * norm
                    sum += p[q + r + 1] - p[q - r]
                }
            }
        }
    }
}
