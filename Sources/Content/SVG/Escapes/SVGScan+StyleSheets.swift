/// What an icon's style sheets cost librsvg: it matches every selector of every `<style>` rule against every
/// element of the document (its cascade has no index by class or id), so the work is selectors x elements,
/// and a selector costs more where matching walks the tree: a combinator can walk every ancestor, and the
/// counting pseudo-classes (`:nth-child`, `:nth-of-type`, `:first-of-type`, ...) every earlier sibling.
///
/// A selector weighs 1, plus 2 per attribute selector, plus the nesting depth per combinator, plus the most
/// siblings / 8 when it counts siblings, and the work is the weights' sum x the elements: so weighted, every
/// selector kind measured costs librsvg about the same per unit (20-55 ns; the figures are in docs/limits.md).
///
/// The style text is read as librsvg reads it (`SVGReferencePolicy.cssContexts`, then character references,
/// comments and escapes decoded by `CSSText`), in one pass linear in its length.
extension SVGScan {
    /// Selector weights x elements, saturating far above any budget.
    func selectorWork() -> Int {
        let stylesheets = SVGReferencePolicy.cssContexts(bytes).filter { $0.0 == "<style>" }
        guard !stylesheets.isEmpty else { return 0 }
        var siblings = elements.count { $0.parent == nil }
        for e in elements { siblings = max(siblings, e.children.count) }
        let shape = StyleSheetShape(depth: cost.depth, siblings: siblings)
        var weights = 0
        for (_, raw) in stylesheets {
            weights = StyleSheetShape.add(weights, shape.weight(of: CSSText(XMLCharacters.decode(raw)).scalars))
        }
        return StyleSheetShape.multiply(weights, max(1, elements.count))
    }
}

/// The tree a style sheet is matched against, reduced to what selector matching walks.
struct StyleSheetShape {
    /// Deepest element nesting: the most ancestors a combinator can walk.
    let depth: Int
    /// Most children of one element: the most siblings a counting pseudo-class can walk.
    let siblings: Int

    static let cap = 1 << 40
    static func add(_ a: Int, _ b: Int) -> Int { min(cap, a + b) }
    static func multiply(_ a: Int, _ b: Int) -> Int { a == 0 || b == 0 ? 0 : (a > cap / b ? cap : a * b) }

    /// The summed weights of the selectors of the decoded style text `css`: each rule's prelude (the text
    /// before its `{`) is split at commas into selectors; its declarations are skipped to the `}`. An at-rule's
    /// block (`@media ... {`) is read on as rules; an at-rule without one (`@charset ...;`) is dropped.
    func weight(of css: [Unicode.Scalar]) -> Int {
        var total = 0
        var prelude: [Unicode.Scalar] = []
        var k = 0
        while k < css.count {
            let c = css[k]
            k += 1
            switch c {
            case "{":
                if prelude.first(where: { !$0.properties.isWhitespace }) == "@" { prelude = []; continue }
                total = Self.add(total, preludeWeight(prelude))
                prelude = []
                while k < css.count, css[k] != "}" { k += 1 }
                k += 1
            case "}":
                prelude = []
            case ";" where prelude.first(where: { !$0.properties.isWhitespace }) == "@":
                prelude = []
            default:
                prelude.append(c)
            }
        }
        return total
    }

    /// One rule's selectors: 1 each, plus 1 per selector of a list inside parentheses (`:not(.a, .b)` matches
    /// both), plus 2 per attribute selector (`[...]`), plus `depth` per combinator (white space, `>`, `+` or `~`
    /// between two compound selectors, outside brackets; inside parentheses too, where the `+` of `2n+1` is
    /// counted as one: an overcount, never an undercount), plus `siblings / 8` (rounded up) when it holds a
    /// counting pseudo-class.
    func preludeWeight(_ prelude: [Unicode.Scalar]) -> Int {
        var total = 0
        var combinators = 0, inner = 0, attributes = 0, parens = 0, brackets = 0
        var word: [Unicode.Scalar] = []
        var counting = false, pendingSpace = false, afterCompound = false, seen = false
        for c in prelude + [","] as [Unicode.Scalar] {
            if brackets > 0 {
                if c == "]" { brackets -= 1; afterCompound = true }
                continue
            }
            if c.properties.isWhitespace { pendingSpace = afterCompound; continue }
            if c == ">" || c == "+" || c == "~" {
                if afterCompound { combinators = min(combinators + 1, 1 << 20) }
                afterCompound = false; pendingSpace = false
                continue
            }
            if c == "," && parens == 0 {
                if seen {
                    var w = Self.add(1 + inner + 2 * attributes, Self.multiply(combinators, depth))
                    if counting { w = Self.add(w, (siblings + 7) / 8) }
                    total = Self.add(total, w)
                }
                combinators = 0; inner = 0; attributes = 0; counting = false; seen = false
                afterCompound = false; pendingSpace = false
                continue
            }
            if pendingSpace { combinators = min(combinators + 1, 1 << 20) }
            pendingSpace = false
            seen = true
            switch c {
            case ",": inner = min(inner + 1, 1 << 20); afterCompound = false; continue
            case "(": parens += 1; afterCompound = false; continue
            case ")": parens = max(0, parens - 1)
            case "[": attributes = min(attributes + 1, 1 << 20); brackets = 1; continue
            default: break
            }
            afterCompound = true
            word.append(c)
            if word.count > 12 { word.removeFirst() }
            if (c == "-" || c == "e") && Self.counts(word) { counting = true }
        }
        return total
    }

    /// Whether the recent characters end a counting pseudo-class's name (`:nth-`, or `-of-type`).
    static func counts(_ tail: [Unicode.Scalar]) -> Bool {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: tail)
        let s = String(v)
        return s.hasSuffix(":nth-") || s.hasSuffix("-of-type")
    }
}
