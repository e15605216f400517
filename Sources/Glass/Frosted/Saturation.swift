/// The CSS `saturate()` filter: the feColorMatrix `type="saturate"` matrix of the Filter Effects Module
/// Level 1 (section 9.6 and 13.x, "saturate"):
///
///     | 0.213+0.787s  0.715-0.715s  0.072-0.072s |
///     | 0.213-0.213s  0.715+0.285s  0.072-0.072s |
///     | 0.213-0.213s  0.715-0.715s  0.072+0.928s |
///
/// Units and range: `amount` s >= 0; 1 is the identity, 0 is grayscale (Rec. 709 luma weights), above 1
/// over-saturates. Contract: applied to premultiplied pixels (the matrix has no offset column, so this equals
/// premultiplying the saturated straight color), in the framebuffer's blend space (sRGB-encoded by default,
/// which is what browsers do for the `saturate()` shorthand), then clamped to 0...alpha as feColorMatrix
/// clamps its result to 0...1. Alpha is unchanged.
public struct Saturation: Sendable {
    public let amount: Float
    /// Column j holds the matrix's coefficients for input channel j (r, g, b); w is 0.
    @usableFromInline let columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    public static let identity = Saturation(1)

    public init(_ amount: Float) {
        precondition(amount >= 0 && amount.isFinite, "saturation must be finite and >= 0, got \(amount)")
        self.amount = amount
        let m = Saturation.matrix(Double(amount))
        columns = (SIMD4(Float(m[0][0]), Float(m[1][0]), Float(m[2][0]), 0),
                   SIMD4(Float(m[0][1]), Float(m[1][1]), Float(m[2][1]), 0),
                   SIMD4(Float(m[0][2]), Float(m[1][2]), Float(m[2][2]), 0))
    }

    /// The 3x3 matrix (rows are output channels), in Double.
    public static func matrix(_ s: Double) -> [[Double]] {
        [[0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
         [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
         [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]]
    }

    public var isIdentity: Bool { amount == 1 }

    @inlinable @inline(__always)
    public func apply(_ p: SIMD4<Float>) -> SIMD4<Float> {
        if isIdentity { return p }
        let v = columns.0 * p.x + columns.1 * p.y + columns.2 * p.z
        // Clamped lane by lane, as `replacing(with:where:)` clamps (below 0 to 0, then above alpha to alpha): its
        // masks went through general registers (movmskps, cmov, pinsrw; perf annotate of the web twin), and
        // `clamped(lowerBound:upperBound:)` called non-inlined pointwiseMin and pointwiseMax (6% of a web-tier
        // frame). The same bits as the masks for any input, NaN and signed zeros too (SaturationTests).
        @inline(__always) func clamp(_ x: Float) -> Float {
            let y = x < 0 ? 0 : x
            return y > p.w ? p.w : y
        }
        return SIMD4(clamp(v.x), clamp(v.y), clamp(v.z), p.w)
    }

    /// `apply` to each of `count` pixels in place: the same products, sums (left to right) and clamps, channel by
    /// channel over the pixels' floats, so the loop vectorizer can take four pixels at once with maxps and minps
    /// for the clamps. Why: `apply` a pixel at a time compiled to scalar products and a compare and branch for
    /// each clamp (perf annotate of the web twin's interior run: the hottest loop of Frost).
    @inline(__always)
    func apply(_ pixels: UnsafeMutablePointer<SIMD4<Float>>, count: Int) {
        if isIdentity { return }
        let (c0, c1, c2) = columns
        pixels.withMemoryRebound(to: Float.self, capacity: 4 * count) { f in
            for k in 0..<count {
                let q = f + 4 &* k
                let r = q[0], g = q[1], b = q[2], a = q[3]
                @inline(__always) func clamp(_ x: Float) -> Float {
                    let y = x < 0 ? 0 : x
                    return y > a ? a : y
                }
                q[0] = clamp(c0.x * r + c1.x * g + c2.x * b)
                q[1] = clamp(c0.y * r + c1.y * g + c2.y * b)
                q[2] = clamp(c0.z * r + c1.z * g + c2.z * b)
            }
        }
    }
}

