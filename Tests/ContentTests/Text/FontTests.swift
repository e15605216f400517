import Foundation
import SystemFreeType
import Testing
import Raster
@testable import Content

/// Font lookup, shaping and glyph metrics, checked against FreeType queried directly (not through CText).
/// These tests use the DejaVu faces scripts/setup.sh installs, so every machine measures the same font.
@Suite struct FontTests {
    static func dejaVu(_ family: String = "DejaVu Sans") throws -> (FontResolution, Face) {
        let r = try FontLibrary.resolve(FontRequest(family: family))
        #expect(r.family == family, "scripts/setup.sh installs \(family); fontconfig chose \(r.family)")
        return (r, try Face.shared(r))
    }

    /// Unhinted advances of each glyph as FreeType reports them, in pixels, with the test's own FT_Library.
    static func freeTypeAdvances(path: String, text: String, pixels: Float) -> [Float] {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return [] }
        defer { FT_Done_FreeType(lib) }
        var face: FT_Face?
        guard FT_New_Face(lib, path, 0, &face) == 0, let face else { return [] }
        defer { FT_Done_Face(face) }
        FT_Set_Char_Size(face, 0, FT_F26Dot6(Int((pixels * 64).rounded())), 72, 72)
        return text.unicodeScalars.map { s in
            let g = FT_Get_Char_Index(face, FT_ULong(s.value))
            FT_Load_Glyph(face, g, FT_Int32(FT_LOAD_NO_HINTING))
            return Float(face.pointee.glyph.pointee.advance.x) / 64
        }
    }

    @Test func advancesMatchFreeTypeMetrics() throws {
        let (r, face) = try Self.dejaVu()
        let text = "Hamburgefonstiv 0123"
        let size: Float = 17 * 3
        // Kerning and ligatures off: each glyph's advance is then the font's own horizontal advance.
        let shaped = face.shape(text, size: size, features: "-kern,-liga")
        let expected = Self.freeTypeAdvances(path: r.path, text: text, pixels: size)
        #expect(shaped.count == expected.count)
        // HarfBuzz reads FreeType's 16.16 advances and rounds them to 26.6: at most 1/64 px apart per glyph.
        for (g, e) in zip(shaped, expected) { #expect(abs(g.advance - e) <= 1.0 / 64 + 1e-6) }
        let layout = TextLayout(text, face: face, style: TextStyle(size: 17, features: "-kern,-liga"), scale: 3)
        #expect(abs(layout.width - expected.reduce(0, +)) <= Float(expected.count) / 64)
    }

    @Test func kerningAndTrackingChangeTheWidth() throws {
        let (r, face) = try Self.dejaVu()
        let free = Self.freeTypeAdvances(path: r.path, text: "AVAV", pixels: 60).reduce(0, +)
        let kerned = TextLayout("AVAV", face: face, style: TextStyle(size: 60), scale: 1).width
        #expect(kerned < free - 1, "DejaVu Sans kerns A-V: \(kerned) should be below \(free)")
        let tracked = TextLayout("AVAV", face: face, style: TextStyle(size: 60, tracking: 2), scale: 1).width
        // Tracking is added after every glyph but the last: 3 x 2 pt.
        #expect(abs(tracked - kerned - 6) < 1e-3)
    }

    @Test func ligaturesComeFromTheFont() throws {
        let (_, face) = try Self.dejaVu("DejaVu Serif")
        let on = face.shape("office", size: 40)
        let off = face.shape("office", size: 40, features: "-liga")
        #expect(off.count == 6)
        #expect(on.count < off.count, "DejaVu Serif has an ffi ligature")
    }

    @Test func wrappingBreaksAtSpacesWithinTheBox() throws {
        let (_, face) = try Self.dejaVu()
        let text = "one two three four five six seven eight nine ten"
        let layout = TextLayout(text, face: face, style: TextStyle(size: 17), scale: 2, boxWidth: 120)
        #expect(layout.lineWidths.count > 2)
        for w in layout.lineWidths { #expect(w <= 240) }
        let centered = TextLayout("hi", face: face, style: TextStyle(size: 17, alignment: .center), scale: 2, boxWidth: 120)
        #expect(abs(centered.glyphs[0].x - (240 - centered.width) / 2) < 1e-3)
    }

    @Test func serifPrefersBesleyAndSaysWhichFaceItUsed() throws {
        let r = try FontLibrary.resolve(FontRequest(family: "serif"))
        // Any face but Besley is a fallback: a warning, an error under --strict (README).
        #expect(r.isFallback == !r.family.hasPrefix("Besley"))
        let note = try #require(r.note)
        if r.family.hasPrefix("Besley") {
            #expect(note.contains("Besley"))
        } else {
            #expect(note.contains("Besley is not installed") && note.contains(r.family))
        }
        let mono = try FontLibrary.resolve(FontRequest(family: "mono"))
        #expect(mono.family == "DejaVu Sans Mono")
    }

    @Test func missingFontFallsBackWithAWarning() throws {
        let r = try FontLibrary.resolve(FontRequest(family: "No Such Font Family 42"))
        #expect(r.isFallback)
        #expect(r.note?.contains("'No Such Font Family 42' not found") == true)
        let file = try FontLibrary.resolve(FontRequest(family: "/nonexistent/font.ttf"))
        #expect(file.isFallback)
        // A second family name of a face in fonts-noto-core, which scripts/setup.sh installs (DejaVu Serif
        // Condensed is in fonts-dejavu-extra, which only some machines have).
        let second = try FontLibrary.resolve(FontRequest(family: "Noto Sans AnatoHiero"))
        #expect(!second.isFallback, "a face's second family name counts: \(second.families)")
        let (dejavu, _) = try Self.dejaVu()
        let byPath = try FontLibrary.resolve(FontRequest(family: dejavu.path))
        #expect(!byPath.isFallback && byPath.family == "DejaVu Sans")
    }

    /// The full block U+2588 fills its glyph box: its coverage must equal the box's area from FreeType's metrics.
    @Test func renderedCoverageMatchesTheGlyphBox() throws {
        let (r, face) = try Self.dejaVu("DejaVu Sans Mono")
        var lib: FT_Library?
        FT_Init_FreeType(&lib)
        defer { FT_Done_FreeType(lib) }
        var ft: FT_Face?
        FT_New_Face(lib, r.path, 0, &ft)
        defer { FT_Done_Face(ft) }
        FT_Set_Char_Size(ft, 0, 40 * 64, 72, 72)
        FT_Load_Glyph(ft, FT_Get_Char_Index(ft, 0x2588), FT_Int32(FT_LOAD_NO_HINTING))
        let m = ft!.pointee.glyph.pointee.metrics
        let area = Double(m.width) / 64 * Double(m.height) / 64
        let layout = TextLayout("\u{2588}", face: face, style: TextStyle(size: 40), scale: 1)
        let mask = layout.mask(at: Point(10.25, 10))
        // Anti-aliased edges sum to the exact area; the baseline snap moves the box by whole pixels only.
        // Tolerance: 1/255 per edge pixel from 8-bit coverage quantization.
        let edge = 2 * (Double(m.width) + Double(m.height)) / 64
        #expect(abs(mask.area - area) < edge / 255 + 0.5, "coverage \(mask.area) vs box \(area)")
    }

    @Test func glyphsAreRasterizedOncePerFaceSizeAndPhase() throws {
        let (_, face) = try Self.dejaVu()
        let layout = TextLayout("cache cache cache", face: face, style: TextStyle(size: 23.5), scale: 1)
        _ = layout.mask(at: Point(0, 0))
        let after = face.cachedGlyphs
        _ = layout.mask(at: Point(0, 0))
        #expect(face.cachedGlyphs == after)
        let a = layout.mask(at: Point(3, 7)), b = layout.mask(at: Point(3, 7))
        #expect(a == b)
    }

    /// A face keeps at most its budget of glyph images: a session stepping through sizes drops them all and
    /// starts again, and a glyph made again has the same coverage.
    @Test func glyphImagesStayWithinTheirBudget() throws {
        let face = try Face(path: Self.dejaVu().1.path)
        let first = face.bitmap(glyph: 36, size: 40, phase: 0)
        var most = 0
        for size in stride(from: Float(20), through: 400, by: 4) {
            _ = face.bitmap(glyph: 36, size: size, phase: 0)
            most = max(most, face.cachedGlyphBytes)
        }
        #expect(most <= GlyphImages.budget && most > GlyphImages.budget / 2, "\(most)")
        #expect(face.bitmap(glyph: 36, size: 40, phase: 0).coverage == first.coverage)
    }

    /// The unsafe glyph-accumulation kernel against a plain reference: each glyph's cached bitmap added with
    /// bounds-checked array indexing and the same clamp at 1.
    @Test func maskKernelMatchesTheScalarReference() throws {
        let (_, face) = try Self.dejaVu("DejaVu Serif")
        let layout = TextLayout("Wavy office AV ffi", face: face, style: TextStyle(size: 19, tracking: -1.5), scale: 2)
        let origin = Point(7.3, 11.6)
        let fast = layout.mask(at: origin)
        var reference = CoverageMask(originX: fast.originX, originY: fast.originY, width: fast.width, height: fast.height)
        for g in layout.glyphs {
            let q = ((origin.x + g.x) * 4).rounded(.down)
            let whole = Int((q / 4).rounded(.down)), phase = Int(q) - whole * 4
            let b = face.bitmap(glyph: g.glyph, size: layout.pixelSize, phase: phase)
            let dx = whole + b.left, dy = Int((origin.y + g.y).rounded()) - b.top
            for r in 0..<b.rows {
                for c in 0..<b.width {
                    let x = dx + c - reference.originX, y = dy + r - reference.originY
                    guard x >= 0, x < reference.width, y >= 0, y < reference.height else { continue }
                    reference[x, y] = min(1, reference[x, y] + b.coverage[r * b.width + c])
                }
            }
        }
        #expect(fast == reference)
    }
}
