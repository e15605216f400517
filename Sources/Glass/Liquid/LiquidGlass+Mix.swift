import Raster

extension LiquidGlass {
    /// The color side of the parts' materials at one pixel, mixed by the smooth union's weights (parts of weight
    /// 0 are skipped, so a lone member's pixels are exactly its own material's), and what it does to the light
    /// seen through the glass. Float, per pixel; the fast kernel and its reference share it (the lanes change
    /// the lens and the light, not this).
    struct Mix {
        var wash = SIMD4<Float>(0, 0, 0, 0), filter = SIMD4<Float>(0, 0, 0, 0), glow = SIMD4<Float>(0, 0, 0, 0)
        var dimming: Float = 0, shade: Float = 0, clear: Float = 0

        init() {}

        /// A lone part at full weight: its own material, the values the mix gives (0 + 1 x v = v).
        init(_ c: PartConstants) {
            (wash, filter, glow, dimming, shade, clear) = (c.wash, c.filter, c.glow, c.dimming, c.shade, c.translucency)
        }

        @inline(__always)
        mutating func add(_ c: PartConstants, weight a: Float) {
            wash += a * c.wash
            filter += a * c.filter
            glow += a * c.glow
            dimming += a * c.dimming
            shade += a * c.shade
            clear += a * c.translucency
        }

        /// What the lens shows (`seen`, opaque) through the material: dimmed and washed (source-over), filtered
        /// and glowing with the tint, lit by the halo's `halo` light, the body shaded, then the specular light
        /// `spec` added as light (screen). Opaque.
        @inline(__always)
        func light(_ seen: SIMD4<Float>, halo: SIMD4<Float>?, spec: Float) -> SIMD4<Float> {
            var seen = seen
            seen.w = 1
            if dimming > 0 { seen = SIMD4(seen.x * (1 - dimming), seen.y * (1 - dimming), seen.z * (1 - dimming), 1) }
            // Source-over written out (`sourceOver`'s arithmetic, the same values): Raster's function stayed a
            // call in the kernel's loop across the module boundary (`objdump -d` of the release build).
            seen = wash + seen * (1 - wash.w)
            // Colored glass filters the light through it (multiply by the tint at its strength), so the tint
            // follows the backdrop: vivid over bright, dark over dark; then it glows a little (screen) like an
            // LED behind frosted plastic, so it never vanishes on black.
            seen = seen * filter
            if glow != .zero { seen = 1 - (1 - seen) * (1 - glow) }
            if let halo { seen = GlowHalo.add(halo, to: seen) }
            // Light styling: the body deepens a little so the highlights have something to lift.
            if shade > 0 { seen = SIMD4(seen.x * (1 - shade), seen.y * (1 - shade), seen.z * (1 - shade), 1) }
            seen = seen + (1 - seen) * SIMD4(spec, spec, spec, 0)
            seen.w = 1
            return seen
        }
    }
}
