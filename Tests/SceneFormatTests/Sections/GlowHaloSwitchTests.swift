import Foundation
import Testing
import Glass
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The `glowHalo` key (scene and panel) and the tier rule behind it (issue 22): the decoder resolves whether the
/// halo lights each panel, and the glass layer hands the halo only to those.
@Suite("Glow halo switch")
struct GlowHaloSwitchTests {
    func panels(_ panels: String, platform: String = "ios18", extra: String = "") throws -> [GlassPanelSpec] {
        try SceneDecoder().decode(text: glassScene(panels, platform: platform, extra: extra)).glass.panels
    }

    @Test func panelKeyOverridesTheSceneKeyWhichOverridesTheDefault() throws {
        let two = #"{"frame": [10, 10, 50, 50]}, {"frame": [100, 10, 50, 50], "glowHalo": false}"#
        #expect(try panels(two).map(\.glowHalo) == [true, false])
        let lit = #"{"frame": [10, 10, 50, 50]}, {"frame": [100, 10, 50, 50], "glowHalo": true}"#
        #expect(try panels(lit, extra: #", "glowHalo": false"#).map(\.glowHalo) == [false, true])
        #expect(try panels(#"{"frame": [10, 10, 50, 50]}"#, platform: "ios26").map(\.glowHalo) == [true])
    }

    @Test func onlyTheIOSTiersDrawAHalo() throws {
        #expect(Tier.allCases.filter(\.drawsGlowHalo) == [.liquid, .frosted])
        for platform in ["web", "android", "android-legacy"] {
            let doc = try SceneDecoder().decode(text: glassScene(#"{"frame": [10, 10, 50, 50]}"#, platform: platform))
            #expect(doc.glass.panels.map(\.glowHalo) == [false], "\(platform)")
            #expect(doc.notes.isEmpty, "\(platform): \(doc.notes)")
        }
        // Reduce Transparency: opaque, no light through.
        let opaque = try panels(#"{"frame": [10, 10, 50, 50]}"#, extra: #", "reduceTransparency": true"#)
        #expect(opaque.map(\.glowHalo) == [false])
        // A panel asking for the halo on a tier without one: no halo, and a note saying so.
        let doc = try SceneDecoder().decode(text: glassScene(#"{"id": "card", "frame": [10, 10, 50, 50], "glowHalo": true}"#, platform: "web"))
        #expect(doc.glass.panels[0].glowHalo == false)
        #expect(doc.notes.contains { $0.contains("glass[0].glowHalo") && $0.contains("web tier of 'card' has no glow halo") }, "\(doc.notes)")
    }

    @Test func badValuesNameTheirPath() {
        let bad = refusal(glassScene(#"{"frame": [10, 10, 50, 50], "glowHalo": 1}"#))
        #expect(bad?.contains("glass[0].glowHalo: expected true or false") == true, "\(bad ?? "accepted")")
        #expect(refusal(glassScene(#"{"frame": [10, 10, 50, 50]}"#, extra: #", "glowHalo": "no""#))?.contains("glowHalo: expected true or false") == true)
        #expect(refusal(glassScene(#"{"frame": [10, 10, 50, 50], "glowHalos": false}"#))?.contains("Did you mean 'glowHalo'?") == true)
    }
}
