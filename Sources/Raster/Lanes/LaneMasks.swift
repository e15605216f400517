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
