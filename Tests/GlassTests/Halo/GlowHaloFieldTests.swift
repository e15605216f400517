import Testing
import Raster
@testable import Glass

@Suite struct GlowHaloFieldTests {
    /// White: its gray is itself, so a departure's chroma is the color's own (the neutral is gray).
    let background = Color(255, 255, 255)

    /// An empty plane (its own background, bluish systemGroupedBackground here) gives no light anywhere, to 1e-4
    /// (1/40 of an 8-bit level; the cell sums and the blur round in the last bits; and the peak chroma bound
    /// makes it exactly 0): a uniform tint is what the glass already shows, nothing to lift.
    @Test func anEmptyPlaneGivesNoHalo() {
        let plane = Framebuffer(width: 200, height: 160, color: Color(242, 242, 247))
        let halo = GlowHalo(plane: plane, scale: 2)
        for (x, y) in [(0, 0), (100, 80), (199, 159), (37, 121)] {
            let l = halo.light(at: Point(Float(x) + 0.5, Float(y) + 0.5), translucency: 1)
            #expect((l * l).max() < 1e-8, "\(l)")
        }
    }

    /// Far inside a large area of sparse pink pixels (one in 16; several blur sigmas from its edge) the field is
    /// a sixteenth of the pink's chroma c, its most saturated 2 x 2 block a quarter, and the light is, computed
    /// here directly from the documented curve: translucency x (1 - 1/4) x min(limit x g|c|/16 / (limit +
    /// g|c|/16), |c|/4), in the hue of c. Tolerance 1e-4:
    /// the Gaussian's tail beyond 7 sigma and float sums. Toward the edge it falls off smoothly; and deep inside
    /// a solid pink area, where the field already carries the pink's whole chroma, there is nothing to lift.
    @Test func deepInsideAColoredAreaTheLightIsTheLiftedChroma() {
        let (w, h) = (1200, 400)
        var plane = Framebuffer(width: w, height: h, color: background)
        var solid = plane
        let pink = Color(255, 45, 85)
        for y in 0..<h { for x in 600..<w {
            solid[x, y] = plane.space.premultiply(pink)
            if x % 4 == 0 && y % 4 == 0 { plane[x, y] = plane.space.premultiply(pink) }
        } }
        let (limit, gain): (Float, Float) = (0.05, 2)
        let halo = GlowHalo(plane: plane, scale: 1, cellPoints: 8, sigmaPoints: 24,
                            gain: gain, limit: limit)
        let p = plane.space.premultiply(pink), b = plane.space.premultiply(background)
        // The pink's chroma: its departure from the white background less its gray (the channels' mean).
        let d = p - b, k = (d.x + d.y + d.z) / 3
        let c = SIMD4(d.x - k, d.y - k, d.z - k, 0)
        // The most saturated 2 x 2 block holds one pink pixel: a quarter of its chroma.
        let m = (c * c).sum().squareRoot() / 4, size = m / 4, x = gain * size
        let strength = min(limit * x / (limit + x), m) * (1 - size / m)
        #expect(x > limit / 2 && x < 4 * limit, "the case is near the curve's knee: \(x) against \(limit)")
        let expected = c / 16 * (strength / size * 0.5)
        let got = halo.light(at: Point(1100, 200), translucency: 0.5)
        #expect(((got - expected) * (got - expected)).max() < 1e-8, "\(got) vs \(expected)")
        // Far on the empty side: none; across the edge the red excess rises monotonically.
        #expect(((halo.light(at: Point(100, 200), translucency: 0.5)) * (halo.light(at: Point(100, 200), translucency: 0.5))).max() < 1e-8)
        let reds = stride(from: Float(400), through: 800, by: 8).map { halo.light(at: Point($0, 200), translucency: 1).x }
        let falls = zip(reds.dropFirst(), reds).map { $1 - $0 }.max()!
        #expect(falls < 1e-4, "the red excess falls by \(falls) somewhere across the edge")
        #expect(reds.last! - reds.first! > 0.9 * expected.x * 2)
        let full = GlowHalo(plane: solid, scale: 1, gain: gain, limit: limit)
        let none = full.light(at: Point(1100, 200), translucency: 1)
        #expect((none * none).max() < 1e-10, "a solid color gets no halo: \(none)")
    }

