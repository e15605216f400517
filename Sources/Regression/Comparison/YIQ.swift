// The perceptual color distance of pixelmatch 7.2 (mapbox/pixelmatch v7.2.0, ISC), after Y. Kotsarenko and
// F. Ramos, "Measuring perceived color difference using YIQ NTSC transmission color space in mobile
// applications" (2010).
//
// Glossary: components are 8-bit sRGB-encoded values as stored in the PNG (0...255), straight alpha. The
// distance is a weighted sum of squares of the differences of luma Y and chroma I, Q, each taken from the
// per-channel difference of the two pixels (dr, dg, db):
//
//     delta = 0.5053 dY^2 + 0.299 dI^2 + 0.1957 dQ^2        (0 ... 35215)
//
// A pair with a pixel that is not opaque is compared as both pixels blended over a background (pixelmatch
// 7's `checkerboard`, its default): dr = (r1 a1 - r2 a2 - rb (a1 - a2)) / 255, with rb, gb, bb each 48 or 207
// by the pixel's byte offset k = 4 * index (`background`). Over white (pixelmatch 5's rule) opaque white and
// fully transparent pixels are equal; over this pattern they never are (delta 7,516.9 at least: a threshold of
// 0.462), so a reference with a transparent background fails against a white one.
//
// 35215 is the largest value the weights can reach on 8-bit colors, so a threshold t in 0...1 accepts a pixel
// when delta <= 35215 t^2: t = 1 accepts every pair, and black against white (delta = 32857.1) is flagged
// below t = 0.9659; the largest pair, red against cyan, reaches 35214.7. (Threshold 0 is `Comparison`'s: any
// changed byte counts, also where the blended colours agree.)
//
// All arithmetic is in Double, term by term in pixelmatch's order, with no fused multiply-add (Swift does not
// contract a * b + c unless asked), so the numbers are pixelmatch's and the same on every machine.

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

    /// pixelmatch 7.2's background under translucent pixels at byte offset `k` (4 x the pixel's index): per
    /// channel dark (48) or light (207) by the parity of k, k / phi and k / phi^2 truncated (JavaScript's `| 0`,
    /// a 32-bit wrap). k is a multiple of 4, so red is always 48: the pattern is pixelmatch's, oddities included.
    @inline(__always)
    public static func background(_ k: Int) -> (Double, Double, Double) {
        @inline(__always) func level(_ n: Int) -> Double { 48 + 159 * Double(n % 2) }
        @inline(__always) func int32(_ v: Double) -> Int { Int(Int32(truncatingIfNeeded: Int64(v))) }
        return (level(k), level(int32(Double(k) / 1.618033988749895)), level(int32(Double(k) / 2.618033988749895)))
    }

    /// The per-channel differences pixelmatch 7.2 measures, first minus second: of the bytes when both pixels
    /// are opaque, else of both blended over `background(k)`.
    @inline(__always)
    static func differences(_ p: (UInt8, UInt8, UInt8, UInt8), _ q2: (UInt8, UInt8, UInt8, UInt8),
                            at k: Int) -> (Double, Double, Double) {
        guard p.3 < 255 || q2.3 < 255 else {
            return (Double(Int(p.0) - Int(q2.0)), Double(Int(p.1) - Int(q2.1)), Double(Int(p.2) - Int(q2.2)))
        }
        let (rb, gb, bb) = background(k)
        let a1 = Double(p.3), a2 = Double(q2.3), da = a1 - a2
        return ((Double(p.0) * a1 - Double(q2.0) * a2 - rb * da) / 255,
                (Double(p.1) * a1 - Double(q2.1) * a2 - gb * da) / 255,
                (Double(p.2) * a1 - Double(q2.2) * a2 - bb * da) / 255)
    }

    /// The squared perceptual distance of two RGBA pixels at byte offset `k`, 0 ... 35215 (0 when the bytes
    /// are equal): pixelmatch 7.2's `colorDelta`, without its sign.
    @inline(__always)
    public static func delta(_ p: (UInt8, UInt8, UInt8, UInt8), _ q2: (UInt8, UInt8, UInt8, UInt8), at k: Int) -> Double {
        if p == q2 { return 0 }
        let (dr, dg, db) = differences(p, q2, at: k)
        let dy = y(dr, dg, db), di = i(dr, dg, db), dq = q(dr, dg, db)
        return 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    }

    /// The luma difference of two RGBA pixels (first minus second), blended over the background at `k` (the
    /// first pixel's byte offset) when either is translucent; 0 when the bytes are equal: pixelmatch 7.2's
    /// `brightnessDelta`, which its anti-aliasing detector runs.
    @inline(__always)
    public static func brightnessDelta(_ p: (UInt8, UInt8, UInt8, UInt8), _ q2: (UInt8, UInt8, UInt8, UInt8), at k: Int) -> Double {
        if p == q2 { return 0 }
        let (dr, dg, db) = differences(p, q2, at: k)
        return y(dr, dg, db)
    }

    /// The threshold (0...1) at which a squared distance stops counting: sqrt(delta / 35215).
    public static func threshold(ofDelta delta: Double) -> Double { (delta / maxDelta).squareRoot() }

    /// The grey of the diff image's background: the luma of a pixel faded towards white by `alpha` (0.1 in
    /// pixelmatch), times the pixel's own alpha (pixelmatch's `drawGrayPixel`).
    @inline(__always)
    public static func fadedGray(_ p: (UInt8, UInt8, UInt8, UInt8), alpha: Double) -> UInt8 {
        let v = 255 + (y(Double(p.0), Double(p.1), Double(p.2)) - 255) * (alpha * Double(p.3) / 255)
        return UInt8(max(0, min(255, v)))
    }
}
