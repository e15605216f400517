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

    @Test(arguments: [Tier.frosted, .web, .android, .androidLegacy, .opaque], [false, true])
    func theFastLoopIsTheReference(tier: Tier, dark: Bool) {
        let plane = Self.plane()
        let halo = GlowHalo(plane: plane, background: Color(242, 242, 247), ink: Color(0, 0, 0), scale: 1)
        for shape in Self.shapes {
            for withHalo in [false, true] {
                var surface = GlassSurface(shape: shape, material: .ultraThin, tint: Color(red: 0, green: 0.5, blue: 1, alpha: 0.3),
                                           appearance: dark ? .dark : .light, scale: 1, tier: tier)
                if withHalo { surface.halo = halo }
                let frost = tier.effect(for: surface)
                var fast = plane, slow = plane
                frost.apply(surface, plane: plane, into: &fast, workers: Workers(2))
                frost.applyReference(surface, plane: plane, into: &slow, workers: .single)
                var differing = 0
                for y in 0..<plane.height { for x in 0..<plane.width where fast[x, y] != slow[x, y] { differing += 1 } }
                #expect(differing == 0, "\(tier) \(shape.outline) \(shape.box) halo \(withHalo): \(differing) pixels differ")
            }
        }
    }
}
