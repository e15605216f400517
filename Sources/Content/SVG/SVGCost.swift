import Raster

/// What an SVG document would cost librsvg and cairo to draw, measured from its text by a bounded scan before
/// librsvg sees it (`SVGBudget` holds the limits and the refusals).
///
/// Why these numbers: measured with librsvg 2.54 (rsvg-convert at 200 x 200 px on this machine), the time of a
/// fill grows with the square of its segments when they cross each other (1,000 random lines 1.4 s, 2,000
/// 3.9 s, 1,000 random cubics 3.8 s, 10,000 cubics 305 s) but stays under 0.2 s for 4,000 segments that do
/// not (a random walk of short lines): cairo's scan converter re-sorts its crossing edges row by row. So the
/// cost of a path is its segments and its *crossing pairs*, counted here as pairs of segments whose bounding
/// boxes overlap (an upper bound of the pairs that cross). Dashes multiply a stroke's pieces by path length /
/// dash period; `<use>` and markers instance other elements; every filter primitive runs once per element its
/// filter applies to, over at most the symbol's pixels (librsvg clips filter regions to its surface).
///
/// The scan reads tags and attributes only: it is a tokenizer, not an XML parser (librsvg's own parser decides
/// what the document means). Each loop advances through the text, so it takes time linear in the file (at most
/// `ContentDefaults.maxSymbolFileBytes`), plus the pair count, which it stops once a path passes its budget.
public struct SVGCost: Sendable, Equatable {
    /// Elements drawn, with `<use>` replaced by what it instances and markers by one copy per vertex.
    public var elements = 0
    /// Deepest element nesting.
    public var depth = 0
    /// Segments of the largest single path (arcs counted as the cubics they become: up to four).
    public var largestPath = 0
    /// Segments over the whole document, instanced as `elements` is.
    public var segments = 0
    /// Segment pairs with overlapping boxes, summed over the paths drawn (each path is one cairo fill or
    /// stroke; pairs of different paths cost nothing extra).
    public var crossingPairs = 0
    /// Estimated dash pieces: the length of every stroke-able element / the shortest dash period x its entries.
    public var dashes = 0.0
    /// Filter passes: the primitives of each filtered element's filter (of the largest filter when the scan
    /// cannot tell which), summed over the elements drawn: passes over the symbol's pixels, at most
    /// (`SceneDecoder.checkSymbols` multiplies by them).
    public var filterWork = 0
    /// Pixels of the pictures embedded by `data:` URLs (nested `data:` SVG documents' included), each decoded
    /// once per document and held while it lives: 4 bytes each in the memory estimate.
    public var picturePixels = 0
    /// The largest of those pictures, for messages.
    public var largestPicture: PictureSize?
    /// Characters inside `<text>` elements (nested documents' included).
    public var textCharacters = 0
    /// The most the document's transforms and nested viewports can enlarge its text (`SVGScan+TextScale`), and
    /// a transform the scan could not read, quoted: they matter only where there is text.
    public var textScale = 1.0
    public var uncountedTextScale: String?
    /// The largest font size the document sets in absolute units (user units), at least 32 (`xx-large`, the
    /// largest keyword; relative sizes do not grow, `SVGScan+Text`): a bound of any glyph's size before its
    /// transforms.
    public var fontSize = 32.0
    /// Style-sheet selector matching: each `<style>` selector's weight (1, more where matching walks ancestors
    /// or siblings) x the document's elements (`SVGScan+StyleSheets`).
    public var selectorWork = 0

    public init() {}
}

/// A problem the scan itself finds: something whose cost it cannot count (entity declarations, character
/// references in measured attributes, malformed path data, lengths in relative units in a dashed document).
extension SVGCost {
    /// A bound of the area Pango and cairo lay the document's text out at, in device pixels, when one user unit
    /// of its box is drawn `pixelsPerUnit` device pixels wide: characters x (font size x text scale x pixels
    /// per unit)^2. 0 without text. Glyphs are laid out at their full size whatever part of them is on the
    /// surface, so this, not the symbol's pixels, is what text costs (docs/limits.md).
    public func glyphArea(pixelsPerUnit: Double) -> Double {
        guard textCharacters > 0 else { return 0 }
        let side = fontSize * textScale * pixelsPerUnit
        return Double(textCharacters) * side * side
    }
}

public struct SVGCostError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

extension SVGCost {
    /// Counts for path data alone (an inline symbol): its segments, crossing pairs and, with a dash array, dash
    /// pieces.
    public init(path: SVGPath, dash: [Float]) {
        self.init()
        elements = 1
        depth = 1
        largestPath = path.segments.count
        segments = path.segments.count
        crossingPairs = SVGCost.crossingPairs(path, stopAbove: Int.max)
        let period = dash.reduce(0) { $0 + Double($1) } * (dash.count % 2 == 1 ? 2 : 1)
        if period > 0 { dashes = SVGCost.length(path) / period * Double(max(2, dash.count)) }
    }

    /// Pairs of segments whose bounding boxes overlap (touching ends included), counting stops once above
    /// `stopAbove`. Sweep over boxes sorted by their left edge: each pair is visited once.
    public static func crossingPairs(_ path: SVGPath, stopAbove: Int) -> Int {
        var boxes: [(x0: Float, x1: Float, y0: Float, y1: Float)] = []
        boxes.reserveCapacity(path.segments.count)
        var pen = Point.zero, start = Point.zero
        for s in path.segments {
            var pts: [Point]
            switch s {
            case .move(let p): pen = p; start = p; continue
            case .line(let p): pts = [pen, p]; pen = p
            case .cubic(let a, let b, let c): pts = [pen, a, b, c]; pen = c
            case .close: pts = [pen, start]; pen = start
            }
            var lo = pts[0], hi = pts[0]
            for p in pts.dropFirst() { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
            boxes.append((lo.x, hi.x, lo.y, hi.y))
        }
        boxes.sort { $0.x0 < $1.x0 }
        var pairs = 0
        for i in boxes.indices {
            let a = boxes[i]
            var j = i + 1
            while j < boxes.count, boxes[j].x0 <= a.x1 {
                if boxes[j].y0 <= a.y1 && a.y0 <= boxes[j].y1 {
                    pairs += 1
                    if pairs > stopAbove { return pairs }
                }
                j += 1
            }
        }
        return pairs
    }

    /// The length of the control polygon: at least the length of the curve, so dashes are not undercounted.
    public static func length(_ path: SVGPath) -> Double {
        var total = 0.0
        var pen = Point.zero, start = Point.zero
        func d(_ a: Point, _ b: Point) -> Double {
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            return (dx * dx + dy * dy).squareRoot()
        }
        for s in path.segments {
            switch s {
            case .move(let p): pen = p; start = p
            case .line(let p): total += d(pen, p); pen = p
            case .cubic(let a, let b, let c): total += d(pen, a) + d(a, b) + d(b, c); pen = c
            case .close: total += d(pen, start); pen = start
            }
        }
        return total
    }
}
