import Raster

extension LiquidGlass {
    /// The color side of the parts' materials at one pixel, mixed by the smooth union's weights (parts of weight
    /// 0 are skipped, so a lone member's pixels are exactly its own material's), and what it does to the light
    /// seen through the glass. Float, per pixel; the fast kernel and its reference share it (the lanes change
    /// the lens and the light, not this).
    struct Mix {
        var filter = SIMD4<Float>(0, 0, 0, 0), glow = SIMD4<Float>(0, 0, 0, 0)
        var gain: Float = 0, saturation: Float = 0, offset: Float = 0, clear: Float = 0

        init() {}

        /// A lone part at full weight: its own material, the values the mix gives (0 + 1 x v = v).
        init(_ c: PartConstants) {
            (filter, glow, gain, saturation, offset, clear) = (c.filter, c.glow, c.gain, c.saturation, c.offset, c.translucency)
        }

        @inline(__always)
        mutating func add(_ c: PartConstants, weight a: Float) {
            filter += a * c.filter
            glow += a * c.glow
            gain += a * c.gain
            saturation += a * c.saturation
            offset += a * c.offset
            clear += a * c.translucency
        }

        /// What the lens shows (`seen`, opaque) through the material: the veil (saturated about its Rec. 709
        /// luma, times the gain, plus the offset, within 0...1), filtered and glowing with the tint, lit by the
        /// halo's `halo` light, the specular light `spec` added as light (screen), then mirrored at the edge
        /// (`reflection`: the share of the grey it mirrors). Opaque.
        @inline(__always)
        func light(_ seen: SIMD4<Float>, halo: SIMD4<Float>?, reflection: (share: Float, grey: Float), spec: Float)
            -> SIMD4<Float> {
            var seen = veiled(seen)
            // Colored glass filters the light through it (multiply by the tint at its strength), so the tint
            // follows the backdrop: vivid over bright, dark over dark; then it glows a little (screen) like an
            // LED behind frosted plastic, so it never vanishes on black.
            seen = seen * filter
            if glow != .zero { seen = 1 - (1 - seen) * (1 - glow) }
            if let halo { seen = GlowHalo.add(halo, to: seen) }
            seen = seen + (1 - seen) * SIMD4(spec, spec, spec, 0)
            let (r, g) = reflection
            seen = seen + r * (SIMD4(g, g, g, 1) - seen)
            seen.w = 1
            return seen
        }

        /// The veil alone, channel by channel in the order `MixLanes.veil` takes: the same bits.
        @inline(__always)
        func veiled(_ seen: SIMD4<Float>) -> SIMD4<Float> {
            @inline(__always) func channel(_ c: Float, luma: Float) -> Float {
                var v = luma + saturation * (c - luma)
                v = v < 0 ? 0 : v
                v = v > 1 ? 1 : v
                v = v * gain + offset
                return v > 1 ? 1 : v
            }
            let luma = 0.213 * seen.x + 0.715 * seen.y + 0.072 * seen.z
            return SIMD4(channel(seen.x, luma: luma), channel(seen.y, luma: luma), channel(seen.z, luma: luma), 1)
        }
    }
}
