import Testing
import Raster
@testable import Glass

/// Invariants every tier keeps over any backdrop, as properties over random high-contrast planes (light and dark
/// backgrounds, opaque saturated dots of random colors and sizes, colored blocks, a step edge): glass bleeds the
/// plane's color, it never paints.
///
/// - No channel leaves 0...alpha (premultiplied, opaque frame).
/// - Where the surface covers nothing, the frame is the backdrop, bit for bit.
/// - Chroma (the part of a color off the luminance axis, (I - L) v with L the feColorMatrix's luminance row
///   (0.213, 0.715, 0.072) in every channel) is at most what `saturate(s)` makes of the most saturated backdrop
///   pixel within the blur's reach, through the fills' translucency, plus the fills' own chroma, plus the glow
///   halo's bound (translucency x `GlassDefaults.Halo.limit`): the feColorMatrix scales exactly this part by s,
///   a blur averages it, and source-over mixes it.
/// - Thicker materials show less of the backdrop: the mean distance from the material's overlay color falls
///   with thickness.
/// Seen failing: with the last release's halo (the field's chroma times 24, unbounded) the frosted tier breaks
/// the blend's bound on every seed and the halo's own bound fails.
@Suite struct GlassInvariantTests {
    struct Generator {
        var state: UInt64
        mutating func next() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
    }

    /// A 200 x 150 plane: a light or dark background, two colored blocks, a step edge, and opaque dots.
    static func backdrop(seed: UInt64, dark: Bool) -> (Framebuffer, Color) {
        var g = Generator(state: seed)
        let background = dark ? Color(0, 0, 0) : Color(242, 242, 247)
        var fb = Framebuffer(width: 200, height: 150, color: background)
        func color() -> Color { Color(red: g.next(), green: g.next(), blue: g.next()) }
        fb.fill(RoundedRect(Rect(x: 0, y: 0, width: 70, height: 150), radius: 0), color: color())
        fb.fill(RoundedRect(Rect(x: 130, y: 40, width: 70, height: 60), radius: 0), color: color())
        for _ in 0..<60 {
            let r = 1 + 6 * g.next()
            fb.fill(Circle(center: Point(200 * g.next(), 150 * g.next()), radius: r), color: color())
        }
        return (fb, background)
    }

    /// The luminance-orthogonal part of a premultiplied color, and its length.
    static func chroma(_ v: SIMD4<Float>) -> Float {
        let l = 0.213 * v.x + 0.715 * v.y + 0.072 * v.z
        let c = SIMD3(v.x - l, v.y - l, v.z - l)
        return (c * c).sum().squareRoot()
    }

    static let tiers: [Tier] = [.frosted, .web, .android, .androidLegacy, .opaque]

