import ChildProcess
import Foundation
import Testing
import Raster
@testable import Content

/// Bidirectional text and shaping against HarfBuzz's own renderer, `hb-view` (libharfbuzz-bin), against
/// Chromium's independent bidi implementation, and the levels of UAX #9 worked out by hand.
///
/// The oracle: each directional run of a string, in the visual order UAX #9 gives (derived by hand below, not
/// by our code), is rendered by hb-view with the same font file, 10x larger (hb-view rounds every advance to a
/// whole pixel; at 10x that rounding is a tenth of a pixel at the compared size), and the runs are placed side
/// by side at their advance widths. Both images are reduced to their inked columns (coverage reaches 0.5
/// somewhere in the column), and every inked column of each must lie within 1 px of an inked column of the
/// other. Letters and words sit at their positions in the visual order, so a run in the wrong order, a letter
/// drawn in the wrong direction or a mis-shaped cluster moves ink by many pixels (tested: drawing runs in
/// logical order fails the mixed Arabic case by 12 px; shaping right-to-left runs left to right fails the
/// Arabic, Hebrew and both mixed cases by 4 to 10 px). Tolerance 1 px: FreeType at 40 px against
/// hb-view's cairo at 400 px reduced by a box filter put an edge column on either side of 0.5.
@Suite struct TextOracleTests {
    static let size: Float = 40
    static let sans = FontRequest(family: "sans")

    @Test func levelsFollowUAX9() {
        // "Library مكتبة 2026" in a left-to-right paragraph: Latin L at 0; Arabic AL at 1; the space between AL
        // and EN resolves to R (rules W2, W7 do not apply, N1 with EN as R) so 1; European digits after AL become
        // AN (W2) and sit at 2 (I2).
        let p = BidiParagraph("Library مكتبة 2026")
        #expect(!p.isRightToLeft)
        #expect(p.levels == [0, 0, 0, 0, 0, 0, 0, 0] + [1, 1, 1, 1, 1] + [1] + [2, 2, 2, 2])
        // A Hebrew paragraph with a number: the paragraph is right to left (P2), digits at 2.
        let h = BidiParagraph("עד 20:00")
        #expect(h.isRightToLeft)
        #expect(h.levels == [1, 1, 1, 2, 2, 2, 2, 2])
        // Rule L2 over run levels [0, 1, 2]: reverse runs at >= 2 (one run), then >= 1: 0, 2, 1.
        #expect(BidiParagraph.visualOrder(levels: [0, 1, 2]) == [0, 2, 1])
        #expect(BidiParagraph.visualOrder(levels: [1, 2, 1, 0]) == [2, 1, 0, 3])
    }

    @Test func leadingAndTrailingFollowTheParagraphDirection() throws {
        let face = try Face.shared(try FontLibrary.resolve(Self.sans))
        func span(_ text: String, _ a: TextAlignment) -> (Float, Float) {
            let l = TextLayout(text, face: face, style: TextStyle(size: 17, alignment: a), scale: 1, boxWidth: 300, request: Self.sans)
            return (l.glyphs.map(\.x).min() ?? 0, 300 - l.lineWidths[0])
        }
        // A right-to-left paragraph: leading is the right edge (its line starts at 300 - width), trailing the left.
        let hebrew = "ספרייה פתוחה"
        let (leadStart, rightStart) = span(hebrew, .leading)
        #expect(abs(leadStart - rightStart) < 1.5, "leading starts at \(leadStart), right alignment at \(rightStart)")
        #expect(span(hebrew, .trailing).0 < 1.5)
        // A left-to-right paragraph: leading is left, trailing right; the first strong character decides, so a
        // Latin paragraph with a Hebrew word stays left to right.
        #expect(span("Library", .leading).0 < 1.5)
        #expect(abs(span("Library", .trailing).0 - span("Library", .right).1) < 1.5)
        #expect(span("Meet דנה", .leading).0 < 1.5)
    }

    static func hbView() -> String? { DevTool.find("hb-view") }

    /// The face fontconfig gives our fallback for a character (the oracle must use the same font file).
    static func fontFile(for c: Unicode.Scalar) throws -> String {
        let primary = try Face.shared(try FontLibrary.resolve(sans))
        if primary.glyphIndex(c) != 0 { return primary.path }
        return try #require(FontFallback.face(for: c, request: sans)).resolution.path
    }

