/// Exponentials, logarithms and powers (the family's overview: `DMath.swift`).
///
/// Double: `exp`, `log`, `log2` by range reduction and a series (errors stated at each; measured in DMathTests).
/// Float: `pow` as exp2(n log2 x) in Float arithmetic, one scalar and one sixteen-lane form doing the same IEEE
/// operations in the same order, so the same bits (a test compares them); `exp` over eight lanes for x <= 0.
extension DMath {
    // MARK: Double

    /// e^x. Cody-Waite reduction x = k ln 2 + r, |r| <= ln 2 / 2, with ln 2 in two parts (the high part's 32
    /// bits make k ln2Hi exact for |k| < 2^21), then e^r by its Taylor series to degree 13 (the next term is
    /// below 4.1e-18 relative) and 2^k from the exponent bits. Overflow gives +inf above 709.78, underflow 0
    /// below -745.2 (subnormal results in between are rounded by IEEE multiplication, as everywhere).
    @inlinable
    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782_712_893_384 { return .infinity }
        if x < -745.2 { return 0 }
        let (k, i) = nearest(x * 1.442_695_040_888_963_4)
        let r = (x - k * ln2Hi) - k * ln2Lo
        var p = 1.0 / 6_227_020_800
        p = 1.0 / 479_001_600 + r * p
        p = 1.0 / 39_916_800 + r * p
        p = 1.0 / 3_628_800 + r * p
        p = 1.0 / 362_880 + r * p
        p = 1.0 / 40_320 + r * p
        p = 1.0 / 5_040 + r * p
        p = 1.0 / 720 + r * p
        p = 1.0 / 120 + r * p
        p = 1.0 / 24 + r * p
        p = 1.0 / 6 + r * p
        p = 0.5 + r * p
        p = 1 + r * p
        p = 1 + r * p
        return scaled(p, i)
    }

    /// ln x for x >= 0 (NaN below, -inf at 0, +inf at +inf). x = m 2^k with m in [sqrt(1/2), sqrt(2)),
    /// ln m = 2 atanh t, t = (m - 1) / (m + 1) (m - 1 is exact), |t| <= 0.1716, by its series to t^21 (the rest
    /// is below 7e-19 relative); ln x = k ln2Hi + (k ln2Lo + 2 atanh t).
    @inlinable
    public static func log(_ x: Double) -> Double {
        let (k, s) = logParts(x)
        if s.isNaN || s.isInfinite { return s }
        let kd = Double(k)
        return kd * ln2Hi + (kd * ln2Lo + s)
    }

    /// log2 x for x >= 0, from the same reduction: k + 2 atanh(t) / ln 2 (k is exact).
    @inlinable
    public static func log2(_ x: Double) -> Double {
        let (k, s) = logParts(x)
        if s.isNaN || s.isInfinite { return s }
        return Double(k) + s * 1.442_695_040_888_963_4
    }

    /// (k, 2 atanh t) with x = m 2^k as `log` describes; for x that is not a positive finite number, k = 0 and
    /// the second value is log's result (NaN, -inf, +inf).
    @inlinable @inline(__always)
    static func logParts(_ x: Double) -> (Int, Double) {
        if !(x >= 0) { return (0, .nan) }
        if x == 0 { return (0, -.infinity) }
        if x == .infinity { return (0, .infinity) }
        var x = x, k = 0
        if x < Double.leastNormalMagnitude { x *= powerOfTwo(54); k = -54 }  // exact
        let bits = x.bitPattern
        k += Int((bits >> 52) & 0x7FF) - 1023
        var m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)  // [1, 2)
        if m > 1.414_213_562_373_095_1 { m *= 0.5; k += 1 }
        let t = (m - 1) / (m + 1), t2 = t * t
        var s = 1.0 / 21
        s = 1.0 / 19 + t2 * s
        s = 1.0 / 17 + t2 * s
        s = 1.0 / 15 + t2 * s
        s = 1.0 / 13 + t2 * s
        s = 1.0 / 11 + t2 * s
        s = 1.0 / 9 + t2 * s
        s = 1.0 / 7 + t2 * s
        s = 1.0 / 5 + t2 * s
        s = 1.0 / 3 + t2 * s
        return (k, 2 * t + 2 * t * (t2 * s))
    }

    /// ln 2 = ln2Hi + ln2Lo, the high part with 32 significant bits (fdlibm's split).
    @usableFromInline static let ln2Hi = 6.931_471_803_691_238_164_90e-01
    @usableFromInline static let ln2Lo = 1.908_214_929_270_587_700_02e-10

    // MARK: Float power

    /// x^n in Float for x >= 0 (NaN below) and finite n: exp2(n log2 x) with two polynomials, the same
    /// operations as the lanes' `pow(_:_:)` (SIMD16), so the same bits. Exact at x = 1 (log2 1 = 0, 2^0 = 1)
    /// and 0 for x below 2^-126; a result below 2^-126 is 2^-126 (libm's is smaller: an absolute error under
    /// 1.2e-38), above 2^128 +inf.
    ///
    /// log2: x = m 2^k with m in [sqrt(1/2), sqrt(2)), log2 m = (2 / ln 2) atanh t, t = (m - 1)/(m + 1),
    /// |t| <= 0.172, by its series to t^9 (next term < 1e-9). exp2: y = i + f, i the nearest integer, |f| <= 1/2,
    /// 2^f by its Taylor series to degree 7 (next term < 6e-9 relative), 2^i built from the exponent bits.
    /// The error is that of log2 x rounded to Float, times n ln 2, relative: measured in DMathTests and listed in
    /// docs/performance.md.
    @inlinable
    public static func pow(_ x: Float, _ n: Float) -> Float {
        if !(x >= 0) || n.isNaN { return .nan }
        if x < Float.leastNormalMagnitude { return 0 }
        if x == .infinity { return n > 0 ? .infinity : 0 }
        let bits = x.bitPattern
        var k = Int32(truncatingIfNeeded: bits >> 23) - 127
        var m = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000)  // in [1, 2)
        if m > Float(2).squareRoot() { m = m * 0.5; k += 1 }
        let t = (m - 1) / (m + 1), t2 = t * t
        var series = log2Coefficient7 + t2 * log2Coefficient9
        series = log2Coefficient5 + t2 * series
        series = log2Coefficient3 + t2 * series
        series = t * (log2Coefficient1 + t2 * series)
        let log2x = Float(k) + series
        let y0 = log2x * n
        if y0 >= 128 { return .infinity }
        let y = y0 < -126 ? -126 : y0
        let r = (y + 12_582_912) - 12_582_912  // nearest integer, ties to even, as LaneIntegers.rounded
        let f = y - r
        var p = exp2Coefficient7
        p = exp2Coefficient6 + f * p
        p = exp2Coefficient5 + f * p
        p = exp2Coefficient4 + f * p
        p = exp2Coefficient3 + f * p
        p = exp2Coefficient2 + f * p
        p = exp2Coefficient1 + f * p
        p = 1 + f * p
        return p * Float(bitPattern: UInt32(truncatingIfNeeded: Int32(r) + 127) << 23)
    }

    /// `pow(_:_:)` (Float) over sixteen lanes, for x in [0, 2] and n in (0, 4] (the continuous corner's
    /// superellipse: `RoundedRect+Lanes.swift`); the same operations lane by lane, so the same bits as the scalar.
    /// Sixteen lanes: the chain of two polynomials left eight lanes' registers idle (RoundedRect+Lanes).
    @inline(__always)
    public static func pow(_ x: SIMD16<Float>, _ n: Float) -> SIMD16<Float> {
        let bits = unsafeBitCast(x, to: SIMD16<UInt32>.self)
        var k = SIMD16<Int32>(truncatingIfNeeded: bits &>> 23) &- 127
        var m = unsafeBitCast((bits & 0x007F_FFFF) | 0x3F80_0000, to: SIMD16<Float>.self)  // in [1, 2)
        let high = m .> Float(2).squareRoot()
        m = m.replacing(with: m * 0.5, where: high)
        k = k.replacing(with: k &+ 1, where: high)
        let t = (m - 1) / (m + 1), t2 = t * t
        var series = log2Coefficient7 + t2 * log2Coefficient9
        series = log2Coefficient5 + t2 * series
        series = log2Coefficient3 + t2 * series
        series = t * (log2Coefficient1 + t2 * series)
        let kf = LaneIntegers.float(k)
        let log2x = kf + series
        let y0 = log2x * n, floor = SIMD16<Float>(repeating: -126)
        let y = y0.replacing(with: floor, where: y0 .< floor)
        let (r, i) = LaneIntegers.rounded(y)
        let f = y - r
        // Horner from the highest coefficient, written out: a loop over a stored table indexed the table through
        // the stack at each step and checked its lazy initializer (`swift_once`) at every call (perf annotate).
        var p = SIMD16<Float>(repeating: exp2Coefficient7)
        p = exp2Coefficient6 + f * p
        p = exp2Coefficient5 + f * p
        p = exp2Coefficient4 + f * p
        p = exp2Coefficient3 + f * p
        p = exp2Coefficient2 + f * p
        p = exp2Coefficient1 + f * p
        p = 1 + f * p
        let result = p * LaneIntegers.powerOfTwo(i)
        return result.replacing(with: SIMD16(repeating: 0), where: x .< Float.leastNormalMagnitude)
    }

    /// (2 / ln 2) / j for the atanh series of log2, j = 1, 3, ..., 9: the Float quotients 2 / floatLn2 and then
    /// that / j, as the lanes first computed them, written as literals (DMathTests checks these bits against
    /// `log2Coefficient(_:)`). Computed properties made the scalar `pow` divide five times a call: 83 ns against
    /// powf's 22 (`bench --only math`).
    @usableFromInline static let log2Coefficient1: Float = 0x1.715476p+1
    @usableFromInline static let log2Coefficient3: Float = 0x1.ec709ep-1
    @usableFromInline static let log2Coefficient5: Float = 0x1.2776c4p-1
    @usableFromInline static let log2Coefficient7: Float = 0x1.a61762p-2
    @usableFromInline static let log2Coefficient9: Float = 0x1.484b14p-2

    /// (2 / ln 2) / j computed in Float as the literals' definition.
    static func log2Coefficient(_ j: Int) -> Float {
        let c1: Float = 2 / floatLn2
        return j == 1 ? c1 : c1 / Float(j)
    }

    @usableFromInline static let floatLn2: Float = 0.693_147_180_559_945_309

    /// ln2^j / j! for j = 1 ... 7, each the Float nearest the Double product (exact in hex; `exp2Coefficient(_:)` is
    /// their definition, and DMathTests checks these bits against it); j = 0 is 1.
    @usableFromInline static let exp2Coefficient1: Float = 0x1.62e43p-1
    @usableFromInline static let exp2Coefficient2: Float = 0x1.ebfbep-3
    @usableFromInline static let exp2Coefficient3: Float = 0x1.c6b08ep-5
    @usableFromInline static let exp2Coefficient4: Float = 0x1.3b2ab6p-7
    @usableFromInline static let exp2Coefficient5: Float = 0x1.5d87fep-10
    @usableFromInline static let exp2Coefficient6: Float = 0x1.430912p-13
    @usableFromInline static let exp2Coefficient7: Float = 0x1.ffcbfcp-17

    /// ln2^j / j!, computed in Double and rounded once to Float.
    static func exp2Coefficient(_ j: Int) -> Float {
        var v = 1.0
        for i in stride(from: 1, through: j, by: 1) { v *= 0.693_147_180_559_945_309 / Double(i) }
        return Float(v)
    }

    // MARK: Float exponential lanes

    /// e^x over eight lanes for x <= 0 (the glass band's Gaussian needs no more). Below -87 the result is e^-87 =
    /// 1.6e-38 instead of less: nothing a pixel can show.
    ///
    /// Cody-Waite range reduction: x = k ln 2 + r with k the nearest integer to x / ln 2, so |r| <= ln 2 / 2,
    /// and ln 2 split into a high part with few bits (k ln2hi is exact for |k| < 2^11) and the rest; e^r by its
    /// Taylor series to degree 7 (the next term is below 5e-9 relative); 2^k built in the exponent bits.
    /// Replaced libm's Double `exp`, 1.9% of a showcase frame's CPU on its own, called once per glass pixel.
    @inline(__always)
    public static func exp(_ x: SIMD8<Float>) -> SIMD8<Float> {
        let x = x.replacing(with: -87, where: x .< -87)
        let (k, i) = LaneIntegers.rounded(x * 1.442_695_04)
        let r = (x - k * 0.693_145_751_953_125) - k * 1.428_606_765_330_187e-6
        var p = SIMD8<Float>(repeating: 1.0 / 5040)
        p = 1.0 / 720 + r * p
        p = 1.0 / 120 + r * p
        p = 1.0 / 24 + r * p
        p = 1.0 / 6 + r * p
        p = 0.5 + r * p
        p = 1 + r * p
        p = 1 + r * p
        return p * LaneIntegers.powerOfTwo(i)
    }
}
