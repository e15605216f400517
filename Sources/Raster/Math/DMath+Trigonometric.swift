/// Circular functions (the family's overview: `DMath.swift`): sin, cos, tan, atan, atan2 in Double, and their
/// Float forms through Double (one rounding of a result good to a few Double ulps: nearly always the correctly
/// rounded Float).
extension DMath {
    /// sin x. Reduction by pi/2 in three parts (fdlibm's 33-bit split: q pio2a and q pio2b are exact for
    /// |q| < 2^20), then the Taylor series of sin or cos on |r| <= pi/4 (to r^17 and r^16; the next terms are
    /// below 1e-19). Accurate to a few ulps for |x| < 1.6e6 (q < 2^20); beyond, still the same bits on every
    /// machine but the reduction loses precision (no render path comes near: angles are radians of a turn or two).
    @inlinable
    public static func sin(_ x: Double) -> Double {
        let (s, c, q) = sinCosReduced(x)
        switch q & 3 {
        case 0: return s
        case 1: return c
        case 2: return -s
        default: return -c
        }
    }

    /// cos x, from the same reduction as `sin`.
    @inlinable
    public static func cos(_ x: Double) -> Double {
        let (s, c, q) = sinCosReduced(x)
        switch q & 3 {
        case 0: return c
        case 1: return -s
        case 2: return -c
        default: return s
        }
    }

    /// tan x = sin x / cos x from one reduction (one more rounding than each).
    @inlinable
    public static func tan(_ x: Double) -> Double {
        let (s, c, q) = sinCosReduced(x)
        return q & 1 == 0 ? s / c : -c / s
    }

    /// (sin r, cos r, q) with x = q pi/2 + r, |r| <= pi/4.
    @inlinable @inline(__always)
    static func sinCosReduced(_ x: Double) -> (Double, Double, Int) {
        if !x.isFinite { return (.nan, .nan, 0) }
        if x == 0 { return (x, 1, 0) }  // sin(-0) = -0: the series would give +0
        let (q, qi) = abs(x) < 0.785_398_163_397_448_3 ? (0.0, 0) : nearest(x * 0.636_619_772_367_581_34)
        let r = ((x - q * pio2a) - q * pio2b) - q * pio2c
        let r2 = r * r
        var s = 1.0 / 355_687_428_096_000  // 1 / 17!
        s = -1.0 / 1_307_674_368_000 + r2 * s
        s = 1.0 / 6_227_020_800 + r2 * s
        s = -1.0 / 39_916_800 + r2 * s
        s = 1.0 / 362_880 + r2 * s
        s = -1.0 / 5_040 + r2 * s
        s = 1.0 / 120 + r2 * s
        s = -1.0 / 6 + r2 * s
        s = r + r * (r2 * s)
        var c = 1.0 / 20_922_789_888_000  // 1 / 16!
        c = -1.0 / 87_178_291_200 + r2 * c
        c = 1.0 / 479_001_600 + r2 * c
        c = -1.0 / 3_628_800 + r2 * c
        c = 1.0 / 40_320 + r2 * c
        c = -1.0 / 720 + r2 * c
        c = 1.0 / 24 + r2 * c
        c = -0.5 + r2 * c
        c = 1 + r2 * c
        return (s, c, qi)
    }

    /// pi/2 = pio2a + pio2b + pio2c to 2e-37, the first two with 33 significant bits (fdlibm's pio2_1, pio2_2, pio2_2t).
    @usableFromInline static let pio2a = 1.570_796_326_734_125_614_17e+00
    @usableFromInline static let pio2b = 6.077_100_506_303_965_976_60e-11
    @usableFromInline static let pio2c = 2.022_266_248_795_950_631_54e-21
    @usableFromInline static let halfPi = 1.570_796_326_794_896_558_00e+00
    @usableFromInline static let quarterPi = 7.853_981_633_974_482_789_99e-01

    /// atan x. For |x| > 1, pi/2 - atan(1/|x|); then two halvings atan t = 2 atan(t / (1 + sqrt(1 + t^2)))
    /// bring t to [0, tan(pi/16)] = [0, 0.199], where the series to t^23 leaves less than 1e-18 relative.
    @inlinable
    public static func atan(_ x: Double) -> Double {
        if x.isNaN { return x }
        let a = abs(x)
        if a == 1 { return x < 0 ? -quarterPi : quarterPi }  // the correctly rounded value, as libm's
        let big = a > 1
        var t = big ? 1 / a : a
        t = t / (1 + (1 + t * t).squareRoot())
        t = t / (1 + (1 + t * t).squareRoot())
        let t2 = t * t
        var s = 1.0 / 23
        s = -1.0 / 21 + t2 * s
        s = 1.0 / 19 + t2 * s
        s = -1.0 / 17 + t2 * s
        s = 1.0 / 15 + t2 * s
        s = -1.0 / 13 + t2 * s
        s = 1.0 / 11 + t2 * s
        s = -1.0 / 9 + t2 * s
        s = 1.0 / 7 + t2 * s
        s = -1.0 / 5 + t2 * s
        s = 1.0 / 3 + t2 * s
        let small = 4 * (t - t * (t2 * s))
        let r = big ? halfPi - small : small
        return x < 0 ? -r : r
    }

    /// atan2(y, x): the angle of (x, y) in [-pi, pi], from atan of the smaller ratio (so its argument is in
    /// [0, 1]) and the quadrant. atan2(±0, x) is ±0 for x >= +0 and ±pi for x <= -0, as C's.
    @inlinable
    public static func atan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let ax = abs(x), ay = abs(y)
        var a: Double
        if ay == 0 {
            a = x.sign == .minus ? 2 * halfPi : 0
        } else if ax == 0 || ay.isInfinite && !ax.isInfinite {
            a = halfPi
        } else if ax.isInfinite {
            a = ay.isInfinite ? halfPi / 2 : 0
            if x < 0 { a = 2 * halfPi - a }
            return y.sign == .minus ? -a : a
        } else {
            a = ay <= ax ? atan(ay / ax) : halfPi - atan(ax / ay)
            if x < 0 { a = 2 * halfPi - a }
        }
        return y.sign == .minus ? -a : a
    }

    // MARK: Float, through Double

    @inlinable public static func sin(_ x: Float) -> Float { Float(sin(Double(x))) }
    @inlinable public static func cos(_ x: Float) -> Float { Float(cos(Double(x))) }
    @inlinable public static func tan(_ x: Float) -> Float { Float(tan(Double(x))) }
    @inlinable public static func atan2(_ y: Float, _ x: Float) -> Float { Float(atan2(Double(y), Double(x))) }
}
