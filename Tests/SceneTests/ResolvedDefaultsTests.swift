import Testing
import Raster
import Glass
@testable import Scene

/// The decoder hands the compositor values with every default resolved: nothing downstream picks a default.
@Suite struct ResolvedDefaultsTests {
    func decode(_ glass: String, extra: String = "") throws -> SceneDocument {
        try SceneDecoder().decode(text: #"{"canvas": {"width": 300, "height": 200, "scale": 2}, "seed": 42, "reduceTransparency": false, "duration": 1, "fps": 10"#
                                  + extra + #", "glass": ["# + glass + "]}")
    }

    @Test func liquidBezelThicknessAndSpacingAreResolvedAtDecode() throws {
        let doc = try decode(#"{"frame": [10, 10, 80, 40], "container": "bar"}, {"frame": [100, 10, 80, 40], "container": "tight", "bezel": 6, "thickness": 9}, {"frame": [10, 100, 80, 40]}"#,
                             extra: #", "containers": {"tight": {"spacing": 8}}"#)
        let p = doc.glass.panels.map(\.liquid)
        // The default rule with GlassDefaults.Liquid's numbers: 16 pt, at most a quarter of the shorter side.
        #expect(p[0].bezel == .shorterSide(fraction: 0.25, cap: 16))
        #expect(p[0].thickness == .perBezel(0.8))
        #expect(p[0].containerSpacing == 20)  // named, not declared: the default spacing
        #expect(p[1].bezel == .points(6))
        #expect(p[1].thickness == .points(9))
        #expect(p[1].containerSpacing == 8)
        #expect(p[2].containerSpacing == 0)  // in no container
    }

    @Test func theDefaultBezelRuleFollowsTheShorterSide() {
        // 44 pt button: a quarter is 11 pt; a 200 pt panel: capped at 16 pt. Thickness 0.8 of the rim.
        #expect(BezelWidth.standard.points(shorterSide: 44) == 11)
        #expect(BezelWidth.standard.points(shorterSide: 200) == 16)
        #expect(BezelWidth.points(5).points(shorterSide: 200) == 5)
        #expect(GlassThickness.standard.points(bezel: 10) == 8)
        #expect(GlassThickness.points(3).points(bezel: 10) == 3)
    }

    @Test func thePlaneGetsCanvasSeedAndReduceTransparencyAtDecode() throws {
        var doc = try decode("")
        let c = doc.plane.configuration
        #expect(c.canvas == Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(c.seed == 42)
        #expect(!c.reduceTransparency)
        // A tool that resizes the canvas after decoding moves the plane's bounds along.
        doc.canvas = Canvas(width: 390, height: 844, scale: 3)
        #expect(doc.plane.configuration.canvas == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func reduceTransparencyReachesThePlane() throws {
        var decoder = SceneDecoder()
        decoder.reduceTransparency = true
        let doc = try decoder.decode(text: #"{"canvas": {"width": 100, "height": 100, "scale": 1}}"#)
        #expect(doc.plane.configuration.reduceTransparency)
    }
}
