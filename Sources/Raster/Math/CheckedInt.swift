/// The one conversion from a floating-point value derived from user input (a scene, a command line, a PNG) to
/// an `Int`. Swift's `Int(_:)` traps on NaN, infinity and anything past ±2^63; a scene value such as 1e19
/// passes every "positive" check and then traps there. Decoding bounds every field (docs/limits.md), so
/// in-range values convert exactly as `Int(v.rounded(rule))` would; this conversion is the net under those
/// bounds: it saturates at ±2^52 (NaN becomes 0), small enough that adding, subtracting or multiplying
/// the result by a canvas size still cannot overflow.
extension Int {
    /// The magnitude a checked conversion saturates at (2^52, where doubles stop holding every integer).
    public static let checkedLimit = 1 << 52

    /// `v` rounded by `rule` and clamped to ±`checkedLimit`; NaN is 0.
    @inlinable
    public init<F: BinaryFloatingPoint>(checked v: F, _ rule: FloatingPointRoundingRule = .towardZero) {
        self = Self.clamping(v.rounded(rule)) { Int($0) }
    }

    /// The same for `Float`, which every pixel loop calls: in the generic body `Int(r)` is the standard library's
    /// generic conversion (`FixedWidthInteger._convert(from:)`, bit by bit), which the release build left as a
    /// call even where `F` is known; here it is the one instruction. With the generic one, the conversion and
    /// `_convert` were 1.2% of a showcase render's samples (`perf record`, the plane's sprites).
    @inlinable @inline(__always)
    public init(checked v: Float, _ rule: FloatingPointRoundingRule = .towardZero) {
        self = Self.clamping(v.rounded(rule)) { Int($0) }
    }

    /// The same for `Double` (see the `Float` one).
    @inlinable @inline(__always)
    public init(checked v: Double, _ rule: FloatingPointRoundingRule = .towardZero) {
        self = Self.clamping(v.rounded(rule)) { Int($0) }
    }

    /// An integral `r` clamped to ±`checkedLimit` (NaN is 0), converted by `convert` within the limit.
    @inlinable @inline(__always)
    static func clamping<F: BinaryFloatingPoint>(_ r: F, _ convert: (F) -> Int) -> Int {
        if r.isNaN { return 0 }
        if r >= F(Int.checkedLimit) { return Int.checkedLimit }
        if r <= -F(Int.checkedLimit) { return -Int.checkedLimit }
        return convert(r)
    }
}
