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
        let r = v.rounded(rule)
        if r.isNaN { self = 0 }
        else if r >= F(Int.checkedLimit) { self = Int.checkedLimit }
        else if r <= -F(Int.checkedLimit) { self = -Int.checkedLimit }
        else { self = Int(r) }
    }
}
