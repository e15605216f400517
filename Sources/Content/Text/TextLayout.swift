import Raster

/// Horizontal alignment of lines in their box (or about the anchor point of a label without a box). `leading`
/// and `trailing` follow each paragraph's direction: leading is left in a left-to-right paragraph and right in
/// a right-to-left one.
public enum TextAlignment: String, Sendable, CaseIterable {
    case leading, trailing, left, center, right

    /// The physical alignment in a paragraph of the given direction.
    func resolved(rightToLeft: Bool) -> TextAlignment {
        switch self {
        case .leading: return rightToLeft ? .right : .left
        case .trailing: return rightToLeft ? .left : .right
        default: return self
        }
    }
}

/// How a label is set: size, tracking, alignment, line spacing and OpenType features.
public struct TextStyle: Sendable, Hashable {
    /// Size in points (multiplied by the canvas scale to pixels per em).
    public var size: Float
    /// Extra space after each glyph, in points (Apple's tracking; CSS letter-spacing). May be negative.
    public var tracking: Float
    public var alignment: TextAlignment
    /// Multiplier of the font's own line height (ascender - descender + line gap).
    public var lineSpacing: Float
    /// HarfBuzz features, e.g. "-liga" or "-kern,+tnum"; empty means the script's defaults (kerning and standard
    /// ligatures on).
    public var features: String

    public init(size: Float = ContentDefaults.labelSize, tracking: Float = 0, alignment: TextAlignment = .leading,
                lineSpacing: Float = 1, features: String = "") {
        self.size = size
        self.tracking = tracking
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.features = features
    }
}

/// A glyph placed in device pixels: its pen position, relative to the layout's top-left.
public struct PlacedGlyph: Sendable, Hashable {
    public var glyph: UInt32
    /// Index of the face that draws it in the layout's `faces` (0: the label's own face, above: fallbacks).
    public var face: Int = 0
    /// Pen position in pixels: x along the line (subpixel), y the baseline.
    public var x: Float
    public var y: Float
}

/// Text shaped with HarfBuzz, broken into lines and aligned. Coordinates are device pixels relative to the top
/// of the first line box; x = 0 is the box's left edge (or, without a box, the anchor point, so that centered and
/// right-aligned lines extend to its left).
///
/// Each paragraph (split at "\n") goes through the steps of UAX #9 and font fallback, once:
/// 1. embedding levels from FriBidi (`BidiParagraph`), paragraph direction from its first strong character;
/// 2. a face per character: the label's face, or the fallback face for characters it lacks (`FontFallback`);
/// 3. runs: maximal spans of one level, face and script, each shaped by HarfBuzz in its direction and script,
///    with the whole paragraph as context;
/// 4. lines break greedily at spaces, in logical order, where the next word would pass the box width; a word
///    longer than the box stays whole on its own line. Trailing spaces do not count towards a line's width;
/// 5. each line's pieces of runs are put in visual order (rule L2) and aligned.
/// Tracking is added after every glyph but the last of a line.
public struct TextLayout: Sendable {
    public var glyphs: [PlacedGlyph]
    /// Width of each line in pixels (tracking included, trailing spaces excluded).
    public var lineWidths: [Float]
    public var ascender: Float
    public var descender: Float
    public var lineHeight: Float
    /// Pixels per em.
    public var pixelSize: Float
    /// The label's own face.
    public let face: Face
    /// Every face the glyphs use: `face` first, then fallbacks in order of first use.
    public let faces: [Face]

    /// Total height of the line boxes, pixels.
    public var height: Float { lineHeight * Float(max(1, lineWidths.count) - 1) + ascender - descender }
    public var width: Float { lineWidths.max() ?? 0 }

