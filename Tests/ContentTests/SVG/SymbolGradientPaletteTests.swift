import ChildProcess
import Foundation
import Testing
import Raster
@testable import Content

/// A palette recolours gradients as it recolours solid paints (`SymbolPaintServers`): checked against
/// scripts/symbol-palette-oracle.py, which recolours the parsed tree with Python's xml.etree from the rule in
/// docs/content.md and shares no code with the byte-level rewrite, its output drawn by rsvg-convert. Over a
/// hand-made icon (linear and radial gradients, stop-opacity, an `href` chain, a style-declared stop, a gradient
/// stroke, a gradient inside a mask) and real theme icons that use gradients.
@Suite struct SymbolGradientPaletteTests {
    static var missing: String? {
        DevTool.find("rsvg-convert") == nil ? DevTool.missing("rsvg-convert", package: "librsvg2-bin")
            : python == nil ? DevTool.missing("python3", package: "python3") : SymbolRenderingTests.missing
    }
    static let python = DevTool.python(importing: "xml.etree.ElementTree")
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/symbol-palette-oracle.py")
    /// Three saturated colours, so that the first three layers are told apart on every channel.
    static let palette = [Color(255, 0, 0), Color(0, 255, 0), Color(0, 0, 255)]
    static let square = Rect(x: 0, y: 0, width: 64, height: 64)

    static let handMade = """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24"><defs>\
        <linearGradient id="base"><stop offset="0" stop-color="#ff2d55"/>\
        <stop offset="0.6" style="stop-color:#ffcc00;stop-opacity:0.4"/><stop offset="1" stop-color="#5ac8fa" stop-opacity="0.8"/></linearGradient>\
        <linearGradient id="wrap" xlink:href="#base" x1="0" y1="0" x2="0" y2="1"/>\
        <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="white"/>\
        <stop offset="1" stop-color="#000" stop-opacity="0.1"/></radialGradient>\
        <linearGradient id="fade"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>\
        <mask id="m"><rect width="24" height="24" fill="url(#fade)"/></mask></defs>\
        <circle cx="6" cy="6" r="5" fill="url(#base)"/><rect x="13" y="1" width="10" height="10" fill="url(#wrap)"/>\
        <circle cx="6" cy="18" r="4.5" fill="url(#glow)" stroke="url(#base)" stroke-width="1.5"/>\
        <rect x="13" y="13" width="10" height="10" fill="#808080" mask="url(#m)"/></svg>
        """

    /// Real icons with gradients: `href` chains, style-declared stops, radial gradients, gradient strokes, clip
    /// paths, style sheets and Illustrator's entities among them.
    static let themeIcons = [
        "breeze/apps/48/im.vector.svg", "breeze/apps/48/gcompris-qt.svg", "breeze/apps/48/preferences-desktop-font-installer.svg",
        "breeze/apps/48/kaffeine.svg", "breeze/apps/48/wine.svg", "breeze/apps/48/kmplot.svg", "breeze/apps/48/kteatime.svg",
        "breeze/apps/48/kig.svg", "breeze/apps/48/ktouch.svg", "breeze/apps/48/akregator.svg",
        "breeze/mimetypes/64/application-x-pem-key.svg", "Papirus/64x64/apps/Sparrow.svg", "Papirus/64x64/apps/giggle.svg",
        "Papirus/64x64/apps/cyberpunk-2077.svg", "Papirus/64x64/apps/navalbattle.svg",
    ]

    static var iconsMissing: String? {
        missing ?? themeIcons.first { !FileManager.default.fileExists(atPath: "\(ThemeIconTests.themes)/\($0)") }
            .map { "\($0) is not installed: run scripts/setup.sh --dev (papirus-icon-theme, breeze-icon-theme)" }
    }