    /// Ink per column (max coverage) of hb-view's rendering of runs placed side by side, at 1/10 scale.
    static func oracleColumns(_ runs: [(text: String, font: String, rtl: Bool)]) throws -> [Float] {
        var columns: [Float] = []
        var pen = 0   // in hb-view pixels (10x)
        var big: [Float] = []
        for (n, run) in runs.enumerated() {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-hbview-\(UUID().uuidString)-\(n).png").path
            let p = Process()
            p.executableURL = URL(fileURLWithPath: hbView()!)
            p.arguments = ["--font-file=\(run.font)", "--font-size=\(Int(size) * 10)", "--margin=0", "--direction=\(run.rtl ? "rtl" : "ltr")",
                           "-O", "png", "-o", out, run.text]
            try p.run()
            p.waitUntilExit()
            #expect(p.terminationStatus == 0)
            let png = try PNG.read(path: out)
            if big.count < pen + png.width { big += [Float](repeating: 0, count: pen + png.width - big.count) }
            for x in 0..<png.width {
                var ink: Float = 0
                for y in 0..<png.height { ink = max(ink, 1 - Float(png.samples[(y * png.width + x) * 4]) / 65535) }
                big[pen + x] = max(big[pen + x], ink)
            }
            pen += png.width
        }
        // Box-reduce by 10: the coverage of a 1 px column is the mean of its ten 0.1 px columns at their inkiest.
        for x in stride(from: 0, to: big.count, by: 10) {
            let slice = big[x..<min(big.count, x + 10)]
            columns.append(slice.reduce(0, +) / 10)
        }
        return columns
    }

    /// Ink per column of our label, starting at x = 0.
    static func ourColumns(_ text: String) throws -> [Float] {
        let face = try Face.shared(try FontLibrary.resolve(sans))
        // Left-aligned: a right-to-left paragraph would otherwise end at x = 0 (leading is right for it).
        let layout = TextLayout(text, face: face, style: TextStyle(size: size, alignment: .left), scale: 1, request: sans)
        // Ink left of the pen's start (a negative bearing) is dropped, as hb-view's image without margin drops it.
        let mask = layout.mask(at: Point(0, 40))
        var columns = [Float](repeating: 0, count: max(0, mask.originX + mask.width))
        for x in 0..<mask.width where mask.originX + x >= 0 {
            for y in 0..<mask.height { columns[mask.originX + x] = max(columns[mask.originX + x], mask[x, y]) }
        }
        return columns
    }

    /// The inked columns: coverage reaches 0.5 somewhere in the column.
    static func inked(_ columns: [Float]) -> [Int] { columns.indices.filter { columns[$0] >= 0.5 } }

    /// The farthest any inked column of one image is from the nearest inked column of the other (the Hausdorff
    /// distance of the two sets, px).
    static func distance(_ a: [Int], _ b: [Int]) -> Int {
        func oneWay(_ p: [Int], _ q: [Int]) -> Int {
            p.map { x in q.map { abs($0 - x) }.min() ?? Int.max }.max() ?? 0
        }
        return max(oneWay(a, b), oneWay(b, a))
    }

    static let cases: [(String, String, [(String, Unicode.Scalar, Bool)])] = [
        // name, our text, the runs in visual order: (run text, a character whose font the run uses, rtl)
        ("arabic", "مكتبة مفتوحة", [("مكتبة مفتوحة", "م", true)]),
        ("hebrew", "ספרייה פתוחה", [("ספרייה פתוחה", "ס", true)]),
        ("devanagari", "पुस्तकालय खुला", [("पुस्तकालय खुला", "प", false)]),
        // UAX #9 by hand (see levelsFollowUAX9): "Library " at 0, then the digits (2), then "مكتبة " (1, so its
        // trailing space lands at its left).
        ("mixed-arabic", "Library مكتبة 2026", [("Library ", "L", false), ("2026", "2", false), ("مكتبة ", "م", true)]),
        // An LTR paragraph with a Hebrew name: the name alone is at level 1; the spaces around it stay at 0.
        ("mixed-hebrew", "Meet דנה at 10", [("Meet ", "M", false), ("דנה", "ד", true), (" at 10", "a", false)]),
    ]

    @Test(.enabled(if: hbView() != nil, Comment(rawValue: DevTool.missing("hb-view", package: "libharfbuzz-bin"))), arguments: cases.indices)
    func runsAndShapingMatchHbView(index: Int) throws {
        let (name, text, runs) = Self.cases[index]
        let expected = Self.inked(try Self.oracleColumns(try runs.map { ($0.0, try Self.fontFile(for: $0.1), $0.2) }))
        let actual = Self.inked(try Self.ourColumns(text))
        #expect(!expected.isEmpty && !actual.isEmpty)
        let d = Self.distance(expected, actual)
        #expect(d <= 1, "\(name): an inked column is \(d) px from the other renderer's ink")
    }

