/// The eight-lane rounded rectangle's arithmetic (`RoundedRect+Lanes.swift`) one pixel at a time, written
/// plainly: the bits the lanes must give. Every lane of `signedDistance8` and `DMath.pow` is a chain of IEEE single
/// operations, which give the same bits on a scalar as in a vector register, so a test compares the two bit for
/// bit: any rewrite of the lanes for speed (fewer divisions, a wider batch) must keep these bits, and with them
/// every frame's. The accuracy of this arithmetic is tested separately, against `signedDistance(_:)`, and DMath's against libm.
extension RoundedRect {
    /// `signedDistance8(x:y:)` at the one point (x, y).
    func signedDistanceLanesReference(x: Float, y: Float) -> Float {
        let half = rect.size / 2
        let e = reach
        let c = rect.center
        let dx = x - c.x, dy = y - c.y
        let vx = larger(dx, -dx) - half.x + e
        let vy = larger(dy, -dy) - half.y + e
        let inner = smaller(larger(vx, vy), 0)
        let ox = larger(vx, 0), oy = larger(vy, 0)
        let straight = larger(ox, oy) + inner - e
        guard ox > 0 && oy > 0 else { return straight }
        switch curve {
        case .circular:
            return (ox * ox + oy * oy).squareRoot() + inner - e
        case .continuous:
            return Self.superellipseDistanceReference(ox, oy, reach: e, exponent: exponent) + inner
        }
    }

    /// The first-order superellipse distance as the lanes first computed it: both ratios and both gradient
    /// components by division, the power of a ratio of 1 taken as 1.
    static func superellipseDistanceReference(_ ox: Float, _ oy: Float, reach e: Float, exponent n: Float) -> Float {
        let m = larger(ox, oy)
        let sx = ox / m, sy = oy / m
        let power = ContinuousCorner.powLanesReference(smaller(sx, sy), n)
        let px = sx == 1 ? 1 : power, py = sy == 1 ? 1 : power
        let sum = px + py, root = ContinuousCorner.powLanesReference(sum, 1 / n)
        let norm = m * root
        let gx = sx <= 0 ? 0 : px / sx
        let gy = sy <= 0 ? 0 : py / sy
        let gn = (gx * gx + gy * gy).squareRoot() * root / sum
        return (norm - e) / gn
    }
}

extension ContinuousCorner {
    /// `DMath.pow` on one lane: log2 by the exponent bits and the atanh series, exp2 by rounding and the Taylor
    /// series, with the coefficients computed from their definition; for x >= 0.
    static func powLanesReference(_ x: Float, _ n: Float) -> Float {
        let bits = x.bitPattern
        var k = Int32(truncatingIfNeeded: bits >> 23) - 127
        var m = Float(bitPattern: (bits & 0x007F_FFFF) | 0x3F80_0000)
        if m > Float(2).squareRoot() { m = m * 0.5; k += 1 }
        let t = (m - 1) / (m + 1), t2 = t * t
        // (2 / ln 2) (t + t^3/3 + ... + t^9/9), Horner in t^2 from the highest term.
        let c1: Float = 2 / DMath.floatLn2
        var sum = c1 / 9
        for j in [7, 5, 3, 1] { sum = c1 / Float(j) + t2 * sum }
        let log2x = Float(k) + t * sum
        let y0 = log2x * n
        let y = y0 < -126 ? -126 : y0
        let r = (y + 12_582_912) - 12_582_912  // nearest integer, ties to even, as LaneIntegers.rounded
        let f = y - r
        var p = DMath.exp2Coefficient(7)
        for j in stride(from: 6, through: 0, by: -1) { p = DMath.exp2Coefficient(j) + f * p }
        let result = p * Float(sign: .plus, exponent: Int(r), significand: 1)
        return x < Float.leastNormalMagnitude ? 0 : result
    }
}

// The lanes' selects, one lane at a time: max(a, b) is b where a < b; min(a, b) is b where b < a.
private func larger(_ a: Float, _ b: Float) -> Float { a < b ? b : a }
private func smaller(_ a: Float, _ b: Float) -> Float { b < a ? b : a }