    /// Untinted dots (black ink at any alpha over a white background) are gray: no halo.
    @Test func untintedDotsGiveNoHalo() {
        var plane = Framebuffer(width: 200, height: 160, color: background)
        for y in stride(from: 4, to: 160, by: 12) { for x in stride(from: 4, to: 200, by: 12) { plane[x, y] = sourceOver(plane[x, y], SIMD4(0, 0, 0, 0.3)) } }
        let halo = GlowHalo(plane: plane, scale: 1)
        for (x, y) in [(100, 80), (10, 10), (150, 30)] {
            let l = halo.light(at: Point(Float(x), Float(y)), translucency: 1)
            #expect((l * l).max() < 1e-10, "\(l)")
        }
    }

    /// Computed only for some regions (as GlassLayer asks for the glass on the frame), the halo equals the whole
    /// plane's bit for bit at every pixel of every region, including regions at the plane's edges, where the
    /// blur reads mirrored cells. The plane is colored dots scattered by a fixed generator over a plane whose
    /// sides are not multiples of the cell; the blur's sigma of 3 cells reads 16 cells around each region.
    @Test func aRegionReadsTheWholePlanesValues() {
        let (w, h) = (481, 403)
        var plane = Framebuffer(width: w, height: h, color: background)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let colors = [Color(255, 45, 85), Color(52, 199, 89), Color(0, 122, 255)]
        for _ in 0..<2400 {
            let c = plane.space.premultiply(colors[next(3)].withAlpha(0.4 + Float(next(60)) / 100))
            let (x, y) = (next(w - 2), next(h - 2))
            for dy in 0..<2 { for dx in 0..<2 { plane[x + dx, y + dy] = sourceOver(plane[x + dx, y + dy], c) } }
        }
        let ink = Color(0, 0, 0)
        let whole = GlowHalo(plane: plane, scale: 1)
        // One region in the middle, far enough from the others (more than the blur's reach) that no other
        // region's cells stand in for the ones it needs, and three at the edges and corners.
        let regions = [PixelRect(x: 200, y: 170, width: 60, height: 40), PixelRect(x: 10, y: 10, width: 100, height: 30),
                       PixelRect(x: 0, y: 380, width: 41, height: 23), PixelRect(x: 470, y: 0, width: 11, height: 7)]
        let part = GlowHalo(plane: plane, scale: 1, reading: regions)
        var compared = 0
        for r in regions {
            #expect(part.isExact(over: r))
            for y in r.rows {
                for x in r.columns {
                    let p = Point(Float(x) + 0.5, Float(y) + 0.5)
                    let a = part.light(at: p, translucency: 0.7), b = whole.light(at: p, translucency: 0.7)
                    if a != b { Issue.record("pixel (\(x), \(y)) of \(r): \(a) with the region, \(b) over the whole plane"); return }
                    compared += 1
                }
            }
        }
        #expect(compared == 60 * 40 + 100 * 30 + 41 * 23 + 11 * 7)
        // Something differs where no region asked (the halo is 0 there), so the comparison above is not vacuous.
        #expect(!part.isExact(over: PixelRect(x: 300, y: 300, width: 10, height: 10)))
        #expect(part.light(at: Point(305, 305), translucency: 1) != whole.light(at: Point(305, 305), translucency: 1))
    }

    /// Adding keeps the hue: pink light on white lowers green and blue instead of being clipped away.
    @Test func addingKeepsTheHueOnWhite() {
        let v = GlowHalo.add(SIMD4(0.02, -0.01, -0.01, 0), to: SIMD4(1, 1, 1, 1))
        #expect(abs(v.x - 1) < 1e-6 && abs(v.y - 0.97) < 1e-6 && abs(v.z - 0.97) < 1e-6 && v.w == 1)
    }
}