    /// The oracle's recolouring of `svg`, run with `arguments` before the files and `colours` after.
    static func recoloured(_ svg: String, _ arguments: [String], _ colours: [Color] = palette) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-palette-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svg"), out = dir.appendingPathComponent("out.svg")
        try svg.write(to: input, atomically: true, encoding: .utf8)
        let r = try ChildProcess.run(URL(fileURLWithPath: python!), [oracle.path] + arguments + [input.path, out.path] + colours.map(\.description), timeout: 60)
        #expect(r.status == 0, "the oracle failed")
        return try String(contentsOf: out, encoding: .utf8)
    }

    /// rsvg-convert's 64 x 64 drawing of the oracle's palette recolouring of `svg`, premultiplied (8-bit
    /// levels); with `solidOnly`, the gradients keep their own colours.
    static func oracleDrawing(_ svg: String, solidOnly: Bool = false) throws -> [Int] {
        let straight = try SymbolRenderingTests.rsvgConvert(try recoloured(svg, solidOnly ? ["--solid-only"] : []))
        return straight.indices.map { i in
            let a = Int(straight[i | 3])
            return i & 3 == 3 ? a : (Int(straight[i]) * a + 127) / 255
        }
    }

    /// The hand-made icon and the theme icons' texts, by name.
    static func text(_ icon: String) throws -> String {
        icon == "hand-made" ? handMade : try String(contentsOfFile: "\(ThemeIconTests.themes)/\(icon)", encoding: .utf8)
    }

    /// forkrender's palette drawing of `text`, premultiplied, and the most it differs from `expected` on any channel.
    static func worst(_ text: String, against expected: [Int]) throws -> (ours: [UInt8], levels: Int) {
        let doc = try SVGDocument(text: SymbolPalette.apply(palette, to: text))
        let ours = try #require(doc.premultiplied(onto: square, x: 0, y: 0, width: 64, height: 64))
        return (ours, zip(ours, expected).map { abs(Int($0) - $1) }.max() ?? 0)
    }

    @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
    func aHandMadeIconsGradientsTakeTheirLayersColours() throws {
        let (ours, levels) = try Self.worst(Self.handMade, against: try Self.oracleDrawing(Self.handMade))
        // rsvg-convert's PNG holds straight colours; premultiplied again they are cairo's within one level.
        #expect(levels <= 1, "\(levels) levels from the oracle")
        // Layers in order: the base gradient (and the wrapper that inherits its stops, and the stroke) red, the
        // radial gradient green, the grey blue; the mask's gradient keeps its white, so its fade is unchanged.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(ours[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4]) }
        for (x, y) in [(16, 16), (48, 16), (48, 4)] {
            let p = pixel(x, y)
            #expect(p[0] == p[3] && p[1] == 0 && p[2] == 0 && p[3] > 60, "(\(x), \(y)): \(p) is not red")
        }
        let glow = pixel(16, 48)
        #expect(glow[1] == glow[3] && glow[0] == 0 && glow[2] == 0 && glow[3] > 200, "\(glow) is not green")
        // The mask's white-to-clear fade spans the 24-unit box from x = 0: at pixel 36 it lets 1 - 36.5 / 64 of
        // the blue through (a recoloured fade, luminance 0.7152 for green, would let 29% less).
        let masked = pixel(36, 56)
        #expect(abs(Double(masked[2]) - (1 - 36.5 / 64) * 255) <= 2 && masked[0] == 0 && masked[1] == 0, "the mask's fade: \(masked)")
    }

    @Test(.enabled(if: iconsMissing == nil, Comment(rawValue: iconsMissing ?? "")), arguments: themeIcons)
    func aThemeIconsGradientsTakeTheirLayersColours(icon: String) throws {
        let text = try Self.text(icon)
        let levels = try Self.worst(try SVGDocument(text: text).text, against: try Self.oracleDrawing(text)).levels
        #expect(levels <= 1, "\(icon): \(levels) levels from the oracle")
        // The icon's gradients show: left in their own colours, the drawing differs from the recoloured one.
        let (_, kept) = try Self.worst(try SVGDocument(text: text).text, against: try Self.oracleDrawing(text, solidOnly: true))
        #expect(kept > 16, "\(icon): its gradients change the drawing by \(kept) levels only")
        print("palette gradients: \(icon): \(levels) levels from the oracle, \(kept) with its gradients left alone")
    }

    /// The most forkrender's hierarchical mask of `icon` differs from the oracle's, and the most flattening
    /// its gradients moves the mask, in levels.
    static func hierarchical(_ icon: String) throws -> (levels: Float, moved: Float) {
        // NumPy's luminance rule over rsvg-convert's drawing of the oracle's flattening, against forkrender's
        // mask of its own flattening.
        let text = try SVGDocument(text: try Self.text(icon)).text
        let expected = try SymbolRenderingTests.numpy(try Self.recoloured(text, ["--hierarchical"], []), SymbolRenderingTests.hierarchicalRule)
        let flat = try SVGDocument(text: SymbolPaintServers.flattened(text)).hierarchicalMask(onto: Self.square, canvasWidth: 64, canvasHeight: 64)
        let unflattened = try SVGDocument(text: text).hierarchicalMask(onto: Self.square, canvasWidth: 64, canvasHeight: 64)
        var worst: Float = 0, moved: Float = 0
        for y in 0..<64 {
            for x in 0..<64 {
                worst = max(worst, abs(flat[x, y] * 255 - Float(expected[y * 64 + x])))
                moved = max(moved, abs(flat[x, y] - unflattened[x, y]) * 255)
            }
        }
        return (worst, moved)
    }

    @Test(.enabled(if: iconsMissing == nil, Comment(rawValue: iconsMissing ?? "")))
    func aHierarchicalGradientIsOneLayer() throws {
        var moving: [String] = []
        for icon in ["hand-made"] + Self.themeIcons {
            let (levels, moved) = try Self.hierarchical(icon)
            // 2 levels, as for the unflattened rule (SymbolRenderingTests): rounding the PNG's straight colours,
            // and unpremultiplying cairo's bytes at low coverage.
            #expect(levels <= 2, "\(icon): \(levels) levels from the oracle")
            if moved > 8 { moving.append(icon) }
            print("hierarchical gradients: \(icon): \(levels) levels from the oracle, \(moved) from the unflattened mask")
        }
        // Where a gradient runs between colours of different lightness, its ramp of opacities is gone (one-colour
        // fades, as Papirus writes its shading, are unchanged by flattening).
        #expect(moving.contains("hand-made") && moving.count >= 10, "flattening moved the mask of \(moving) only")
    }
}
