import Testing
import Raster
import Glass
@testable import SceneFormat
@testable import Compose
@testable import Output

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
        // The default rule with GlassDefaults.Liquid's numbers: 27 pt, at most half the shorter side.
        #expect(p[0].bezel == .shorterSide(fraction: 0.5, cap: 27))
        #expect(p[0].thickness == .perBezel(1))
        #expect(p[0].containerSpacing == 20)  // named, not declared: the default spacing
        #expect(p[1].bezel == .points(6))
        #expect(p[1].thickness == .points(9))
        #expect(p[1].containerSpacing == 8)
        #expect(p[2].containerSpacing == 0)  // in no container
    }

    @Test func theDefaultBezelRuleFollowsTheShorterSide() {
        // 44 pt button: half is 22 pt; a 200 pt panel: capped at 27 pt. A quarter circle: thickness = bezel.
        #expect(BezelWidth.standard.points(shorterSide: 44) == 22)
        #expect(BezelWidth.standard.points(shorterSide: 200) == 27)
        #expect(BezelWidth.points(5).points(shorterSide: 200) == 5)
        #expect(GlassThickness.standard.points(bezel: 10) == 10)
        #expect(GlassThickness.points(3).points(bezel: 10) == 3)
    }

    @Test func thePlaneGetsCanvasSeedAndReduceTransparencyAtDecode() throws {
        let doc = try decode("")
        let c = doc.plane.configuration
        #expect(c.canvas == Rect(x: 0, y: 0, width: 300, height: 200))
        #expect(c.seed == 42)
        #expect(!c.reduceTransparency)
    }

    /// `--scale` goes through the decoder: the canvas is the scene's at the new scale (the plane's bounds, in
    /// points, are the same), and the canvas, dot and memory budgets are checked at that scale, with the
    /// command line's message (no line of the file: the size is the option's).
    @Test func theScaleOverrideIsAppliedAndCheckedAtDecode() throws {
        let text = #"{"canvas": {"width": 300, "height": 200, "scale": 2}}"#
        let doc = try SceneDecoder(scale: 0.5).decode(text: text)
        #expect(doc.canvas == Canvas(width: 300, height: 200, scale: 0.5))
        #expect(doc.canvas.pixelWidth == 150 && doc.canvas.pixelHeight == 100)
        #expect(doc.plane.configuration.canvas == Rect(x: 0, y: 0, width: 300, height: 200))
        let big = #expect(throws: SceneError.self) { try SceneDecoder(maxPixels: 1_000_000, scale: 8).decode(text: text) }
        #expect(big?.message.contains("canvas of 2400 x 1600 pixels is over the limit of 1 megapixels") == true, "\(String(describing: big))")
        #expect(big?.location == nil)
        // The scene's own scale under the same limit decodes; the memory budget applies to the override too.
        _ = try SceneDecoder(maxPixels: 1_000_000).decode(text: text)
        let memory = #expect(throws: SceneError.self) { try SceneDecoder(maxMemory: 100e6, scale: 4).decode(text: text) }
        #expect(memory?.message.hasPrefix("rendering needs about") == true, "\(String(describing: memory))")
        #expect(throws: Never.self) { try SceneDecoder(maxMemory: 100e6, scale: 0.1).decode(text: text) }
    }

    @Test func reduceTransparencyReachesThePlane() throws {
        var decoder = SceneDecoder()
        decoder.reduceTransparency = true
        let doc = try decoder.decode(text: #"{"canvas": {"width": 100, "height": 100, "scale": 1}}"#)
        #expect(doc.plane.configuration.reduceTransparency)
    }
}
