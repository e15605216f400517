import Raster

extension LiquidGlass {
    /// `Mix` over eight pixels of a row, one plane of lanes per value, and `Mix.light` over `ColorPlanes`: the
    /// same operations per lane in the same order, so each lane's color is the per-pixel `Mix`'s bit for bit
    /// (`ColorLaneTests`). Branches of `Mix.light` on the material (the glow) become selects per lane, skipped
    /// when no lane takes them.
    ///
    /// Why lanes: the color was one pixel at a time in SIMD4 (13.6% of a showcase render's CPU, the kernel's
    /// largest part, `perf record`), with the material built per pixel and its branches taken per pixel; the
    /// halo's headroom needs the largest of red, green and blue, a shuffle per pixel in SIMD4 and two lane
    /// maxima per eight pixels here.
    struct MixLanes {
        var filterR: SIMD8<Float>, filterG: SIMD8<Float>, filterB: SIMD8<Float>, filterA: SIMD8<Float>
        var glowR: SIMD8<Float>, glowG: SIMD8<Float>, glowB: SIMD8<Float>
        var gain: SIMD8<Float>, saturation: SIMD8<Float>, offset: SIMD8<Float>, clear: SIMD8<Float>

        /// Nothing mixed yet (`Mix()`): every value 0.
        init() {
            let z = SIMD8<Float>(repeating: 0)
            (filterR, filterG, filterB, filterA, glowR, glowG, glowB) = (z, z, z, z, z, z, z)
            (gain, saturation, offset, clear) = (z, z, z, z)
        }

        /// A lone part at full weight in every lane (`Mix(_:)`).
        init(_ c: PartConstants) {
            func s(_ v: Float) -> SIMD8<Float> { SIMD8(repeating: v) }
            (filterR, filterG, filterB, filterA) = (s(c.filter.x), s(c.filter.y), s(c.filter.z), s(c.filter.w))
            (glowR, glowG, glowB) = (s(c.glow.x), s(c.glow.y), s(c.glow.z))
            (gain, saturation, offset, clear) = (s(c.gain), s(c.saturation), s(c.offset), s(c.translucency))
        }

        /// `Mix.add` in each lane whose weight is above 0; the others are left as they are, as `Mix`'s callers
        /// skip weights of 0 (here they add 0 times the value, +0 or -0, to a sum that is never -0: no change).
        @inline(__always)
        mutating func add(_ c: PartConstants, weight: SIMD8<Float>) {
            let a = SIMD8<Float>(repeating: 0).replacing(with: weight, where: weight .> 0)
            filterR += a * c.filter.x; filterG += a * c.filter.y; filterB += a * c.filter.z; filterA += a * c.filter.w
            glowR += a * c.glow.x; glowG += a * c.glow.y; glowB += a * c.glow.z
            gain += a * c.gain; saturation += a * c.saturation; offset += a * c.offset; clear += a * c.translucency
        }

        /// `Mix.light` in every lane: `seen` through the material, with the halo's light `halo` (nil: no
        /// halo) scaled by the translucency as `Mix.light`'s caller scales it, the edge's mirror and the
        /// specular light `spec` added. Opaque.
        @inline(__always)
        func light(_ seen: ColorPlanes, halo: ColorPlanes?, reflection: (share: SIMD8<Float>, grey: SIMD8<Float>),
                   spec: SIMD8<Float>) -> ColorPlanes {
            Self.finish(body(seen, halo: halo), reflection: reflection, spec: spec)
        }

        /// `Mix.veiled` in every lane.
        @inline(__always)
        func veil(_ seen: ColorPlanes) -> ColorPlanes {
            let luma = 0.213 * seen.r + 0.715 * seen.g + 0.072 * seen.b
            let zero = SIMD8<Float>(repeating: 0), one = SIMD8<Float>(repeating: 1)
            @inline(__always) func channel(_ c: SIMD8<Float>) -> SIMD8<Float> {
                var v = luma + saturation * (c - luma)
                v = v.replacing(with: zero, where: v .< 0)
                v = v.replacing(with: one, where: v .> 1)
                v = v * gain + offset
                return v.replacing(with: one, where: v .> 1)
            }
            return ColorPlanes(r: channel(seen.r), g: channel(seen.g), b: channel(seen.b))
        }

        /// `light` but the edge's mirror and the specular light: what the glass shows before it is lit. It does
        /// not depend on the tilt.
        @inline(__always)
        func body(_ seen: ColorPlanes, halo: ColorPlanes?) -> ColorPlanes {
            var (r, g, b) = { (v: ColorPlanes) in (v.r, v.g, v.b) }(veil(seen))
            var alpha = SIMD8<Float>(repeating: 1)
            r *= filterR; g *= filterG; b *= filterB
            alpha *= filterA
            // `glow != .zero`: its alpha is always 0, so any of red, green or blue.
            let glowing = (glowR .!= 0) .| (glowG .!= 0) .| (glowB .!= 0)
            if LaneMasks.any(glowing) {
                r = r.replacing(with: 1 - (1 - r) * (1 - glowR), where: glowing)
                g = g.replacing(with: 1 - (1 - g) * (1 - glowG), where: glowing)
                b = b.replacing(with: 1 - (1 - b) * (1 - glowB), where: glowing)
                alpha = alpha.replacing(with: 1 - (1 - alpha), where: glowing)
            }
            if let halo {
                // `GlowHalo.add` of the halo's light: lowered together where a channel would pass the alpha.
                r += halo.r * clear; g += halo.g * clear; b += halo.b * clear
                let top = Self.max(Self.max(r, g), b) - alpha
                let over = Self.max(SIMD8(repeating: 0), top)
                r = Self.max(r - over, SIMD8(repeating: 0))
                g = Self.max(g - over, SIMD8(repeating: 0))
                b = Self.max(b - over, SIMD8(repeating: 0))
            }
            return ColorPlanes(r: r, g: g, b: b)
        }

        /// The specular light `spec` added as white light (screen) and then the edge's mirror (each channel moved
        /// toward the grey by the share: the band lies on the glass, the mirror is its surface): the last steps of
        /// `light`, which a kept drawing's relight runs.
        @inline(__always)
        static func finish(_ body: ColorPlanes, reflection: (share: SIMD8<Float>, grey: SIMD8<Float>),
                           spec: SIMD8<Float>) -> ColorPlanes {
            let (k, grey) = reflection
            let r = body.r + (1 - body.r) * spec, g = body.g + (1 - body.g) * spec, b = body.b + (1 - body.b) * spec
            return ColorPlanes(r: r + k * (grey - r), g: g + k * (grey - g), b: b + k * (grey - b))
        }

        /// Swift's `max(x, y)` (`y >= x ? y : x`) in every lane, written `x > y ? x : y`: the same for every
        /// number but NaN, and the form the processor's maximum instruction computes.
        @inline(__always)
        static func max(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> { y.replacing(with: x, where: x .> y) }
    }
}

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
