import Testing
import Raster
@testable import Content

/// Per-character font fallback: no missing-glyph box where any installed face has the character, and color
/// emoji drawn as color images.
@Suite struct FallbackTests {
    static let sans = FontRequest(family: "sans")

    /// True when the face's .notdef bitmap (at any subpixel phase) appears in the mask: a window whose coverage
    /// differs from it by under 0.1 on average, with the box's own ink present.
    static func containsNotdef(_ mask: CoverageMask, face: Face, size: Float) -> Bool {
        for phase in 0..<Face.subpixelPhases {
            let box = face.bitmap(glyph: 0, size: size, phase: phase)
            guard box.width > 0, box.width <= mask.width, box.rows <= mask.height else { continue }
            for y0 in 0...(mask.height - box.rows) {
                for x0 in 0...(mask.width - box.width) {
                    var diff: Float = 0
                    for y in 0..<box.rows { for x in 0..<box.width { diff += abs(mask[x0 + x, y0 + y] - box.coverage[y * box.width + x]) } }
                    if diff / Float(box.width * box.rows) < 0.1 { return true }
                }
            }
        }
        return false
    }

    @Test func noMissingGlyphBoxWhenAnInstalledFaceHasTheCharacter() throws {
        let face = try Face.shared(try FontLibrary.resolve(Self.sans))
        let text = "Tea 🍵 茶 ✓ 도서관"
        // The premise: the Latin face lacks the emoji and the CJK characters.
        #expect(face.glyphIndex("茶") == 0 && face.glyphIndex("🍵") == 0 && face.glyphIndex("도") == 0)
        let layout = TextLayout(text, face: face, style: TextStyle(size: 17), scale: 2, request: Self.sans)
        let mask = layout.mask(at: Point(4, 4))
        #expect(!Self.containsNotdef(mask, face: face, size: 34))
        // The check can see a box: the same text without fallback (each character its own face's glyph or
        // .notdef) shows one.
        let boxed = TextLayout("Tea \u{10FFFD} x", face: face, style: TextStyle(size: 17), scale: 2, request: Self.sans)
        #expect(Self.containsNotdef(boxed.mask(at: Point(4, 4)), face: face, size: 34))
        // The emoji is a color glyph, drawn outside the coverage mask (so vibrancy never tints it).
        let emoji = layout.colorGlyphs(at: Point(4, 4))
        #expect(emoji.count == 1)
        let colored = emoji.first?.glyph.pixels.contains { $0.alpha > 0.5 && abs($0.red - $0.blue) > 0.2 } ?? false
        #expect(colored, "the emoji has color")
        // Scaled to the label: about one em (34 px) tall, not the 109 px strike.
        if let g = emoji.first { #expect(g.glyph.rows >= 28 && g.glyph.rows <= 40, "emoji \(g.glyph.rows) px tall") }
    }

    @Test func emojiSequencesStayTogetherInTheColorFace() throws {
        let face = try Face.shared(try FontLibrary.resolve(Self.sans))
        // Thumbs up with a skin tone: one glyph of the color face, never a monochrome symbol face plus a box.
        let layout = TextLayout("👍🏽", face: face, style: TextStyle(size: 17), scale: 2, request: Self.sans)
        #expect(layout.glyphs.count == 1)
        #expect(layout.faces[layout.glyphs[0].face].isColor)
    }

    @Test func scaledColorGlyphKeepsAreaAndColor() {
        // An 8 x 8 bitmap holding an opaque red 4 x 4 square at (2, 2), scaled by 1/2: a 4 x 4 image whose
        // square covers pixels 1...2 exactly, so exact area averaging gives them pure opaque red and the total
        // alpha is the square's area / 4.
        var bgra = [UInt8](repeating: 0, count: 8 * 8 * 4)
        for y in 2..<6 { for x in 2..<6 { let o = (y * 8 + x) * 4; bgra[o + 2] = 255; bgra[o + 3] = 255 } }
        let g = ColorGlyph.scaled(bgra: bgra, width: 8, rows: 8, pitch: 32, left: 0, top: 8, by: 0.5)
        #expect(g.width == 4 && g.rows == 4 && g.top == 4)
        #expect(g.pixels[1 * 4 + 1] == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(g.pixels[0].alpha == 0)
        let total = g.pixels.reduce(Float(0)) { $0 + $1.alpha }
        #expect(abs(total - 4) < 1e-5, "alpha area \(total), expected 16 px / 4")
    }
}
