/// The most an SVG document may cost librsvg and cairo (`SVGCost` measures it), with one refusal per budget
/// that names the count and the limit. Checked by `SVGDocument` before librsvg sees the text: librsvg and cairo
/// have no cancellation, so a document they would draw for minutes must never reach them.
public struct SVGBudget: Sendable, Equatable {
    public var pathCharacters = ContentDefaults.maxPathCharacters
    public var pathSegments = ContentDefaults.maxPathSegments
    public var segments = ContentDefaults.maxSymbolSegments
    public var crossingPairs = ContentDefaults.maxCrossingPairs
    public var elements = ContentDefaults.maxSymbolElements
    public var depth = ContentDefaults.maxSymbolDepth
    public var dashes = ContentDefaults.maxDashSegments
    public var filterWork = ContentDefaults.maxFilterWork
    public var picturePixels = ContentDefaults.maxIconPicturePixels
    public var textCharacters = ContentDefaults.maxIconTextCharacters
    public var textScale = ContentDefaults.maxIconTextScale
    public var selectorWork = ContentDefaults.maxSelectorWork

    public init() {}

    /// The budgets of docs/limits.md.
    public static let standard = SVGBudget()

    /// A count of dash pieces for a message, rounded up. The count is a quotient of lengths (a path of 1.5e38
    /// units made one the fuzzer found, which `Int(_:)` traps on), so only a count that fits is written as an
    /// integer; nil for one that is not finite.
    static func count(_ n: Double) -> String? {
        guard n.isFinite else { return nil }
        return n < 1e15 ? "\(Int(n.rounded(.up)))" : "\(n.rounded(.up))"
    }

    /// Megapixels for messages, to one decimal.
    static func megapixels(_ pixels: Int) -> String { ScalarFormat.short((Double(pixels) / 1e5).rounded() / 10) }

    /// A picture's size for messages: "30000 x 30000 px", with its frames when it has several.
    static func size(_ p: PictureSize) -> String { "\(p.width) x \(p.height) px" + (p.frames > 1 ? " x \(p.frames) frames" : "") }

    /// Throws for the first budget `cost` is over.
    public func check(_ cost: SVGCost) throws(SVGDocumentError) {
        func over(_ what: String, _ count: String, _ limit: String, _ hint: String) -> SVGDocumentError {
            SVGDocumentError(message: "\(what) \(count), over the limit of \(limit); \(hint) (docs/limits.md)")
        }
        if cost.elements > elements {
            throw over("the icon draws", "\(cost.elements) elements (<use> and markers counted per instance)", "\(elements)", "simplify the icon")
        }
        if cost.depth > depth {
            throw over("the icon nests elements", "\(cost.depth) deep", "\(depth)", "flatten its groups")
        }
        if cost.largestPath > pathSegments {
            throw over("a path holds at least", "\(cost.largestPath) segments (an arc counts as up to four)", "\(pathSegments) per path", "simplify the path")
        }
        if cost.segments > segments {
            throw over("the icon draws", "\(cost.segments) path segments (<use> and markers counted per instance)", "\(segments)", "simplify the icon")
        }
        if cost.crossingPairs > crossingPairs {
            throw over("the icon's paths have", "more than \(crossingPairs) pairs of segments whose boxes overlap", "\(crossingPairs)",
                       "a path that crosses itself this often takes cairo seconds to fill; split or simplify it")
        }
        // Not `>`: a length that overflows to infinity, or one that is not a number, is over the budget too.
        if !(cost.dashes <= dashes) {
            throw over("the dashes make", Self.count(cost.dashes).map { "about \($0) pieces" } ?? "too many pieces to count",
                       Self.count(dashes) ?? "\(dashes)", "lengthen the dash array")
        }
        if cost.picturePixels > picturePixels {
            let p = cost.largestPicture.map { " (the largest \(Self.size($0)))" } ?? ""
            throw over("the icon's embedded pictures decode to", "\(Self.megapixels(cost.picturePixels)) megapixels\(p)",
                       "\(Self.megapixels(picturePixels)) megapixels per icon (4096 x 4096)", "embed a smaller picture")
        }
        if cost.textCharacters > textCharacters {
            throw over("the icon's <text> holds", "\(cost.textCharacters) characters", "\(textCharacters)", "draw the text as paths or label it in the scene")
        }
        if cost.textCharacters > 0, let written = cost.uncountedTextScale {
            throw SVGDocumentError(message: "the icon has <text> and a transform or viewport whose scale cannot be counted: '\(written)'; use the SVG transform functions with numbers (docs/limits.md)")
        }
        if cost.textCharacters > 0, !(cost.textScale <= textScale) {
            let factor = cost.textScale < 1e15 ? ScalarFormat.short(cost.textScale) : "\(cost.textScale)"
            throw over("the icon's transforms and viewports can enlarge its <text>", "\(factor) times", "\(ScalarFormat.short(textScale)) times",
                       "Pango lays the text out at its enlarged size; scale the box in the scene or draw the text as paths")
        }
        if cost.selectorWork > selectorWork {
            throw over("the icon's style sheets make", "\(cost.selectorWork) selector x element matches (weighted: more per attribute selector, combinator and counting pseudo-class)",
                       "\(selectorWork)", "librsvg matches every selector against every element; use fewer rules or fewer elements")
        }
        if cost.filterWork > filterWork {
            throw over("filters run", "\(cost.filterWork) primitive passes (each filtered element's filter's primitives, summed)", "\(filterWork)", "filter fewer elements")
        }
    }
}