    @Test(.enabled(if: DevTool.find("hb-shape") != nil, Comment(rawValue: DevTool.missing("hb-shape", package: "libharfbuzz-bin"))))
    func emojiSequencesShapeAsHarfBuzzShapesThem() throws {
        // hb-view 6.0 draws nothing for color bitmap (CBDT) glyphs, so for emoji the oracle is HarfBuzz's own
        // shaper: the same face file at twice its strike size (218 px, so the strike scaling is exercised) must
        // give the same glyphs (a skin-tone sequence and a flag are one glyph each) and the same pen positions,
        // within 1 px (tested: dropping the strike scaling moves the pens by 135 and 270 px).
        let text = "🎉👍🏽🇯🇵"
        let font = try Self.fontFile(for: "🎉")
        let p = Process()
        let pipe = Pipe()
        p.executableURL = URL(fileURLWithPath: DevTool.find("hb-shape")!)
        p.arguments = ["--font-file=\(font)", "--font-size=218", "--output-format=json", "--no-glyph-names", text]
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let shaped = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var pen = 0
        var expected: [(UInt32, Int)] = []
        for g in shaped {
            expected.append((UInt32(g["g"] as? Int ?? -1), pen))
            pen += g["ax"] as? Int ?? 0
        }
        let face = try Face.shared(try FontLibrary.resolve(Self.sans))
        let layout = TextLayout(text, face: face, style: TextStyle(size: 218, alignment: .left), scale: 1, request: Self.sans)
        #expect(layout.glyphs.map(\.glyph) == expected.map(\.0))
        for (g, e) in zip(layout.glyphs, expected) { #expect(abs(g.x - Float(e.1)) <= 1, "glyph \(g.glyph) at \(g.x), hb-shape \(e.1)") }
        #expect(layout.glyphs.allSatisfy { layout.faces[$0.face].isColor })
    }

    /// Ink per column of Chromium's rendering of a paragraph in DejaVu Sans at 40 px (black on white, device
    /// scale 1), `dir="auto"` so the paragraph direction comes from the first strong character as in UAX #9.
    static func chromiumColumns(_ text: String) throws -> [Float] {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-chromium-bidi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let html = dir.appendingPathComponent("bidi.html").path, shot = dir.appendingPathComponent("bidi.png").path
        try """
            <!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;background:#fff;color:#000}
            div{position:absolute;left:0;top:0;font-family:"DejaVu Sans";font-size:\(Int(size))px;white-space:pre;line-height:60px}
            </style></head><body><div dir="auto">\(text)</div></body></html>
            """.write(toFile: html, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: DevTool.find("chromium")!)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                       "--user-data-dir=\(dir.appendingPathComponent("profile").path)", "--window-size=600,80",
                       "--screenshot=\(shot)", "file://\(html)"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        let png = try PNG.read(path: shot)
        return (0..<png.width).map { x in
            (0..<png.height).map { y in 1 - Float(png.samples[(y * png.width + x) * 4]) / 65535 }.max() ?? 0
        }
    }

    @Test(.enabled(if: DevTool.find("chromium") != nil, Comment(rawValue: DevTool.missing("chromium", package: "chromium"))),
          arguments: ["Library مكتبة 2026", "Meet דנה at 10:00", "עד 20:00 (היום)"])
    func visualOrderMatchesChromium(text: String) throws {
        // An independent implementation of UAX #9 (Chromium's, ICU), not an order written by hand: the same
        // paragraph in the same face (DejaVu Sans has every character here, so no fallback choice can differ)
        // must put ink in the same columns, within 1 px (tested: drawing runs in logical order fails the Arabic
        // and the right-to-left paragraphs by 13 px; the Hebrew name alone is one run, its order the same).
        let face = try Face.shared(try FontLibrary.resolve(Self.sans))
        #expect(text.unicodeScalars.allSatisfy { $0 == " " || face.glyphIndex($0) != 0 }, "DejaVu Sans lacks a character")
        let d = Self.distance(Self.inked(try Self.chromiumColumns(text)), Self.inked(try Self.ourColumns(text)))
        #expect(d <= 1, "\(text): an inked column is \(d) px from Chromium's ink")
    }
}
