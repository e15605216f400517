import ChildProcess
import Foundation
import Testing
import Raster
@testable import Content

/// The whole viewport and the rendering modes (`SymbolRendering`), each against rsvg-convert: `original` equal
/// within one level; `hierarchical` and `palette` against rsvg-convert's drawing of the file recoloured by NumPy
/// (an independent computation of each mode's rule).
@Suite struct SymbolRenderingTests {
    static var missing: String? {
        DevTool.find("rsvg-convert") == nil ? DevTool.missing("rsvg-convert", package: "librsvg2-bin")
            : python == nil ? DevTool.missing("python3", package: "python3-numpy, and Pillow from scripts/setup.sh --dev") : nil
    }
    static let python = DevTool.python(importing: "numpy, PIL")
    static let square = Rect(x: 0, y: 0, width: 64, height: 64)

    /// rsvg-convert's 64 x 64 straight RGBA bytes of `svg`.
    static func rsvgConvert(_ svg: String) throws -> [UInt8] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svg"), out = dir.appendingPathComponent("out.png")
        try svg.write(to: input, atomically: true, encoding: .utf8)
        let r = try ChildProcess.run(URL(fileURLWithPath: DevTool.find("rsvg-convert")!), ["-w", "64", "-h", "64", "-o", out.path, input.path], timeout: 60)
        #expect(r.status == 0)
        return try PNG.read(path: out.path).samples.map { UInt8((Double($0) / 257).rounded()) }
    }

    /// NumPy's recolouring of rsvg-convert's drawing of `svg`: `script` reads `rgba` (64 x 64 x 4 floats in 0...1,
    /// straight) and sets `out` (premultiplied, 0...1, same shape). Returns `out` in 8-bit levels.
    static func numpy(_ svg: String, _ script: String) throws -> [Int] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-numpy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.svg"), png = dir.appendingPathComponent("in.png"), py = dir.appendingPathComponent("mode.py")
        try svg.write(to: input, atomically: true, encoding: .utf8)
        let r = try ChildProcess.run(URL(fileURLWithPath: DevTool.find("rsvg-convert")!), ["-w", "64", "-h", "64", "-o", png.path, input.path], timeout: 60)
        #expect(r.status == 0)
        try """
        import sys, numpy as np
        from PIL import Image
        rgba = np.asarray(Image.open(sys.argv[1]).convert("RGBA"), dtype=np.float64) / 255
        \(script)
        print(" ".join(str(int(v)) for v in np.rint(np.clip(out, 0, 1) * 255).reshape(-1)))
        """.write(to: py, atomically: true, encoding: .utf8)
        let outFile = dir.appendingPathComponent("out.txt")
        FileManager.default.createFile(atPath: outFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: outFile)
        let p = try ChildProcess.run(URL(fileURLWithPath: python!), [py.path, png.path], stdoutTo: handle, timeout: 60)
        try handle.close()
        #expect(p.status == 0)
        return try String(contentsOf: outFile, encoding: .utf8).split(whereSeparator: \.isWhitespace).map { Int($0)! }
    }

    @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
    func theWholeViewportIsDrawnAsRsvgConvertDrawsIt() throws {
        // A 100 x 100 viewport around a 100 x 50 viewBox: librsvg letterboxes the box (rows 16-47 at 64 px) and
        // draws what lies outside it but inside the viewport, so the large square covers every row.
        for (content, rows) in [(#"<rect x="-1000" y="-1000" width="3000" height="3000"/>"#, 0...63),
                                (#"<rect width="100" height="50"/>"#, 16...47)] {
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 50">"# + content + "</svg>"
            let doc = try SVGDocument(text: svg)
            #expect(doc.box == Rect(x: 0, y: 0, width: 100, height: 100))
            let mask = doc.mask(onto: Self.square, canvasWidth: 64, canvasHeight: 64)
            let theirs = try Self.rsvgConvert(svg)
            let inked = (0..<64).filter { y in (0..<64).contains { x in mask[x, y] > 0.5 } }
            #expect(inked.first == rows.lowerBound && inked.last == rows.upperBound, "rows \(inked.first ?? -1)-\(inked.last ?? -1)")
            var worst: Float = 0
            for y in 0..<64 { for x in 0..<64 { worst = max(worst, abs(mask[x, y] * 255 - Float(theirs[(y * 64 + x) * 4 + 3]))) } }
            #expect(worst <= 1.001, "\(worst) levels from rsvg-convert's alpha")
        }
    }

    static let colourful = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g" x1="0" x2="1">\
        <stop offset="0" stop-color="#ff2d55"/><stop offset="1" stop-color="#5ac8fa" stop-opacity="0.5"/></linearGradient></defs>\
        <circle cx="7" cy="7" r="5.5" fill="url(#g)"/><rect x="13" y="2" width="9" height="9" rx="2" fill="#808080"/>\
        <path d="M2 14h9v8H2z" fill="white" stroke="#000" stroke-width="0.7"/><path d="M14 14l8 4-8 4z" fill-opacity="0.6"/></svg>
        """

    @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
    func originalEqualsRsvgConvertWithinOneLevel() throws {
        let ours = try #require(try SVGDocument(text: Self.colourful).premultiplied(onto: Self.square, x: 0, y: 0, width: 64, height: 64))
        let theirs = try Self.rsvgConvert(Self.colourful)
        var worst = 0
        for p in 0..<(64 * 64) {
            let a = Int(theirs[4 * p + 3])
            for c in 0..<4 { worst = max(worst, abs((c == 3 ? a : (Int(theirs[4 * p + c]) * a + 127) / 255) - Int(ours[4 * p + c]))) }
        }
        #expect(worst <= 1, "\(worst) levels")
    }

    /// NumPy's hierarchical rule: WCAG relative luminance of each straight colour, opacity 1 - 0.75 L, times the
    /// alpha.
    static let hierarchicalRule = """
        c = rgba[..., :3]
        lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
        L = lin @ np.array([0.2126, 0.7152, 0.0722])
        out = rgba[..., 3] * (1 - 0.75 * L)
        """

    @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
    func hierarchicalLayersTheFilesLightness() throws {
        let expected = try Self.numpy(Self.colourful, Self.hierarchicalRule)
        let mask = try SVGDocument(text: Self.colourful).hierarchicalMask(onto: Self.square, canvasWidth: 64, canvasHeight: 64)
        var worst: Float = 0
        for y in 0..<64 { for x in 0..<64 { worst = max(worst, abs(mask[x, y] * 255 - Float(expected[y * 64 + x]))) } }
        // One level from rounding the PNG's straight colours, and one from unpremultiplying cairo's bytes at
        // low coverage (the colour of an edge pixel of alpha a is known to 1/a).
        #expect(worst <= 2, "\(worst) levels")
        // Inside the white square 0.25; inside the #808080 one (luminance 0.2159) 0.838.
        #expect(abs(mask[12, 48] - 0.25) < 0.01 && abs(mask[56, 20] - (1 - 0.75 * 0.2159)) < 0.01, "\(mask[12, 48]) \(mask[56, 20])")
    }

    @Test(.enabled(if: missing == nil, Comment(rawValue: missing ?? "")))
    func paletteRecoloursTheFilesPaintsInOrder() throws {
        // Three paints written in this order: red, blue (in a style), and the unpainted default (black); the
        // shapes do not touch, so NumPy can tell each pixel's paint from its straight colour.
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="6" cy="6" r="4.5" fill="red"/>\
            <rect x="13" y="2" width="9" height="8" style="stroke:none;fill: #0000FF"/><path d="M3 14h18v7H3z"/></svg>
            """
        let palette = [Color(0, 255, 0), Color(255, 0, 255)]
        let recoloured = SymbolPalette.apply(palette, to: svg)
        let ours = try #require(try SVGDocument(text: recoloured).premultiplied(onto: Self.square, x: 0, y: 0, width: 64, height: 64))
        // red -> first colour, blue -> second, black (unpainted) -> first.
        let expected = try Self.numpy(svg, """
            pal = {(1, 0, 0): (0, 1, 0), (0, 0, 1): (1, 0, 1), (0, 0, 0): (0, 1, 0)}
            keys = np.array(list(pal.keys()), dtype=np.float64)
            near = np.argmin(((rgba[..., None, :3] - keys) ** 2).sum(-1), axis=-1)
            colour = np.array(list(pal.values()), dtype=np.float64)[near]
            out = np.concatenate([colour * rgba[..., 3:], rgba[..., 3:]], axis=-1)
            """)
        var worst = 0
        for i in 0..<(64 * 64 * 4) { worst = max(worst, abs(expected[i] - Int(ours[i]))) }
        #expect(worst <= 1, "\(worst) levels")
        #expect(recoloured.contains("fill=\"#00FF00\"") && recoloured.contains("fill: #FF00FF"))
    }
}
