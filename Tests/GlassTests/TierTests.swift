import Testing
import Raster
import Glass

@Suite("Tier selection")
struct TierTests {
    /// The table of docs/glass.md, row by row.
    @Test func theTable() {
        #expect(Tier.select(device: .iOS(version: 26), reduceTransparency: false).tier == .liquid)
        #expect(Tier.select(device: .iOS(version: 27), reduceTransparency: false).tier == .liquid)
        for v in 16...25 { #expect(Tier.select(device: .iOS(version: v), reduceTransparency: false).tier == .frosted) }
        #expect(Tier.select(device: .web, reduceTransparency: false).tier == .web)
        #expect(Tier.select(device: .android(apiLevel: 31), reduceTransparency: false).tier == .android)
        #expect(Tier.select(device: .android(apiLevel: 34), reduceTransparency: false).tier == .android)
        #expect(Tier.select(device: .android(apiLevel: 30), reduceTransparency: false).tier == .androidLegacy)
        for d: Device in [.iOS(version: 26), .iOS(version: 18), .web, .android(apiLevel: 31), .android(apiLevel: 23)] {
            #expect(Tier.select(device: d, reduceTransparency: true).tier == .opaque)
            #expect(Tier.select(device: d, reduceTransparency: true, requested: .web).tier == .opaque)
        }
        #expect(Tier.select(device: .iOS(version: 18), reduceTransparency: false, requested: .android).tier == .android)
    }

    /// Every tier is drawn as itself now, Liquid Glass included, so no tier carries a fallback note.
    @Test func everyTierIsDrawnAsItself() {
        let c = Tier.select(device: .iOS(version: 26), reduceTransparency: false)
        #expect(c.rendered == .liquid)
        #expect(c.note == nil)
        #expect(Tier.allCases.allSatisfy { $0.rendered == $0 })
    }

    @Test func corners() {
        #expect(Tier.frosted.cornerCurve == .continuous)
        #expect(Tier.web.cornerCurve == .circular)
        #expect(Tier.android.cornerCurve == .circular)
        #expect(Device.iOS(version: 18).cornerCurve == .continuous && Device.web.cornerCurve == .circular)
    }

    /// Thicker materials blur more and cover more, in both appearances.
    @Test func materialsAreOrderedByThickness() {
        let all = Material.allCases
        #expect(all == [.ultraThin, .thin, .regular, .chrome, .thick])
        for (thin, thick) in zip(all, all.dropFirst()) {
            #expect(thick.token.blurSigmaPoints > thin.token.blurSigmaPoints)
            for a in Appearance.allCases { #expect(thick.token.overlay(a).alpha > thin.token.overlay(a).alpha) }
        }
        // The published kit values in light appearance.
        #expect([Material.ultraThin, .thin, .regular, .thick].map { $0.token.overlay(.light).alpha } == [0.44, 0.70, 0.82, 0.97])
    }
}
