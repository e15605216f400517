import Testing
import Raster
@testable import Glass

/// The Liquid Glass kernel's color lanes against the per-pixel code they replace, bit for bit (the lanes only
/// re-arrange which pixels an instruction works on, never the operations or their order): `Window.sample8`
/// against `Window.sample`, and `LiquidGlass.MixLanes` (mix and light) against `LiquidGlass.Mix`, on random
/// values that reach every branch (points outside the window and on its last row and column, weights of 0, 1
/// and between, tinted and clear parts, dimming, shade, the halo's headroom).
@Suite struct ColorLaneTests {
    /// A small deterministic generator (the same numbers on every run).
    struct Numbers {
        var state: UInt32
        mutating func next() -> Float {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24)
        }
    }

    static func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> { SIMD4(v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern) }

    @Test(arguments: [(13, 9), (1, 5), (6, 1), (2, 2)])
    func samplesMatchTheScalarSample(width: Int, height: Int) {
        var plane = Framebuffer(width: width + 9, height: height + 7)
        var n = Numbers(state: 99)
        for y in 0..<plane.height { for x in 0..<plane.width { plane[x, y] = SIMD4(n.next(), n.next(), n.next(), 1) } }
        let win = Window(plane, columns: 4..<(4 + width), rows: 3..<(3 + height))
        var differing = 0, points = 0
        win.pixels.withUnsafeBufferPointer { px in
            for round in 0..<400 {
                var xs = SIMD8<Float>(repeating: 0), ys = SIMD8<Float>(repeating: 0)
                for l in 0..<8 {
                    // Pixel centers (flat glass), points between them, and points beyond every edge.
                    xs[l] = round % 3 == 0 ? Float(Int(n.next() * Float(width + 8))) + 0.5 : n.next() * Float(width + 14) - 2
                    ys[l] = round % 3 == 0 ? Float(Int(n.next() * Float(height + 6))) + 0.5 : n.next() * Float(height + 12) - 2
                }
                let lanes = Window.sample8(px, win.x0, win.y0, win.width, win.height, stride: win.width, x: xs, y: ys)
                for l in 0..<8 {
                    let one = Window.sample(px, win.x0, win.y0, win.width, win.height, stride: win.width, Point(xs[l], ys[l]))
                    let lane = SIMD4(lanes.r[l], lanes.g[l], lanes.b[l], one.w)
                    if Self.bits(lane) != Self.bits(one) { differing += 1 }
                    points += 1
                }
            }
            // NaN (which `sample` would trap on) stays inside the window.
            _ = Window.sample8(px, win.x0, win.y0, win.width, win.height, stride: win.width, x: SIMD8(repeating: .nan), y: SIMD8(repeating: .nan))
        }
        #expect(differing == 0, "\(width) x \(height) window: \(differing) of \(points) samples differ")
    }

    static func parts() -> [LiquidGlass.PartConstants] {
        let lens = Lens(thickness: 12, bezel: 18)
        let clear = LiquidMaterial(lens: lens, veil: GlassDefaults.Liquid.veil(.clear, light: true))
        let tinted = LiquidMaterial(lens: lens, veil: GlassDefaults.Liquid.veil(.regular, light: false),
                                    tint: Color(red: 0, green: 0.48, blue: 1, alpha: 0.5))
        let pink = LiquidMaterial(lens: lens, veil: GlassDefaults.Liquid.veil(.regular, light: true),
                                  tint: Color(red: 1, green: 0.2, blue: 0.6, alpha: 0.3))
        var tables: [SIMD4<Double>] = []
        return [clear, tinted, pink].map {
            LiquidGlass.PartConstants($0, box: Rect(x: 0, y: 0, width: 50, height: 40), space: .srgb, tables: &tables)
        }
    }

    /// Weights as the smooth union gives them at a pixel: one part alone at 1, or a neck between two.
    @Test(arguments: [1, 2, 3])
    func mixAndLightMatchThePixelMix(partCount: Int) {
        let parts = Array(Self.parts().prefix(partCount))
        var n = Numbers(state: UInt32(7 + partCount))
        var differing = 0, pixels = 0
        for round in 0..<3000 {
            // Weights per lane: a lone part at full weight, or a neck between two parts (0 for the rest).
            var weights = [SIMD8<Float>](repeating: .zero, count: partCount)
            for l in 0..<8 {
                let first = Int(n.next() * Float(partCount)), share = round % 4 == 0 ? 1 : n.next()
                weights[first][l] = share
                if partCount > 1 { weights[(first + 1) % partCount][l] += 1 - share }
            }
            var mix = LiquidGlass.MixLanes()
            for (i, c) in parts.enumerated() { mix.add(c, weight: weights[i]) }
            let lone = partCount == 1 && round % 4 == 0 ? LiquidGlass.MixLanes(parts[0]) : nil
            var seen = LiquidGlass.ColorPlanesForTests.random(&n)
            // Bright pixels under a strong halo reach the headroom's branch.
            if round % 5 == 0 { seen = ColorPlanes(r: seen.r * 0.1 + 0.9, g: seen.g, b: seen.b * 0.1 + 0.9) }
            let halo: ColorPlanes? = round % 2 == 0 ? nil : LiquidGlass.ColorPlanesForTests.random(&n, scale: 0.2, offset: -0.1)
            var spec = SIMD8<Float>(repeating: 0)
            for l in 0..<8 { spec[l] = round % 3 == 0 ? 0 : n.next() }
            var share = SIMD8<Float>(repeating: 0), grey = SIMD8<Float>(repeating: 0)
            for l in 0..<8 where round % 2 == 1 { (share[l], grey[l]) = (n.next() * 0.6, 0.25 + 0.35 * n.next()) }
            let lanes = (lone ?? mix).light(seen, halo: halo, reflection: (share, grey), spec: spec)
            for l in 0..<8 {
                // The per-pixel path as the kernel took it before the lanes.
                var one = LiquidGlass.Mix()
                if partCount == 1, weights[0][l] == 1 {
                    one = LiquidGlass.Mix(parts[0])
                } else {
                    for i in 0..<partCount where weights[i][l] > 0 { one.add(parts[i], weight: weights[i][l]) }
                }
                let light = halo.map { h in SIMD4(h.r[l], h.g[l], h.b[l], 0) * one.clear }
                let pixel = one.light(SIMD4(seen.r[l], seen.g[l], seen.b[l], 1), halo: light, reflection: (share[l], grey[l]),
                                      spec: spec[l])
                if Self.bits(lanes[lane: l]) != Self.bits(pixel) { differing += 1 }
                pixels += 1
            }
        }
        #expect(differing == 0, "\(partCount) parts: \(differing) of \(pixels) pixels differ")
    }
}

extension LiquidGlass {
    enum ColorPlanesForTests {
        static func random(_ n: inout ColorLaneTests.Numbers, scale: Float = 1, offset: Float = 0) -> ColorPlanes {
            var p = ColorPlanes(r: .zero, g: .zero, b: .zero)
            for l in 0..<8 {
                p.r[l] = n.next() * scale + offset
                p.g[l] = n.next() * scale + offset
                p.b[l] = n.next() * scale + offset
            }
            return p
        }
    }
}
