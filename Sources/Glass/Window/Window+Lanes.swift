import Raster

extension Window {
    /// `sample` at eight points at once: the clamps, the floor and the bilinear weights in Float lanes, then per
    /// lane the four loads and the same blend as `sample`, in the same order, so every lane's value is
    /// `sample`'s bit for bit (`ColorLaneTests`). Lanes never mix: lane l reads only around point l.
    ///
    /// The floor goes through `LaneIntegers` (|coordinate| < 2^22: a window is at most the canvas, whose sides
    /// the scene limits keep below 400,000 pixels). The clamps are written as selects that give `sample`'s
    /// `max`/`min` for every number and a coordinate inside the window for NaN (where `sample` would trap), so
    /// no lane can read outside `px`.
    @inline(__always)
    static func sample8(_ px: UnsafeBufferPointer<SIMD4<Float>>, _ x0: Int, _ y0: Int, _ width: Int, _ height: Int,
                        stride: Int, x: SIMD8<Float>, y: SIMD8<Float>) -> ColorPlanes {
        let (ix, x1, tx) = axis8(x, origin: x0, count: width)
        let (iy, y1, ty) = axis8(y, origin: y0, count: height)
        let ux = 1 - tx, uy = 1 - ty
        // The four pixels' indices in Int32 lanes (a window holds fewer than 2^31 pixels: the canvas limit is
        // 64 megapixels), without the overflow checks of Int arithmetic per lane.
        let w = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: stride))
        let row0 = iy &* w, row1 = y1 &* w
        let ia = row0 &+ ix, ib = row0 &+ x1, ic = row1 &+ ix, id = row1 &+ x1
        let p = px.baseAddress!
        @inline(__always) func lane(_ l: Int) -> SIMD4<Float> {
            assert(Int(id[l]) < px.count && ia[l] >= 0)
            let a = p[Int(ia[l])], b = p[Int(ib[l])], c = p[Int(ic[l])], d = p[Int(id[l])]
            let (u, t, v, s) = (ux[l], tx[l], uy[l], ty[l])
            return (a * u + b * t) * v + (c * u + d * t) * s
        }
        return ColorPlanes(lane(0), lane(1), lane(2), lane(3), lane(4), lane(5), lane(6), lane(7))
    }

    /// One axis of `sample` over lanes: the clamped coordinate's cell `i0`, its neighbour `i1` and the weight
    /// of `i1`, as `sample` computes them (`fx`, `ix`, `x1`, `tx`).
    @inline(__always)
    static func axis8(_ v: SIMD8<Float>, origin: Int, count: Int) -> (i0: SIMD8<Int32>, i1: SIMD8<Int32>, t: SIMD8<Float>) {
        let zero = SIMD8<Float>(repeating: 0), last = SIMD8<Float>(repeating: Float(count - 1))
        let lastCell = SIMD8<Float>(repeating: Float(count - 2 < 0 ? 0 : count - 2))
        let f0 = v - 0.5 - Float(origin)
        // max(f0, 0), then min(that, count - 1): Swift's `max(a, b)` is `b >= a ? b : a`, the same as
        // `a > b ? a : b` for every number; NaN gives 0 here.
        var f = zero.replacing(with: f0, where: f0 .> zero)
        f = last.replacing(with: f, where: f .< last)
        // Int(f) for f >= 0 is the floor: the nearest integer, one less where that is above f.
        let near = LaneIntegers.rounded(f).value
        var i = near.replacing(with: near - 1, where: near .> f)
        i = lastCell.replacing(with: i, where: i .< lastCell)
        let t = f - i
        var j = i + 1
        j = last.replacing(with: j, where: j .< last)
        return (LaneIntegers.rounded(i).integer, LaneIntegers.rounded(j).integer, t)
    }
}
