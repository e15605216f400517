import Raster

/// Which points a path's interior holds (SVG `fill-rule`).
public enum FillRule: String, Sendable, CaseIterable {
    /// Inside where the winding number is not zero.
    case nonzero
    /// Inside where a ray crosses the outline an odd number of times.
    case evenodd
}

/// How a symbol's outline is stroked (SVG's stroke properties), in the path's own units.
public struct Stroke: Sendable, Hashable {
    public enum Cap: String, Sendable, CaseIterable { case butt, round, square }
    public enum Join: String, Sendable, CaseIterable { case miter, round, bevel }

    /// Stroke width in path units (viewBox units): 2 on a 24 grid is the Lucide and Feather weight.
    public var width: Float
    public var cap: Cap
    public var join: Join
    /// SVG's stroke-miterlimit (ratio of miter length to stroke width), at least 1.
    public var miterLimit: Float
    /// Dash and gap lengths in path units (SVG's stroke-dasharray); empty for a solid stroke.
    public var dash: [Float]

    public init(width: Float = ContentDefaults.strokeWidth, cap: Cap = ContentDefaults.strokeCap,
                join: Join = ContentDefaults.strokeJoin, miterLimit: Float = ContentDefaults.strokeMiterLimit,
                dash: [Float] = []) {
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dash = dash
    }
}

/// The artwork of a symbol: inline path data or an icon file, either way one `SVGDocument` that librsvg renders.
///
/// Inline path data is validated by `SVGPath` (so malformed data gets a message with its character offset),
/// then wrapped as a one-element document: `<svg viewBox><path d fill-rule/stroke.../></svg>`. So a filled
/// inline path, a stroked one and a file are drawn by the same code; there is no second rasterizer to keep in
/// step. (Measured before switching: librsvg's coverage of the analytic test shapes in SVGPathTests stays within
/// the tolerances the old scanline filler met; see SymbolArtworkTests.)
public enum SymbolArtwork {
    /// A document for inline path data in `viewBox` units: filled with `rule`, or, with `stroke`, stroked only
    /// (the outline icon sets are strokes with `fill="none"`).
    public static func document(path d: String, viewBox: Rect, rule: FillRule, stroke: Stroke?) throws(SVGDocumentError) -> SVGDocument {
        // Counted in UTF-8 bytes, which needs no pass over the characters: 1 MB of path data is refused here at once.
        let limit = SVGBudget.standard.pathCharacters
        guard d.utf8.count <= limit else {
            throw SVGDocumentError(message: "path data of \(d.utf8.count) characters, over the limit of \(limit); simplify the path or use an icon file (docs/limits.md)")
        }
        do {
            _ = try SVGPath(parsing: d)
        } catch {
            throw SVGDocumentError(message: error.description)
        }
        return try SVGDocument(text: text(path: d, viewBox: viewBox, rule: rule, stroke: stroke))
    }

    /// The SVG text of an inline symbol. Path data that parsed holds only commands, digits, signs, dots, `e` and
    /// separators, so it needs no escaping; it is escaped anyway so that this function is safe on its own.
    static func text(path d: String, viewBox: Rect, rule: FillRule, stroke: Stroke?) -> String {
        let box = [viewBox.x, viewBox.y, viewBox.width, viewBox.height].map(number).joined(separator: " ")
        var paint = "fill=\"black\" fill-rule=\"\(rule.rawValue)\""
        if let s = stroke {
            paint = "fill=\"none\" stroke=\"black\" stroke-width=\"\(number(s.width))\" stroke-linecap=\"\(s.cap.rawValue)\""
                + " stroke-linejoin=\"\(s.join.rawValue)\" stroke-miterlimit=\"\(number(s.miterLimit))\""
            if !s.dash.isEmpty { paint += " stroke-dasharray=\"\(s.dash.map(number).joined(separator: " "))\"" }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(box)\"><path d=\"\(escape(d))\" \(paint)/></svg>"
    }

    static func number(_ v: Float) -> String { v == v.rounded() && abs(v) < 1e7 ? String(Int(v)) : String(v) }

    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
