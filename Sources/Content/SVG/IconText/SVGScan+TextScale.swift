import Raster

/// How much an icon's geometry can enlarge its text. The font budget bounds sizes in the document's own units,
/// but Pango lays text out at its size on the device, so a `scale(1e12)` around a `<text>` reaches it as a font
/// tens of orders too large (librsvg then spends 5-20 s in Pango). An element's own factor is the largest
/// singular value of its `transform` (attribute or CSS, every function's bound multiplied), or, for a nested
/// viewport with a `viewBox`, its viewport's larger side over the viewBox's smaller one; at least 1. The product of
/// every element's factor bounds any chain of ancestors and `<use>` instances (each element lies at most once on
/// a chain), so it bounds the text's enlargement without following the tree. Counted only where there is text.
extension SVGScan {
    /// Multiplies in one element's own factor; remembers a transform it cannot read.
    mutating func countTextScale(_ local: String, _ a: [String: String]) throws(SVGCostError) {
        if let t = a["transform"] { enlarge(by: Self.transformScale(t, css: false), written: "transform=\"\(t)\"") }
        // The root's viewport is the symbol's box when it has a width or height (`SVGDocument.box`): its
        // viewBox is fitted into it as a nested one is ("slice" and "none" scale by the larger ratio).
        let root = elements.isEmpty
        if let vb = a["viewBox"], !root || a["width"] != nil || a["height"] != nil {
            let v = vb.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }).compactMap { Double($0) }
            guard v.count == 4 else { return }
            let keys = local == "marker" ? ["markerWidth", "markerHeight"] : ["width", "height"]
            var viewport = root ? 0 : reference
            for key in keys { if let raw = a[key] { viewport = max(viewport, abs(try length(raw, what: "\(local) \(key)"))) } }
            let smaller = min(abs(v[2]), abs(v[3]))
            enlarge(by: smaller > 0 ? viewport / smaller : nil, written: "viewBox=\"\(vb)\"")
        } else if local == "use" || local == "image" {
            // A `<use>` of a symbol, or a picture, draws into a box of its own: its size over the root's.
            for key in ["width", "height"] {
                if let raw = a[key] { enlarge(by: abs(try length(raw, what: "\(local) \(key)")) / reference, written: "\(key)=\"\(raw)\"") }
            }
        }
    }

    /// Every `transform` property in CSS (attributes' `style` and `<style>` text), read for what it means.
    mutating func scanCSSTransforms() {
        for (_, raw) in SVGReferencePolicy.cssContexts(bytes) where CSSText.mayHide(raw, "transform") {
            let css = CSSText(XMLCharacters.decode(raw))
            for at in css.occurrences(of: "transform") {
                var k = at + 9
                while k < css.scalars.count, css.scalars[k] == " " || css.scalars[k] == "\t" || css.scalars[k] == "\n" { k += 1 }
                guard k < css.scalars.count, css.scalars[k] == ":" else { continue }
                var end = k + 1
                while end < css.scalars.count, !";}!\"'".unicodeScalars.contains(css.scalars[end]) { end += 1 }
                enlarge(by: Self.transformScale(css.decoded((k + 1)..<end), css: true), written: css.asWritten(at..<end))
            }
        }
    }

    mutating func enlarge(by factor: Double?, written: String) {
        guard let factor, factor.isFinite else {
            uncountedScale = uncountedScale ?? (written.count > 80 ? String(written.prefix(80)) + "..." : written)
            return
        }
        textScale = min(Double.greatestFiniteMagnitude, textScale * max(1, factor))
    }

    /// The product of the largest singular values of a transform list's functions (SVG's grammar, or CSS's with
    /// units and its extra functions); nil when it cannot be read. `none` is 1.
    static func transformScale(_ text: String, css: Bool) -> Double? {
        var s = Substring(text.lowercased())
        var product = 1.0
        func dropSeparators() { s = s.drop { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" } }
        dropSeparators()
        if css, s.trimmingCharacters(in: .whitespaces) == "none" { return 1 }
        while !s.isEmpty {
            let name = s.prefix { $0.isLetter || $0.isNumber }
            s = s.dropFirst(name.count)
            dropSeparators()
            guard s.first == "(", let close = s.firstIndex(of: ")") else { return nil }
            let arguments = s[s.index(after: s.startIndex)..<close]
            s = s[s.index(after: close)...]
            dropSeparators()
            guard let values = numbers(arguments), let f = functionScale(String(name), values) else { return nil }
            product *= f
        }
        return product
    }

    /// The arguments as numbers: angles in degrees (unitless as SVG reads them; CSS's `deg`, `rad`, `grad`,
    /// `turn` converted), lengths with their unit dropped (a translation does not scale). Numbers are read as
    /// SVG's grammar writes them, so a sign or a second '.' starts the next one (`translate(-384.57-499.8)`).
    static func numbers(_ s: Substring) -> [Double]? {
        let degreesPer: [Substring: Double] = ["deg": 1, "rad": 180 / .pi, "grad": 0.9, "turn": 360]
        let chars = Array(s.unicodeScalars)
        func digit(_ k: Int) -> Bool { k < chars.count && chars[k] >= "0" && chars[k] <= "9" }
        var out: [Double] = []
        var k = 0
        while k < chars.count {
            if " ,\t\n\r".unicodeScalars.contains(chars[k]) { k += 1; continue }
            let begin = k
            if chars[k] == "+" || chars[k] == "-" { k += 1 }
            var digits = false
            while digit(k) { k += 1; digits = true }
            if k < chars.count, chars[k] == "." { k += 1; while digit(k) { k += 1; digits = true } }
            // An exponent only where digits follow it (the e of `em` is a unit).
            if digits, k < chars.count, chars[k] == "e" {
                let sign = k + 1 < chars.count && (chars[k + 1] == "+" || chars[k + 1] == "-") ? 1 : 0
                if digit(k + 1 + sign) { k += 1 + sign; while digit(k) { k += 1 } }
            }
            guard digits, let v = Double(String(String.UnicodeScalarView(chars[begin..<k]))), v.isFinite else { return nil }
            let unitBegin = k
            while k < chars.count, chars[k].properties.isAlphabetic || chars[k] == "%" { k += 1 }
            let unit = Substring(String(String.UnicodeScalarView(chars[unitBegin..<k])))
            out.append(v * (degreesPer[unit] ?? 1))
        }
        return out
    }

    /// One function's largest singular value; angles arrive in degrees.
    static func functionScale(_ name: String, _ v: [Double]) -> Double? {
        func skew(_ degrees: Double) -> Double {
            let t = abs(DMath.tan(degrees * .pi / 180))
            return (t + (t * t + 4).squareRoot()) / 2
        }
        switch (name, v.count) {
        case ("matrix", 6): return largestSingularValue(v[0], v[2], v[1], v[3])
        case ("scale", 1), ("scalex", 1), ("scaley", 1): return abs(v[0])
        case ("scale", 2): return max(abs(v[0]), abs(v[1]))
        case ("translate", 1), ("translate", 2), ("translatex", 1), ("translatey", 1), ("rotate", 1), ("rotate", 3):
            return 1
        case ("skewx", 1), ("skewy", 1), ("skew", 1): return skew(v[0])
        case ("skew", 2): return skew(v[0]) * skew(v[1])
        default: return nil
        }
    }

    /// The largest singular value of [[a, b], [c, d]].
    static func largestSingularValue(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
        return ((sum + max(0, sum * sum - 4 * det * det).squareRoot()) / 2).squareRoot()
    }
}
