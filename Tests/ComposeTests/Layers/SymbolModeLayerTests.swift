import Foundation
import Testing
import Raster
import Content
@testable import SceneFormat
@testable import Compose

/// Symbol rendering modes in scenes: decoded with their JSON paths and suggestions, drawn by the content layer
/// in the file's colours, the palette's, or the ink at layered opacities; and the scene budgets that bound what
/// librsvg is asked to draw (icon text's glyph area, segments x pixels), each refused before librsvg sees it.
@Suite struct SymbolModeLayerTests {
    /// A scene folder holding `icon.svg` (removed when the test ends: `body` gets the scene's path).
    static func withScene<T>(_ svg: String, _ json: String, _ body: (String) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-modes-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try svg.write(to: dir.appendingPathComponent("icon.svg"), atomically: true, encoding: .utf8)
        let file = dir.appendingPathComponent("scene.json").path
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        return try body(file)
    }

    static let twoPaints = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="12" height="24" fill="#FF0000"/><rect x="12" width="12" height="24" fill="#FFFFFF"/></svg>"##

    static func scene(_ extra: String) -> String {
        ##"{"canvas": {"width": 24, "height": 24, "scale": 1}, "appearance": "light", "content": [{"symbol": {"file": "icon.svg"}, "frame": [0, 0, 24, 24]"## + extra + "}]}"
    }

    /// The frame's colour at two pixels, one in each half of the icon, drawn over black, and the red channel
    /// there in the blend space (white ink at opacity a over black is a there, in either space).
    static func drawn(_ extra: String, svg: String = twoPaints) throws -> (left: Color, right: Color, leftRed: Float, rightRed: Float) {
        try withScene(svg, scene(extra)) { file in
            let doc = try SceneDecoder().decode(file: file)
            var fb = Framebuffer(width: 24, height: 24, space: doc.blending)
            for y in 0..<24 { for x in 0..<24 { fb[x, y] = doc.blending.premultiply(Color(0, 0, 0, 1)) } }
            ContentLayer(document: doc).render(into: &fb, time: 0, workers: .single)
            return (fb.color(atX: 6, y: 12), fb.color(atX: 18, y: 12), fb[6, 12].x, fb[18, 12].x)
        }
    }

