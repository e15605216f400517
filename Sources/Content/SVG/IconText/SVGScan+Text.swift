/// Text inside an icon: librsvg lays it out with Pango and draws it with cairo, neither of which has a bound of
/// its own (`font-size="1e30"` overflows Pango's size and reaches the user as a GLib assertion). So every font
/// size an icon sets, as an attribute or in CSS (read for what it means: `CSSText`), is at most
/// `ContentDefaults.maxIconFontScale` times the larger side of the document's box in absolute units, and relative
/// sizes do not grow (at most `1em`, `100%`; `larger` is refused), so no nesting compounds them. Characters are
/// counted by the scan and budgeted in `SVGBudget`.
extension SVGScan {
    /// Every `font-size` and `font` in attributes and CSS, checked.
    mutating func scanFontSizes() throws(SVGCostError) {
        for (_, raw) in SVGReferencePolicy.cssContexts(bytes) where CSSText.mayHide(raw, "font") {
            let css = CSSText(XMLCharacters.decode(raw))
            for property in ["font-size", "font"] {
                for at in css.occurrences(of: property) {
                    var k = at + property.unicodeScalars.count
                    while k < css.scalars.count, css.scalars[k] == " " || css.scalars[k] == "\t" || css.scalars[k] == "\n" { k += 1 }
                    guard k < css.scalars.count, css.scalars[k] == ":" else { continue }
                    var end = k + 1
                    while end < css.scalars.count, !";}!\"'".unicodeScalars.contains(css.scalars[end]) { end += 1 }
                    try fontSize(css.decoded((k + 1)..<end), shorthand: property == "font", written: css.asWritten(at..<end))
                }
            }
        }
    }

    /// The `font-size` and `font` presentation attributes of one element.
    mutating func fontAttributes(_ attributes: [String: String]) throws(SVGCostError) {
        for (key, shorthand) in [("font-size", false), ("font", true)] {
            guard let raw = attributes[key] else { continue }
            let css = CSSText(XMLCharacters.decode(raw))
            try fontSize(css.decoded(0..<css.scalars.count), shorthand: shorthand, written: "\(key)=\"\(raw)\"")
        }
    }

    /// One value: a size keyword, or a number with a unit within the bounds above. In the `font` shorthand only
    /// the words with a unit are sizes (a bare number is a weight or a line height).
    mutating func fontSize(_ value: String, shorthand: Bool, written: String) throws(SVGCostError) {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "\t" || $0 == "\n" || $0 == "," })
        let keywords: Set<Substring> = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller",
                                        "inherit", "initial", "unset", "revert"]
        let limit = reference * Double(ContentDefaults.maxIconFontScale)
        func refuse(_ why: String) -> SVGCostError {
            let shown = written.count > 80 ? String(written.prefix(80)) + "..." : written
            return fail("the font size '\(shown)' \(why) (docs/limits.md)")
        }
        for w in words {
            if keywords.contains(w) { continue }
            if w == "larger" { throw refuse("grows with each nesting; use a size in user units") }
            let digits = w.prefix { "0123456789.+-eE".contains($0) }
            let unit = w.dropFirst(digits.count)
            if shorthand && (digits.isEmpty || unit.isEmpty) { continue }
            guard let n = Double(digits), n.isFinite else {
                if shorthand { continue }
                throw refuse("cannot be counted against the budget; use a number in user units")
            }
            let relative: [Substring: Double] = ["em": 1, "rem": 1, "ex": 0.5, "ch": 0.5, "%": 0.01]
            let absolute: [Substring: Double] = ["": 1, "px": 1, "pt": 4.0 / 3, "pc": 16, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96]
            if let k = relative[unit] {
                guard abs(n * k) <= 1 else { throw refuse("is over \(unit == "%" ? "100%" : "1\(unit)"): relative sizes in icons may not grow") }
            } else if let k = absolute[unit] {
                guard abs(n * k) <= limit else {
                    throw refuse("is over the limit of \(ScalarFormat.short(limit)) user units (\(ContentDefaults.maxIconFontScale) x the box's larger side)")
                }
                cost.fontSize = max(cost.fontSize, abs(n * k))
            } else if !shorthand {
                throw refuse("has a unit that cannot be counted against the budget")
            }
        }
    }
}
