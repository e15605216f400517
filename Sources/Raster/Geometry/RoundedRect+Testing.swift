#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Test hooks of RoundedRect (no render path reads them; `LibmCallTests` lets `+Testing.swift` files call libm).
extension RoundedRect {
    /// The exact area enclosed (in square pixels), for tests: the rectangle less what the four corners cut off.
    var area: Double {
        let e = Double(reach)
        let cornerArea: Double
        switch curve {
        case .circular:
            cornerArea = e * e * (1 - Double.pi / 4)
        case .continuous:
            let n = Double(exponent)
            let quadrant = e * e * tgamma(1 + 1 / n) * tgamma(1 + 1 / n) / tgamma(1 + 2 / n)
            cornerArea = e * e - quadrant
        }
        return Double(rect.width) * Double(rect.height) - 4 * cornerArea
    }
}
