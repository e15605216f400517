/// Eight pixels' red, green and blue as planes of eight lanes (structure of arrays): what the Liquid Glass
/// kernel's color lanes work on. Alpha is not carried: the glass is opaque, and the one place its running alpha
/// matters (the halo's headroom) is a function of the material alone (`alpha` in `LiquidGlass.MixLanes.light`).
struct ColorPlanes {
    var r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>

    /// Eight pixels, lane l from `p.l`: one transpose (shuffles in registers; writing lanes one at a time into
    /// memory and reading the vector back stalls store forwarding, see `partWeights` in LiquidGlass+Lanes.swift).
    @inline(__always)
    init(_ p0: SIMD4<Float>, _ p1: SIMD4<Float>, _ p2: SIMD4<Float>, _ p3: SIMD4<Float>,
         _ p4: SIMD4<Float>, _ p5: SIMD4<Float>, _ p6: SIMD4<Float>, _ p7: SIMD4<Float>) {
        r = SIMD8(p0.x, p1.x, p2.x, p3.x, p4.x, p5.x, p6.x, p7.x)
        g = SIMD8(p0.y, p1.y, p2.y, p3.y, p4.y, p5.y, p6.y, p7.y)
        b = SIMD8(p0.z, p1.z, p2.z, p3.z, p4.z, p5.z, p6.z, p7.z)
    }

    @inline(__always)
    init(r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>) { (self.r, self.g, self.b) = (r, g, b) }

    /// Lane l as an opaque pixel.
    @inline(__always)
    subscript(lane l: Int) -> SIMD4<Float> { SIMD4(r[l], g[l], b[l], 1) }
}
