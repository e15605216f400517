/// Eight pixels of a row at once: a rounded rectangle's signed distance with SIMD8 lanes across pixels, for the
/// distance field of moving Liquid Glass controls, whose continuous corners cost three `powf` calls a pixel.
///
/// Reference: `RoundedRect.signedDistance(_:)`, which stays the definition; a test compares the lanes with it
/// pixel by pixel. Straight sides and circular corners are the same arithmetic in the same order, so those lanes
/// are bit-identical; continuous corners use `DMath.pow` over sixteen lanes (the same bits as the scalar `DMath.pow`). The bits the
/// lanes give are pinned by `RoundedRect+LanesReference.swift` (the same arithmetic one pixel at a time).
///
/// Sixteen lanes for the corner: its distance is a chain of two powers, each a division and two polynomials,
/// every step waiting for the last; eight lanes (two SSE registers) left the processor idle on that chain (perf
/// annotate: the samples sat on the instructions after each dependent multiply). Two shapes at the same eight
/// pixels (the two parts of a merging pair, `signedDistance8(_:_:x:y:)`) go through one sixteen-lane corner,
/// four independent registers at every step.
extension RoundedRect {
    /// Where eight points of a row stand against the rectangle: the distance as if it had square corners
    /// (exact outside the corner quadrants), the offsets past the corner's reach box, and which lanes lie in a
    /// corner quadrant, where the corner curve decides.
    struct RowLanes {
        let straight: SIMD8<Float>, inner: SIMD8<Float>, ox: SIMD8<Float>, oy: SIMD8<Float>
        let corner: SIMDMask<SIMD8<Int32>>
    }

    @inline(__always)
    func rowLanes(x: SIMD8<Float>, y: Float) -> RowLanes {
        let half = rect.size / 2
        let e = reach
        let c = rect.center
        let dx = x - c.x, dy = SIMD8<Float>(repeating: y - c.y)
        let vx = lanesMax(dx, -dx) - half.x + e
        let vy = lanesMax(dy, -dy) - half.y + e
        let inner = lanesMin(lanesMax(vx, vy), SIMD8(repeating: 0))
        let ox = lanesMax(vx, SIMD8(repeating: 0)), oy = lanesMax(vy, SIMD8(repeating: 0))
        return RowLanes(straight: lanesMax(ox, oy) + inner - e, inner: inner, ox: ox, oy: oy,
                        corner: (ox .> 0) .& (oy .> 0))
    }

    /// The distance from `rowLanes`: the corner curve's where a lane is in a corner. `continuous` is the
    /// superellipse's distance when the caller computed it with another shape's; otherwise it is computed here.
    @inline(__always)
    func finish(_ g: RowLanes, continuous: SIMD8<Float>? = nil) -> SIMD8<Float> {
        if !any(g.corner) { return g.straight }
        let e = reach
        let round: SIMD8<Float>
        switch curve {
        case .circular:
            round = (g.ox * g.ox + g.oy * g.oy).squareRoot() + g.inner - e
        case .continuous:
            // Alone, the sixteen lanes hold these eight twice: the same time as eight (the chain's length), and
            // one corner function to keep.
            let s = continuous ?? Self.superellipseDistance16(SIMD16(lowHalf: g.ox, highHalf: g.ox),
                                                              SIMD16(lowHalf: g.oy, highHalf: g.oy),
                                                              reach: SIMD16(repeating: e), exponent: exponent).lowHalf
            round = s + g.inner
        }
        return g.straight.replacing(with: round, where: g.corner)
    }

    /// The signed distance at the eight points (x[i], y).
    public func signedDistance8(x: SIMD8<Float>, y: Float) -> SIMD8<Float> {
        finish(rowLanes(x: x, y: y))
    }

    /// `a.signedDistance8(x:y:)` and `b.signedDistance8(x:y:)`, with the same bits: where both shapes have
    /// continuous corners under these points, their corners share one sixteen-lane evaluation.
    public static func signedDistance8(_ a: RoundedRect, _ b: RoundedRect, x: SIMD8<Float>, y: Float)
        -> (SIMD8<Float>, SIMD8<Float>) {
        let ga = a.rowLanes(x: x, y: y), gb = b.rowLanes(x: x, y: y)
        guard a.curve == .continuous && b.curve == .continuous && a.exponent == b.exponent && any(ga.corner)
                && any(gb.corner) else {
            return (a.finish(ga), b.finish(gb))
        }
        let s = superellipseDistance16(SIMD16(lowHalf: ga.ox, highHalf: gb.ox), SIMD16(lowHalf: ga.oy, highHalf: gb.oy),
                                       reach: SIMD16(lowHalf: SIMD8(repeating: a.reach), highHalf: SIMD8(repeating: b.reach)),
                                       exponent: a.exponent)
        return (a.finish(ga, continuous: s.lowHalf), b.finish(gb, continuous: s.highHalf))
    }