    @Test(arguments: [UInt64(1), 2, 3, 4], [false, true])
    func everyTierStaysWithinTheBlend(seed: UInt64, dark: Bool) {
        let (plane, background) = Self.backdrop(seed: seed, dark: dark)
        let appearance: Appearance = dark ? .dark : .light
        let shape = PanelShape(.rect, box: Rect(x: 30, y: 25, width: 140, height: 100), cornerRadius: 20)
        let halo = GlowHalo(plane: plane, scale: 1)
        var maxBackdropChroma: Float = 0
        for y in 0..<plane.height { for x in 0..<plane.width { maxBackdropChroma = max(maxBackdropChroma, Self.chroma(plane[x, y])) } }
        for tier in Self.tiers {
            for material in Material.allCases {
                var surface = GlassSurface(shape: shape, material: material, appearance: appearance, scale: 1, tier: tier)
                if tier == .frosted { surface.halo = halo }
                let frost = tier.effect(for: surface)
                var frame = plane
                frost.apply(surface, plane: plane, into: &frame, workers: Workers(2))
                let space = plane.space
                let fills = frost.fills.map { space.premultiply($0) }
                let through = frost.fills.reduce(Float(1)) { $0 * (1 - $1.alpha) }
                let fillChroma = fills.reduce(Float(0)) { $0 + Self.chroma($1) }
                let extra: Float = (frost.highlight != nil ? 0.25 : 0) + (frost.border != nil ? 1 : 0)
                let haloBound = surface.halo != nil ? through * GlassDefaults.Halo.limit : 0
                let bound = frost.saturation.amount * through * maxBackdropChroma + fillChroma + haloBound + 1e-4
                var worst: Float = 0
                for y in 0..<frame.height {
                    for x in 0..<frame.width {
                        let v = frame[x, y]
                        #expect(v.x >= 0 && v.y >= 0 && v.z >= 0 && v.x <= v.w + 1e-6 && v.y <= v.w + 1e-6 && v.z <= v.w + 1e-6,
                                "\(tier) \(material) overshoots at (\(x), \(y)): \(v)")
                        let d = shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5))
                        let cov = coverage(distance: d)
                        if cov <= 0 {
                            if v != plane[x, y] { Issue.record("\(tier) \(material) wrote (\(x), \(y)), outside the shape") }
                        } else if cov >= 1, d < -2, extra == 0 || d < -3 {
                            // Inside, away from the border (whose separator color has chroma of its own).
                            worst = max(worst, Self.chroma(v) - bound)
                        }
                    }
                }
                #expect(worst <= 0, "\(tier) \(material) seed \(seed) dark \(dark): chroma beyond the blend's bound by \(worst)")
                if tier == .opaque || tier == .web { break }   // one look whatever the material
            }
        }
    }

    /// The frosted tier over a vivid plane: the mean distance of the panel's interior from the overlay color
    /// falls as the material thickens (ultraThin ... thick), light and dark, with and without the halo.
    @Test(arguments: [UInt64(5), 6], [false, true])
    func thickerMaterialsShowLessOfTheBackdrop(seed: UInt64, dark: Bool) {
        let (plane, background) = Self.backdrop(seed: seed, dark: dark)
        let shape = PanelShape(.rect, box: Rect(x: 30, y: 25, width: 140, height: 100), cornerRadius: 20)
        let halo = GlowHalo(plane: plane, scale: 1)
        for withHalo in [false, true] {
            var last = Float.infinity
            for material in Material.allCases {
                var surface = GlassSurface(shape: shape, material: material, appearance: dark ? .dark : .light, scale: 1, tier: .frosted)
                if withHalo { surface.halo = halo }
                let frost = Frost.frosted(surface)
                var frame = plane
                frost.apply(surface, plane: plane, into: &frame, workers: .single)
                let overlay = plane.space.premultiply(frost.fills[0].withAlpha(1))
                var sum: Float = 0, n: Float = 0
                for y in 40..<110 { for x in 45..<155 {
                    let d = frame[x, y] - overlay
                    sum += (d * d).sum().squareRoot(); n += 1
                } }
                let mean = sum / n
                #expect(mean < last, "\(material) (halo \(withHalo)) shows more of the backdrop than the thinner one: \(mean) >= \(last)")
                last = mean
            }
        }
    }

    /// The halo's own bound, at every pixel of random planes: its light is at most translucency x `limit`, and at
    /// most translucency x the chroma of the most saturated pixel of the plane (measured here along the plane's
    /// neutral axis, as the halo measures it); an empty plane and a plane of one solid color give none.
    @Test(arguments: [UInt64(7), 8, 9], [false, true])
    func theHaloNeverPaints(seed: UInt64, dark: Bool) {
        let (plane, background) = Self.backdrop(seed: seed, dark: dark)
        let ink = dark ? Color(255, 255, 255) : Color(0, 0, 0)
        let halo = GlowHalo(plane: plane, scale: 1)
        let b = plane.space.premultiply(background)
        var axis = plane.space.premultiply(ink) - b
        axis.w = 0
        let mean = (axis.x + axis.y + axis.z) / 3
        var peak: Float = 0
        for y in 0..<plane.height { for x in 0..<plane.width {
            var d = plane[x, y] - b
            d.w = 0
            let e = d - axis * ((d.x + d.y + d.z) / 3 / mean)
            peak = max(peak, (e * e).sum().squareRoot())
        } }
        let t: Float = 0.7
        var largest: Float = 0
        for y in 0..<plane.height { for x in 0..<plane.width {
            let l = halo.light(at: Point(Float(x) + 0.5, Float(y) + 0.5), translucency: t)
            largest = max(largest, (l * l).sum().squareRoot())
        } }
        #expect(largest <= t * min(GlassDefaults.Halo.limit, peak) + 1e-6, "halo \(largest) against \(t) x min(limit, \(peak))")
        #expect(largest > 0, "a colored plane lights the glass at all")
        let solid = Framebuffer(width: 200, height: 150, color: Color(255, 45, 85))
        let none = GlowHalo(plane: solid, scale: 1)
        let l = none.light(at: Point(100, 75), translucency: 1)
        #expect((l * l).sum() < 1e-12, "a solid color is already all the color there is: \(l)")
    }
}
