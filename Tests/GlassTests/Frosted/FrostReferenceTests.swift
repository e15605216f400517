import Testing
import Raster
@testable import Glass

/// `Frost.apply` (a row's covered interior drawn without the shape's distance) against `applyReference` (the
/// distance, coverage, border and highlight at every pixel): the same bits, for every tier's Frost, every outline
/// and corner curve, panels at fractional positions, clipped by the plane's edge, with and without the halo,
/// light and dark. Seen failing: with the run's depth at the border's width alone (no half pixel for the
/// border's anti-aliased inner edge) 12 to 357 pixels differ on every tier and outline.
@Suite struct FrostReferenceTests {
    static func plane() -> Framebuffer {
        var fb = Framebuffer(width: 320, height: 240, color: Color(242, 242, 247))
        for j in 0..<12 { for i in 0..<16 {
            let c = Color(red: Float(i) / 15, green: Float(j) / 11, blue: Float((i + j) % 5) / 4)
            fb.fill(Circle(center: Point(Float(i * 21) + 4, Float(j * 21) + 6), radius: 6), color: c)
        } }
        return fb
    }

    static let shapes: [PanelShape] = [
        PanelShape(.rect, box: Rect(x: 20.3, y: 30.7, width: 200.5, height: 120.2), cornerRadius: 24, curve: .continuous),
        PanelShape(.rect, box: Rect(x: 40, y: 20, width: 150, height: 90), cornerRadius: 24, curve: .circular),
        PanelShape(.rect, box: Rect(x: 10.5, y: 100.25, width: 300, height: 64), cornerRadius: 32, curve: .continuous),
        PanelShape(.rect, box: Rect(x: -30, y: 180, width: 200, height: 100), cornerRadius: 12, curve: .circular),
        PanelShape(.circle, box: Rect(x: 200.4, y: 40.6, width: 90, height: 90), cornerRadius: 45),
        PanelShape(.rect, box: Rect(x: 250, y: 150, width: 8, height: 40), cornerRadius: 4, curve: .continuous),
    ]

    /// The pixels where `apply` (two workers) and `applyReference` (one) draw `surface` differently over `plane`.
    static func differences(_ frost: Frost, _ surface: GlassSurface, plane: Framebuffer) -> Int {
        var fast = plane, slow = plane
        frost.apply(surface, plane: plane, into: &fast, workers: Workers(2))
        frost.applyReference(surface, plane: plane, into: &slow, workers: .single)
        var differing = 0
        for y in 0..<plane.height { for x in 0..<plane.width where fast[x, y] != slow[x, y] { differing += 1 } }
        return differing
    }

    @Test(arguments: [Tier.frosted, .web, .android, .androidLegacy, .opaque], [false, true])
    func theFastLoopIsTheReference(tier: Tier, dark: Bool) {
        let plane = Self.plane()
        let halo = GlowHalo(plane: plane, scale: 1)
        for shape in Self.shapes {
            for withHalo in [false, true] {
                var surface = GlassSurface(shape: shape, material: .ultraThin, tint: Color(red: 0, green: 0.5, blue: 1, alpha: 0.3),
                                           appearance: dark ? .dark : .light, scale: 1, tier: tier)
                if withHalo { surface.halo = halo }
                let differing = Self.differences(tier.effect(for: surface), surface, plane: plane)
                #expect(differing == 0, "\(tier) \(shape.outline) \(shape.box) halo \(withHalo): \(differing) pixels differ")
            }
        }
    }

    /// The interior run's row passes (`Frost.InteriorRun`: reconstruction, saturate, fills, halo, highlight) against
    /// the reference over strong colours: hard-edged saturated squares on white and on black (every blurred sample
    /// differs from its neighbours, and saturate(1.4) drives channels past 0 and past alpha, so its clamps act),
    /// light and dark panels, untinted and strongly tinted, lit by the halo and not, at scale 1 and 3 (the web
    /// tier's blur at factor 4 and 16; highlight and border on every web panel). Seen failing: the run's lerp
    /// written `left * (1 - s) + right * s` (the same value but for rounding) differed in 11,000-14,000 pixels of
    /// the first panel on the frosted, web and Android tiers (and failed `theFastLoopIsTheReference` too); the
    /// halo's column axes read from the region's first column instead of the run's failed every lit case.
    @Test(arguments: [Tier.frosted, .web, .android, .opaque])
    func theRowPassesAreTheReferenceOnStrongColours(tier: Tier) {
        var rng = FrostClipTests.Random(state: 26)
        let tints: [Color?] = [nil, Color(red: 1, green: 0, blue: 0.5, alpha: 0.35), Color(red: 0, green: 0.9, blue: 0.2, alpha: 0.8)]
        for (n, shape) in FrostClipTests.shapes.enumerated() {
            let plane = FrostClipTests.plane(&rng)
            let white = plane[0, 0].x > 0.5 || plane[299, 259].x > 0.5
            let halo = GlowHalo(plane: plane, scale: 1)
            for dark in [false, true] { for tint in tints { for lit in [false, true] {
                var surface = GlassSurface(shape: shape, material: n % 2 == 0 ? .ultraThin : .thick, tint: tint,
                                           appearance: dark ? .dark : .light, scale: n < 2 ? 3 : 1, tier: tier)
                if lit { surface.halo = halo }
                let differing = Self.differences(tier.effect(for: surface), surface, plane: plane)
                #expect(differing == 0, "\(tier) \(shape.box) dark \(dark) tint \(String(describing: tint)) lit \(lit): \(differing) pixels differ")
            } } }
        }
    }
}
