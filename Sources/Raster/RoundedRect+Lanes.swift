/// Eight pixels of a row at once: a rounded rectangle's signed distance with SIMD8 lanes across pixels, for the
/// distance field of moving Liquid Glass controls, whose continuous corners cost three `powf` calls a pixel.
///
/// Reference: `RoundedRect.signedDistance(_:)`, which stays the definition; a test compares the lanes with it
/// pixel by pixel. Straight sides and circular corners are the same arithmetic in the same order, so those lanes
/// are bit-identical; continuous corners use `ContinuousCorner.pow8`, an approximation of `powf`.
extension RoundedRect {
    /// The signed distance at the eight points (x[i], y).
    public func signedDistance8(x: SIMD8<Float>, y: Float) -> SIMD8<Float> {
        let half = rect.size / 2
        let e = reach
        let c = rect.center
        let dx = x - c.x, dy = SIMD8<Float>(repeating: y - c.y)
        let vx = lanesMax(dx, -dx) - half.x + e
        let vy = lanesMax(dy, -dy) - half.y + e
        let inner = lanesMin(lanesMax(vx, vy), SIMD8(repeating: 0))
        let ox = lanesMax(vx, SIMD8(repeating: 0)), oy = lanesMax(vy, SIMD8(repeating: 0))
        let straight = lanesMax(ox, oy) + inner - e
        let corner = (ox .> 0) .& (oy .> 0)
        if !any(corner) { return straight }
        let round: SIMD8<Float>
        switch curve {
        case .circular:
            round = (ox * ox + oy * oy).squareRoot() + inner - e
        case .continuous:
            round = Self.superellipseDistance8(ox, oy, reach: e) + inner
        }
        return straight.replacing(with: round, where: corner)
    }

    /// `superellipseDistance` over lanes; lanes that are not in a corner may hold anything (the caller masks them).
    private static func superellipseDistance8(_ ox: SIMD8<Float>, _ oy: SIMD8<Float>, reach e: Float) -> SIMD8<Float> {
        let n = ContinuousCorner.exponent
        let zero = SIMD8<Float>(repeating: 0)
        let m = lanesMax(ox, oy)
        let sx = ox / m, sy = oy / m
        // In a corner lane one of sx, sy is m / m = 1, whose power pow8 gives as exactly 1 (ShapeTests), so one
        // pow8 of the smaller ratio gives both powers with the same bits as two calls: if sx is not 1, sy is,
        // and the smaller is sx. Two pow8 a lane instead of three: pow8 was 1.75 ms of the showcase's 23 ms
        // glass stage (perf record, 1 thread).
        let one = SIMD8<Float>(repeating: 1)
        let power = ContinuousCorner.pow8(lanesMin(sx, sy), n)
        let px = power.replacing(with: one, where: sx .== one), py = power.replacing(with: one, where: sy .== one)
        let sum = px + py, root = ContinuousCorner.pow8(sum, 1 / n)
        let norm = m * root
        let gx = (px / sx).replacing(with: zero, where: sx .<= 0)
        let gy = (py / sy).replacing(with: zero, where: sy .<= 0)
        let gn = (gx * gx + gy * gy).squareRoot() * root / sum
        return (norm - e) / gn
    }
}

extension ContinuousCorner {
    /// x^n over lanes, for x in [0, 2] and n in (0, 4], as exp2(n log2 x) with two polynomials; exact at x = 1
    /// (log2 1 = 0 exactly, exp2 0 = 1 exactly) and 0 for x below 2^-126 (powf's result there is below 2^-410).
    /// Error: within a few ulps of powf over the corner's inputs (ShapeTests measures the bound); the distance it
    /// gives moves by less than 1e-4 px, where one level of coverage is 1/255 = 0.004 px.
    ///
    /// log2: x = m 2^k with m in [sqrt(1/2), sqrt(2)), log2 m = (2 / ln 2) atanh t, t = (m - 1)/(m + 1), |t| <=
    /// 0.172, by its series to t^9 (next term < 1e-9). exp2: y = i + f, i the nearest integer, |f| <= 1/2, 2^f by
    /// its Taylor series to degree 7 (next term < 6e-9 relative), 2^i built from the exponent bits.
    @inline(__always)
    static func pow8(_ x: SIMD8<Float>, _ n: Float) -> SIMD8<Float> {
        // log2 x
        let bits = unsafeBitCast(x, to: SIMD8<UInt32>.self)
        var k = SIMD8<Int32>(truncatingIfNeeded: bits &>> 23) &- 127
        var m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD8<Float>.self)  // in [1, 2)
        let high = m .> Float(2).squareRoot()
        m = m.replacing(with: m * 0.5, where: high)
        k = k.replacing(with: k &+ 1, where: high)
        let t = (m - 1) / (m + 1), t2 = t * t
        let c1: Float = 2 / ln2, c3: Float = c1 / 3, c5: Float = c1 / 5, c7: Float = c1 / 7, c9: Float = c1 / 9
        var series = c7 + t2 * c9
        series = c5 + t2 * series
        series = c3 + t2 * series
        series = t * (c1 + t2 * series)
        let kf = LaneIntegers.float(k)
        let log2x = kf + series
        // exp2(n log2 x), y within about [-413, 2].
        let y0 = log2x * n, floor = SIMD8<Float>(repeating: -126)
        let y = y0.replacing(with: floor, where: y0 .< floor)
        let (r, i) = LaneIntegers.rounded(y)
        let f = y - r
        // Taylor coefficients ln2^j / j!, Horner from the highest.
        var p = SIMD8<Float>(repeating: Self.exp2Coefficients[7])
        for j in stride(from: 6, through: 0, by: -1) { p = Self.exp2Coefficients[j] + f * p }
        let result = p * LaneIntegers.powerOfTwo(i)
        return result.replacing(with: SIMD8(repeating: 0), where: x .< Float.leastNormalMagnitude)
    }

    private static let ln2: Float = 0.693_147_180_559_945_309
    /// ln2^j / j! for j = 0 ... 7, rounded from Double.
    private static let exp2Coefficients: SIMD8<Float> = {
        var c = SIMD8<Float>(repeating: 1)
        var v = 1.0
        for j in 1..<8 { v *= 0.693_147_180_559_945_309 / Double(j); c[j] = Float(v) }
        return c
    }()
}

// `pointwiseMax`/`pointwiseMin` on SIMD8<Float> were left as calls in the release build (perf record); a select
// inlines to a compare and a blend.
@inline(__always) private func lanesMax(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    a.replacing(with: b, where: a .< b)
}
@inline(__always) private func lanesMin(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    a.replacing(with: b, where: b .< a)
}
