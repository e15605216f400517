import Raster

/// Horizontal alignment of lines in their box (or about the anchor point of a label without a box).
public enum TextAlignment: String, Sendable, CaseIterable {
    case left, center, right
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

    public init(size: Float = ContentDefaults.labelSize, tracking: Float = 0, alignment: TextAlignment = .left,
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
    /// Pen position in pixels: x along the line (subpixel), y the baseline.
    public var x: Float
    public var y: Float
}

/// Text shaped with HarfBuzz, broken into lines and aligned. Coordinates are device pixels relative to the top
/// of the first line box; x = 0 is the box's left edge (or, without a box, the anchor point, so that centered and
/// right-aligned lines extend to its left).
///
/// Wrapping: each paragraph (split at "\n") is shaped once; lines break greedily at spaces where the next word
/// would pass the box width; a word longer than the box stays whole on its own line. Trailing spaces do not count
/// towards a line's width. Tracking is added after every glyph but the last of a line.
public struct TextLayout: Sendable {
    public var glyphs: [PlacedGlyph]
    /// Width of each line in pixels (tracking included, trailing spaces excluded).
    public var lineWidths: [Float]
    public var ascender: Float
    public var descender: Float
    public var lineHeight: Float
    /// Pixels per em.
    public var pixelSize: Float
    public let face: Face

    /// Total height of the line boxes, pixels.
    public var height: Float { lineHeight * Float(max(1, lineWidths.count) - 1) + ascender - descender }
    public var width: Float { lineWidths.max() ?? 0 }

    /// - Parameters:
    ///   - scale: canvas pixels per point.
    ///   - boxWidth: wrap width in points, or nil for unwrapped lines about an anchor.
    public init(_ text: String, face: Face, style: TextStyle, scale: Float, boxWidth: Float? = nil) {
        self.face = face
        let px = style.size * scale
        pixelSize = px
        let m = face.metrics(size: px)
        ascender = m.ascender
        descender = m.descender
        lineHeight = m.lineHeight * style.lineSpacing
        let track = style.tracking * scale
        let limit = boxWidth.map { $0 * scale }
        var placed: [PlacedGlyph] = []
        var widths: [Float] = []
        var lines: [[(ShapedGlyph, Bool)]] = []

        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let bytes = Array(paragraph.utf8)
            let shaped = face.shape(String(paragraph), size: px, features: style.features)
            // Is glyph i a space (a break opportunity)?
            let marks = shaped.map { g in g.cluster < bytes.count && bytes[g.cluster] == 0x20 }
            var line: [(ShapedGlyph, Bool)] = []
            var lineWidth: Float = 0
            var i = 0
            while i < shaped.count {
                // The next word: glyphs up to and including the following run of spaces.
                var j = i
                while j < shaped.count && !marks[j] { j += 1 }
                var k = j
                while k < shaped.count && marks[k] { k += 1 }
                let wordWidth = shaped[i..<j].reduce(Float(0)) { $0 + $1.advance + track }
                if let limit, !line.isEmpty, lineWidth + wordWidth - track > limit {
                    lines.append(line)
                    line = []
                    lineWidth = 0
                }
                for g in i..<k { line.append((shaped[g], marks[g])) }
                lineWidth += shaped[i..<k].reduce(Float(0)) { $0 + $1.advance + track }
                i = k
            }
            lines.append(line)
        }

        for (n, line) in lines.enumerated() {
            // Visible width: up to the last non-space glyph, without its tracking.
            var end = line.count
            while end > 0 && line[end - 1].1 { end -= 1 }
            var w: Float = 0
            for g in 0..<end { w += line[g].0.advance + (g < end - 1 ? track : 0) }
            widths.append(w)
            let start: Float
            switch style.alignment {
            case .left: start = 0
            case .center: start = ((limit ?? 0) - w) / 2
            case .right: start = (limit ?? 0) - w
            }
            let baseline = ascender + Float(n) * lineHeight
            var pen = start
            for g in 0..<end {
                let s = line[g].0
                placed.append(PlacedGlyph(glyph: s.glyph, x: pen + s.offset.x, y: baseline + s.offset.y))
                pen += s.advance + track
            }
        }
        glyphs = placed
        lineWidths = widths
    }

    /// The anti-aliased coverage of the text with its layout origin at `origin` (device pixels), from cached
    /// glyph bitmaps. Baselines snap to whole pixels and pen positions to a quarter pixel, so the same layout at
    /// the same origin always produces the same bytes.
    public func mask(at origin: Point) -> CoverageMask {
        let phases = Face.subpixelPhases
        var pieces: [(GlyphBitmap, Int, Int)] = []
        pieces.reserveCapacity(glyphs.count)
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for g in glyphs {
            let px = origin.x + g.x
            let q = (px * Float(phases)).rounded(.down)
            let whole = Int(checked: q / Float(phases), .down)
            let phase = Int(checked: q) - whole * phases
            let baseline = Int(checked: origin.y + g.y, .toNearestOrAwayFromZero)
            let b = face.bitmap(glyph: g.glyph, size: pixelSize, phase: phase)
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
}