    @Test func eachModeDrawsItsColours() throws {
        // On black: original draws red and white; palette the palette's two colours; monochrome one ink on
        // both; hierarchical that ink at 1 - 0.75 L: red (L 0.2126) 0.84, white 0.25.
        let original = try Self.drawn(##", "rendering": "original""##)
        #expect(original.left.red > 0.99 && original.left.green < 0.01 && original.right.green > 0.99, "\(original)")
        let palette = try Self.drawn(##", "rendering": "palette", "palette": ["#00FF00", "#0000FF"]"##)
        #expect(palette.left.green > 0.99 && palette.left.red < 0.01 && palette.right.blue > 0.99 && palette.right.green < 0.01, "\(palette)")
        let mono = try Self.drawn(##", "color": "#FFFFFF""##)
        #expect(mono.left.red > 0.99 && mono.right.red > 0.99, "\(mono)")
        let layered = try Self.drawn(##", "rendering": "hierarchical", "color": "#FFFFFF""##)
        #expect(abs(layered.leftRed - (1 - 0.75 * 0.2126)) < 0.01 && abs(layered.rightRed - 0.25) < 0.01, "\(layered)")
    }

    @Test func gradientsAreOneLayerInEachMode() throws {
        // A black-to-white gradient with a stroke of the same gradient, both stops opaque: hierarchical draws it
        // in its first stop's colour (the most opaque, on a tie), so white ink at opacity 1 at both ends where the
        // file's own lightness gives 1 and 0.25; palette paints both ends the palette's first colour.
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><linearGradient id="g"><stop offset="0"/><stop offset="1" style="stop-color:#FFF"/></linearGradient><rect width="24" height="24" fill="url(#g)"/></svg>"##
        let layered = try Self.drawn(##", "rendering": "hierarchical", "color": "#FFFFFF""##, svg: svg)
        #expect(layered.leftRed > 0.99 && layered.rightRed > 0.99, "\(layered)")
        let palette = try Self.drawn(##", "rendering": "palette", "palette": ["#00FF00", "#0000FF"]"##, svg: svg)
        #expect(palette.left.green > 0.99 && palette.right.green > 0.99 && palette.right.blue < 0.01, "\(palette)")
    }

    @Test(arguments: ["hierarchical", "palette"])
    func hostileGradientsAreDrawnQuickly(mode: String) throws {
        // Within the element budget: 900 gradients in one href chain, each drawn by an element, a loop of two,
        // a chain to nothing, 50 clip paths, and 40,000 gradient references in one rule of a style sheet (in
        // 40,000 rules, librsvg's own selector matching takes 4.3 s; in one, 0.9 s on the loaded build machine).
        let chain: [String] = (1..<900).map { ##"<linearGradient id="g\##($0)" xlink:href="#g\##($0 - 1)"/>"## }
        let clips: [String] = (0..<50).map { ##"<clipPath id="c\##($0)"><rect width="1" height="1" fill="url(#g0)"/></clipPath>"## }
        let rects: [String] = (0..<900).map { ##"<rect class="a" width="24" height="24" fill="url(#g\##($0))"/>"## }
        let parts: [String] = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"><style>"##,
            ".a{" + String(repeating: "fill:url(#g899);", count: 40_000) + "}</style><defs>",
            ##"<linearGradient id="g0"><stop offset="0" stop-color="red"/><stop offset="1" stop-opacity="0"/></linearGradient>"##,
            chain.joined(),
            ##"<linearGradient id="x" href="#y"/><linearGradient id="y" href="#x"/><radialGradient id="z" href="#none"/>"##,
            clips.joined(), "</defs>", rects.joined(),
            ##"<rect fill="url(#x)" width="2" height="2"/><rect stroke="url(#z)" width="2" height="2"/></svg>"##,
        ]
        let svg = parts.joined()
        // The rewrite is linear in the text: each href chain is walked once, masks are found by binary search
        // (0.24-0.32 s over 400 gradients on the loaded build machine; walking the chain per reference, 36
        // million steps here, would take seconds).
        let start = Date()
        let rewritten = mode == "palette" ? SymbolPalette.apply([Color(0, 255, 0)], to: svg) : SymbolPaintServers.flattened(svg)
        let took = Date().timeIntervalSince(start)
        #expect(took < 1.5, "the \(mode) rewrite took \(took) s")
        print("hostile gradients: the \(mode) rewrite of \(svg.utf8.count) bytes took \(took) s")
        #expect(rewritten.contains("stop-color:") && rewritten.utf8.count < svg.utf8.count + 100, "\(rewritten.utf8.count) bytes")
        let drawn = try Self.drawn(mode == "palette" ? ##", "rendering": "palette", "palette": ["#00FF00"]"## : ##", "rendering": "hierarchical", "color": "#FFFFFF""##, svg: svg)
        #expect(drawn.left.alpha > 0, "\(drawn)")
    }

    @Test(arguments: [
        (##", "rendering": "hierarchal""##, "content[0].rendering", "hierarchical"),
        (##", "renderng": "palette""##, "content[0].renderng", "rendering"),
        (##", "rendering": "palette""##, "content[0].rendering", nil),
        (##", "palette": ["#FF0000"]"##, "content[0].palette", nil),
        (##", "rendering": "palette", "palette": ["#FF0000", 3]"##, "content[0].palette[1]", nil),
        (##", "rendering": "original", "vibrancy": "secondaryLabel""##, "content[0].vibrancy", nil),
    ] as [(String, String, String?)])
    func badModesAreRefusedWithTheirPath(extra: String, path: String, suggestion: String?) throws {
        let e = try Self.withScene(Self.twoPaints, Self.scene(extra)) { file in
            try #require(throws: SceneError.self) { try SceneDecoder().decode(file: file) }
        }
        #expect(e.path == path && e.suggestion == suggestion, "\(e)")
    }

    @Test func iconTextIsBoundedByItsGlyphAreaBeforeLibrsvgSeesIt() throws {
        // Within the text scale budget (16 <= 256) and the font budget (96 = 4 x 24), but Pango would lay
        // 1,000 glyphs out at 96 x 16 x 8 = 12,288 px (rsvg-convert: 1,000 at 8,192 px 0.85 s of CPU, at
        // 32,768 px 5 s). Refused in the decoder, before the library-message draw.
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g transform="scale(16)"><text font-size="96" y="1">"##
            + String(repeating: "x", count: 1000) + "</text></g></svg>"
        let json = ##"{"content": [{"symbol": {"file": "icon.svg"}, "frame": [10, 40, 64, 64]}]}"##
        let start = Date()
        let e = try Self.withScene(svg, json) { file in try #require(throws: SceneError.self) { try SceneDecoder().decode(file: file) } }
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(e.path == "content[0].symbol" && e.message.contains("1000 characters at up to 12288 px"), "\(e)")
        // Ten characters at a tenth of the size are far inside it and are drawn.
        let small = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g transform="scale(1.6)"><text font-size="9.6" y="10">xxxxxxxxxx</text></g></svg>"##
        _ = try Self.withScene(small, json) { file in try SceneDecoder().decode(file: file) }
    }

    @Test func segmentsAreBudgetedByThePixelsTheyAreDrawnAt() throws {
        // 5,001 segments drawn seven times: 35,007 x 1,170 px (a 390 pt frame at scale 3) is 4.1e7, over 4e7;
        // the same icon in a 48 pt frame is 5e6.
        let d = "M0 12" + (1...5000).map { " L\(Double($0) * 24 / 5000) \(12 + $0 % 2)" }.joined()
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"><path id="p" d=""##
            + d + ##"" fill="none" stroke="black" stroke-width="0.1"/>"## + (1...6).map { "<use xlink:href=\"#p\" y=\"\($0)\"/>" }.joined() + "</svg>"
        let big = try Self.withScene(svg, ##"{"content": [{"symbol": {"file": "icon.svg"}, "frame": [0, 0, 390, 390]}]}"##) { file in
            try #require(throws: SceneError.self) { try SceneDecoder().decode(file: file) }
        }
        #expect(big.path == "content[0].symbol" && big.message.contains("41 million segment rows"), "\(big)")
        _ = try Self.withScene(svg, ##"{"content": [{"symbol": {"file": "icon.svg"}, "frame": [0, 0, 48, 48]}]}"##) { file in
            try SceneDecoder().decode(file: file)
        }
    }
}
