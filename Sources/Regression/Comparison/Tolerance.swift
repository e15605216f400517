import Foundation

/// How many different pixels a comparison may have and still pass.
///
/// `.pixels(n)`: at most n pixels (the default is 0: any pixel above the threshold fails).
/// `.ratio(r)`: at most the fraction r (0...1) of all pixels of the image, masked ones included.
public enum Tolerance: Sendable, Hashable, CustomStringConvertible {
    case pixels(Int)
    case ratio(Double)

    public static let exact = Tolerance.pixels(0)

    public func accepts(_ r: ComparisonOutcome) -> Bool {
        switch self {
        case .pixels(let n): r.differentPixels <= n
        case .ratio(let q): r.differentRatio <= q
        }
    }

    public var description: String {
        switch self {
        case .pixels(let n): "at most \(n) different pixel\(n == 1 ? "" : "s")"
        case .ratio(let q): "at most \(Self.percent(q)) of the pixels"
        }
    }

    /// A ratio as a percentage with enough digits to show small counts.
    public static func percent(_ q: Double) -> String {
        if q == 0 { return "0%" }
        let p = q * 100
        if p >= 1 { return String(format: "%.2f%%", p) }
        if p >= 0.01 { return String(format: "%.3f%%", p) }
        return String(format: "%.5f%%", p)
    }
}
