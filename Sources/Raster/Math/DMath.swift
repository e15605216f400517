/// Deterministic elementary functions: every transcendental a render path needs, in Swift, from +, -, *, / and
/// `squareRoot()` only.
///
/// Why: IEEE 754 fixes the result of those five operations bit for bit on every machine; it fixes nothing for
/// `pow`, `exp`, `sin` and the rest, whose last bits differ between glibc releases (newer ones swap float functions
/// for the correctly rounded CORE-MATH ones), between glibc and macOS's libm, and between libm builds. A one-ulp
/// shift of libm's results changes many scenes (the `LibmPerturbationTests` suite renders every scene under
/// such a shift and demands the same bytes). With these functions a frame's bytes depend only on
/// IEEE arithmetic, which Swift never contracts into fused multiply-adds (docs/regression.md, "Floating point").
///
/// Families (one a file): `DMath+Exponential.swift` (exp, log, log2 in Double; pow in Float, scalar and lanes;
/// exp in Float lanes), `DMath+Trigonometric.swift` (sin, cos, tan, atan, atan2 in Double, and in Float through
/// Double). Accuracy against glibc over each function's used domain, measured by `DMathTests` (which asserts the
/// bounds): docs/performance.md, "Deterministic elementary functions".
///
/// No code outside `Sources/Raster/Math/` in a render module calls libm's transcendentals: `LibmCallTests` scans
/// the sources and fails on any call.
public enum DMath {
    /// 2^k for k in -1022...1023, from the exponent bits.
    @inlinable @inline(__always)
    static func powerOfTwo(_ k: Int) -> Double {
        Double(bitPattern: UInt64(truncatingIfNeeded: k + 1023) << 52)
    }

    /// p * 2^k for k in -2044...2046, in at most two exact-or-IEEE-rounded multiplications.
    @inlinable @inline(__always)
    static func scaled(_ p: Double, _ k: Int) -> Double {
        if k > 1023 { return p * powerOfTwo(1023) * powerOfTwo(k - 1023) }
        if k < -1022 { return p * powerOfTwo(-1022) * powerOfTwo(max(k + 1022, -1022)) }
        return p * powerOfTwo(k)
    }

    /// The nearest integer to x (ties to even) as a Double and an Int, |x| < 2^51: adding 1.5 * 2^52 leaves the
    /// integer in the low mantissa bits (IEEE addition; no libm `rint` call on x86_64 without SSE4.1).
    @inlinable @inline(__always)
    static func nearest(_ x: Double) -> (value: Double, integer: Int) {
        let magic = 6_755_399_441_055_744.0  // 1.5 * 2^52
        let biased = x + magic
        return (biased - magic, Int(Int64(bitPattern: biased.bitPattern) &- Int64(bitPattern: magic.bitPattern)))
    }
}