    /// - Parameters:
    ///   - scale: canvas pixels per point.
    ///   - boxWidth: wrap width in points, or nil for unwrapped lines about an anchor.
    ///   - request: the font request fallback faces are sorted for (weight, slant, family); nil asks for the
    ///     face's own family at regular weight.
    public init(_ text: String, face: Face, style: TextStyle, scale: Float, boxWidth: Float? = nil,
                request: FontRequest? = nil) {
        self.face = face
        let px = style.size * scale
        pixelSize = px
        let m = face.metrics(size: px)
        ascender = m.ascender
        descender = m.descender
        lineHeight = m.lineHeight * style.lineSpacing
        let track = style.tracking * scale
        let limit = boxWidth.map { $0 * scale }
        var faces = FaceList(face, request: request ?? FontRequest(family: face.family))
        var placed: [PlacedGlyph] = []
        var widths: [Float] = []
        var lineIndex = 0

        for text in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let paragraph = ShapedParagraph(BidiParagraph(text), faces: &faces, size: px, features: style.features)
            let alignment = style.alignment.resolved(rightToLeft: paragraph.bidi.isRightToLeft)
            for line in paragraph.lines(limit: limit, track: track) {
                let pieces = paragraph.visualGlyphs(line)
                var w: Float = 0
                for (n, g) in pieces.enumerated() { w += g.glyph.advance + (n < pieces.count - 1 ? track : 0) }
                widths.append(w)
                let start: Float
                switch alignment {
                case .center: start = ((limit ?? 0) - w) / 2
                case .right, .trailing: start = (limit ?? 0) - w
                default: start = 0
                }
                let baseline = ascender + Float(lineIndex) * lineHeight
                var pen = start
                for g in pieces {
                    let s = g.glyph
                    placed.append(PlacedGlyph(glyph: s.glyph, face: g.face, x: pen + s.offset.x, y: baseline + s.offset.y))
                    pen += s.advance + track
                }
                lineIndex += 1
            }
        }
        glyphs = placed
        lineWidths = widths
        self.faces = faces.faces
    }

    /// The anti-aliased coverage of the text with its layout origin at `origin` (device pixels), from cached
    /// glyph bitmaps. Baselines snap to whole pixels and pen positions to a quarter pixel, so the same layout at
    /// the same origin always produces the same bytes.
    public func mask(at origin: Point) -> CoverageMask {
        let phases = Face.subpixelPhases
        var pieces: [(GlyphBitmap, Int, Int)] = []
        pieces.reserveCapacity(glyphs.count)
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for g in glyphs where !faces[g.face].isColor {
            let px = origin.x + g.x
            let q = (px * Float(phases)).rounded(.down)
            let whole = Int(checked: q / Float(phases), .down)
            let phase = Int(checked: q) - whole * phases
            let baseline = Int(checked: origin.y + g.y, .toNearestOrAwayFromZero)
            let b = faces[g.face].bitmap(glyph: g.glyph, size: pixelSize, phase: phase)
            guard b.width > 0, b.rows > 0 else { continue }
            let dx = whole + b.left, dy = baseline - b.top
            pieces.append((b, dx, dy))
            x0 = min(x0, dx); y0 = min(y0, dy)
            x1 = max(x1, dx + b.width); y1 = max(y1, dy + b.rows)
        }
        guard !pieces.isEmpty else { return CoverageMask(originX: Int(checked: origin.x, .toNearestOrAwayFromZero), originY: Int(checked: origin.y, .toNearestOrAwayFromZero), width: 0, height: 0) }
        var mask = CoverageMask(originX: x0, originY: y0, width: x1 - x0, height: y1 - y0)
        for (b, dx, dy) in pieces { mask.add(bitmap: b, atX: dx, y: dy) }
        return mask
    }

    /// The color glyphs (emoji) of the text with its layout origin at `origin`, snapped to whole pixels: drawn
    /// after the label's mask, in their own colors (see `ColorGlyph`).
    public func colorGlyphs(at origin: Point) -> [ColorGlyphImage] {
        glyphs.compactMap { g in
            guard faces[g.face].isColor else { return nil }
            let b = faces[g.face].colorBitmap(glyph: g.glyph, size: pixelSize)
            guard b.width > 0 else { return nil }
            return ColorGlyphImage(glyph: b, originX: Int((origin.x + g.x).rounded()) + b.left,
                                   originY: Int((origin.y + g.y).rounded()) - b.top)
        }
    }
}
