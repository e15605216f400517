// The perceptual color distance of pixelmatch (mapbox/pixelmatch, MIT), after Y. Kotsarenko and F. Ramos,
// "Measuring perceived color difference using YIQ NTSC transmission color space in mobile applications" (2010).
//
// Glossary: components are 8-bit sRGB-encoded values as stored in the PNG (0...255), straight alpha. A pixel
// that is not opaque is first blended over white (pixelmatch 5's rule, which the Python port also follows).
// The distance is a weighted sum of squared differences of luma Y and chroma I, Q:
//
//     delta = 0.5053 dY^2 + 0.299 dI^2 + 0.1957 dQ^2        (0 ... 35215)
//
// 35215 is the largest value the weights can reach on 8-bit colors, so a threshold t in 0...1 accepts a pixel
// when delta <= 35215 t^2: t = 0 flags every changed pixel, t = 1 none, and black against white
// (delta = 32857.1) is flagged below t = 0.9659; the largest pair, red against cyan, reaches 35214.7.
//
// All arithmetic is in Double, term by term in the order written, with no fused multiply-add (Swift does not
// contract a * b + c unless asked), so the numbers are the same on every machine.

/// The YIQ color-distance formulas, as free functions on Double components (0...255).
public enum YIQ {
    /// The largest possible `delta` between two 8-bit colors; thresholds are fractions of its square root.
    public static let maxDelta = 35215.0

    @inline(__always) public static func y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    @inline(__always) public static func i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    @inline(__always) public static func q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// A component of a translucent pixel blended over white; `a` in 0...1.
    @inline(__always) public static func blend(_ c: Double, _ a: Double) -> Double {
        255 + (c - 255) * a
    }

    /// The components of an RGBA pixel as pixelmatch sees them: blended over white unless opaque.
    @inline(__always)
    public static func components(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> (Double, Double, Double) {
        if a == 255 { return (Double(r), Double(g), Double(b)) }
        let alpha = Double(a) / 255
        return (blend(Double(r), alpha), blend(Double(g), alpha), blend(Double(b), alpha))
    }

    /// The squared perceptual distance of two RGBA pixels, 0 ... 35215 (0 when the bytes are equal).
    @inline(__always)
    public static func delta(_ p: (UInt8, UInt8, UInt8, UInt8), _ q2: (UInt8, UInt8, UInt8, UInt8)) -> Double {
        if p == q2 { return 0 }
        let (r1, g1, b1) = components(p.0, p.1, p.2, p.3)
        let (r2, g2, b2) = components(q2.0, q2.1, q2.2, q2.3)
        let dy = y(r1, g1, b1) - y(r2, g2, b2)
        let di = i(r1, g1, b1) - i(r2, g2, b2)
        let dq = q(r1, g1, b1) - q(r2, g2, b2)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// The luma difference of two RGBA pixels (first minus second), 0 when the bytes are equal.
    @inline(__always)
    public static func brightnessDelta(_ p: (UInt8, UInt8, UInt8, UInt8), _ q2: (UInt8, UInt8, UInt8, UInt8)) -> Double {
        if p == q2 { return 0 }
        let (r1, g1, b1) = components(p.0, p.1, p.2, p.3)
        let (r2, g2, b2) = components(q2.0, q2.1, q2.2, q2.3)
        return y(r1, g1, b1) - y(r2, g2, b2)
    }

    /// The threshold (0...1) at which a squared distance stops counting: sqrt(delta / 35215).
    public static func threshold(ofDelta delta: Double) -> Double { (delta / maxDelta).squareRoot() }

    /// The grey of the diff image's background: the luma of a pixel faded towards white by `alpha` (0.1 in
    /// pixelmatch), times the pixel's own alpha.
    @inline(__always)
    public static func fadedGray(_ p: (UInt8, UInt8, UInt8, UInt8), alpha: Double) -> UInt8 {
        let v = blend(y(Double(p.0), Double(p.1), Double(p.2)), alpha * Double(p.3) / 255)
        return UInt8(max(0, min(255, v)))
    }
}