    /// `signedDistance8(x:y:)` at two rows, `y0` and `y1`, with the same bits: a lone shape's two rows fill the
    /// sixteen-lane corner that one row alone fills with its eight lanes twice (DistanceField's cells that one
    /// part holds alone: the corner chain's length is the cost, so two rows cost about what one did).
    public func signedDistance8(x: SIMD8<Float>, rows y0: Float, _ y1: Float) -> (SIMD8<Float>, SIMD8<Float>) {
        let g0 = rowLanes(x: x, y: y0), g1 = rowLanes(x: x, y: y1)
        guard curve == .continuous && any(g0.corner) && any(g1.corner) else { return (finish(g0), finish(g1)) }
        let s = Self.superellipseDistance16(SIMD16(lowHalf: g0.ox, highHalf: g1.ox), SIMD16(lowHalf: g0.oy, highHalf: g1.oy),
                                            reach: SIMD16(repeating: reach), exponent: exponent)
        return (finish(g0, continuous: s.lowHalf), finish(g1, continuous: s.highHalf))
    }

    /// `superellipseDistance` over lanes; lanes that are not in a corner may hold anything (the caller masks them).
    ///
    /// In a corner lane (ox, oy > 0) one of the scaled offsets sx = ox / m, sy = oy / m is m / m = 1, and the
    /// arithmetic below takes that 1 as known instead of computing it. Written out in full
    /// (`superellipseDistanceReference`, which a test compares bit for bit): sx and sy by two divisions, both
    /// powers (the power of the smaller ratio gives both: DMath.pow(1, n) is exactly 1, DMathTests), and the gradient's
    /// components px / sx and py / sy by two more. Here: q = min(ox, oy) / m is the ratio that is not 1
    /// (or is 1 too, where ox = oy), the major axis's power is 1 and its gradient component 1 / 1 = 1, and the
    /// other component is power / q. Two of the eight divisions of a corner lane fewer, and no selects on
    /// `== 1`; every value that remains is the same IEEE operation on the same operands, so the same bits.
    private static func superellipseDistance16(_ ox: SIMD16<Float>, _ oy: SIMD16<Float>, reach e: SIMD16<Float>,
                                               exponent n: Float) -> SIMD16<Float> {
        let one = SIMD16<Float>(repeating: 1)
        // Where ox >= oy the reference's m is ox (its max takes ox unless ox < oy), so sx = 1 and sy = q.
        let xMajor = oy .<= ox
        let m = lanesMax(ox, oy)
        let q = lanesMin(ox, oy) / m
        let power = DMath.pow(q, n)
        let px = power.replacing(with: one, where: xMajor), py = one.replacing(with: power, where: xMajor)
        let sum = px + py, root = DMath.pow(sum, 1 / n)
        let norm = m * root
        // The minor axis's gradient component: 0 where its ratio is not positive, as in the reference.
        let g = (power / q).replacing(with: SIMD16(repeating: 0), where: q .<= 0)
        // gx * gx + gy * gy with one of them 1 x 1 = 1 (IEEE addition is commutative, so either order).
        let gn = (g * g + 1).squareRoot() * root / sum
        return (norm - e) / gn
    }
}

// `pointwiseMax`/`pointwiseMin` on SIMD8<Float> were left as calls in the release build (perf record); a select
// inlines to a compare and a blend.
@inline(__always) private func lanesMax(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    a.replacing(with: b, where: a .< b)
}
@inline(__always) private func lanesMin(_ a: SIMD8<Float>, _ b: SIMD8<Float>) -> SIMD8<Float> {
    a.replacing(with: b, where: b .< a)
}
@inline(__always) private func lanesMax(_ a: SIMD16<Float>, _ b: SIMD16<Float>) -> SIMD16<Float> {
    a.replacing(with: b, where: a .< b)
}
@inline(__always) private func lanesMin(_ a: SIMD16<Float>, _ b: SIMD16<Float>) -> SIMD16<Float> {
    a.replacing(with: b, where: b .< a)
}
