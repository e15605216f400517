

/// Integer lanes through the bits of a Float: adding 1.5 x 2^23 to a Float below 2^22 in magnitude rounds it to
/// the nearest integer (ties to even) and leaves that integer in the low mantissa bits, so rounding, Int32 <->
/// Float and 2^i each take one or two instructions. The generic SIMD conversions (`SIMD8<Int32>(_:)`,
/// `SIMD8<Float>(_:rounding:)`) stayed unspecialized calls in the release build and cost more than the
/// polynomials around them (docs/performance.md, Liquid Glass third pass). Used by the continuous corner's
/// `pow16`, the band's `exp8` and the Liquid Glass kernel's table lanes.
public enum LaneIntegers {
    @usableFromInline static let magic: Float = 12_582_912  // 1.5 * 2^23
    /// `magic`'s bits in every lane. Computed, not a `static let`: a stored SIMD constant is initialized lazily,
    /// so every use went through its accessor and a `swift_once` check (two calls in each eight-lane pow, perf annotate);
    /// computed and inlinable, it folds to a constant in the caller.
    @inlinable static var magicBits: SIMD8<Int32> {
        @inline(__always) get { SIMD8(repeating: 0x4B40_0000) }
    }

    /// `x` rounded to the nearest integer (ties to even), as Float lanes and as Int32 lanes; |x| < 2^22.
    @inlinable @inline(__always)
    public static func rounded(_ x: SIMD8<Float>) -> (value: SIMD8<Float>, integer: SIMD8<Int32>) {
        let biased = x + magic
        return (biased - magic, unsafeBitCast(biased, to: SIMD8<Int32>.self) &- magicBits)
    }

    /// The Float lanes of integer lanes; |i| < 2^22.
    @inlinable @inline(__always)
    public static func float(_ i: SIMD8<Int32>) -> SIMD8<Float> {
        unsafeBitCast(i &+ magicBits, to: SIMD8<Float>.self) - magic
    }

    /// 2^i, built in the exponent bits; i in -126...127.
    @inlinable @inline(__always)
    public static func powerOfTwo(_ i: SIMD8<Int32>) -> SIMD8<Float> {
        unsafeBitCast((i &+ 127) &<< 23, to: SIMD8<Float>.self)
    }

    // Sixteen lanes (the continuous corner's `pow16`): the same operations.
    @inlinable static var magicBits16: SIMD16<Int32> {
        @inline(__always) get { SIMD16(repeating: 0x4B40_0000) }
    }

    @inlinable @inline(__always)
    public static func rounded(_ x: SIMD16<Float>) -> (value: SIMD16<Float>, integer: SIMD16<Int32>) {
        let biased = x + magic
        return (biased - magic, unsafeBitCast(biased, to: SIMD16<Int32>.self) &- magicBits16)
    }

    @inlinable @inline(__always)
    public static func float(_ i: SIMD16<Int32>) -> SIMD16<Float> {
        unsafeBitCast(i &+ magicBits16, to: SIMD16<Float>.self) - magic
    }

    @inlinable @inline(__always)
    public static func powerOfTwo(_ i: SIMD16<Int32>) -> SIMD16<Float> {
        unsafeBitCast((i &+ 127) &<< 23, to: SIMD16<Float>.self)
    }
}

/// `any` and `all` of an eight-lane mask, read as four 64-bit words: the standard library's `any(_:)` and
/// `all(_:)` on `SIMDMask<SIMD8<Int32>>` stayed calls in the release build (a lane minimum, `SIMD.min()`,
/// 0.76% of a showcase render's samples from the Liquid Glass kernel's `MixLanes.light` alone, perf).
/// A true lane is all ones and a false one all zeros (the mask's definition), so the words' OR is nonzero when
/// any lane is true, and their AND is all ones when every lane is.
public enum LaneMasks {
    @inlinable @inline(__always)
    static func words(_ m: SIMDMask<SIMD8<Int32>>) -> SIMD4<UInt64> {
        unsafeBitCast(SIMD8<Int32>(repeating: 0).replacing(with: -1, where: m), to: SIMD4<UInt64>.self)
    }

    /// Whether any lane of `m` is true.
    @inlinable @inline(__always)
    public static func any(_ m: SIMDMask<SIMD8<Int32>>) -> Bool {
        let w = words(m)
        return (w.x | w.y) | (w.z | w.w) != 0
    }

    /// Whether every lane of `m` is true.
    @inlinable @inline(__always)
    public static func all(_ m: SIMDMask<SIMD8<Int32>>) -> Bool {
        let w = words(m)
        return (w.x & w.y) & (w.z & w.w) == ~0
    }
}
