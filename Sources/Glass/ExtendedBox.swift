#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One extended box filter: weight 1 on offsets -r...r and `alpha` (0...1) on -(r+1) and r+1, normalized.
///
/// Follows P. Gwosdek, S. Grewenig, A. Bruhn, J. Weickert, "Theoretical Foundations of Gaussian Convolution by
/// Extended Box Filtering", SSVM 2011, LNCS 6667, pp. 447-458. A plain box of radius r has variance r(r+1)/3,
/// which only takes discrete values; the fractional end weights make the variance continuous, so a cascade of
/// `d` extended boxes, each of variance sigma^2 / d, has exactly the variance sigma^2 of the Gaussian it
/// approximates (by the central limit theorem its shape tends to the Gaussian as d grows). Each pass costs the
/// same per pixel for any radius: a running sum adds one sample and drops one.
public struct ExtendedBox: Sendable, Hashable {
    /// Integer radius of the unit-weight part, >= 0.
    public let radius: Int
    /// Weight of the two end taps, 0...1.
    public let alpha: Double

    /// The extended box of variance `variance` (in pixels squared, >= 0).
    public init(variance v: Double) {
        precondition(v >= 0 && v.isFinite, "box variance must be finite and >= 0")
        // Largest r whose plain box variance r(r+1)/3 does not exceed v.
        var r = Int(((12 * v + 1).squareRoot() - 1) / 2)
        while r > 0 && Double(r * (r + 1)) / 3 > v { r -= 1 }
        while Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
        let rd = Double(r)
        // Solve [r(r+1)(2r+1)/3 + 2 alpha (r+1)^2] / (2r+1+2 alpha) = v for alpha.
        let a = (2 * rd + 1) * (v - rd * (rd + 1) / 3) / (2 * ((rd + 1) * (rd + 1) - v))
        radius = r
        alpha = min(max(a, 0), 1)
    }

    /// Half-width of the filter's support: how far one pass reads on each side.
    public var reach: Int { radius + 1 }

    /// 1 / (sum of the weights).
    public var norm: Double { 1 / (2 * Double(radius) + 1 + 2 * alpha) }

    /// The variance the filter actually has (for tests).
    public var variance: Double {
        let r = Double(radius)
        return (r * (r + 1) * (2 * r + 1) / 3 + 2 * alpha * (r + 1) * (r + 1)) * norm
    }

    /// The normalized weights for offsets -reach...reach.
    public var weights: [Double] {
        var w = [Double](repeating: norm, count: 2 * reach + 1)
        w[0] = alpha * norm
        w[w.count - 1] = alpha * norm
        return w
    }
}
