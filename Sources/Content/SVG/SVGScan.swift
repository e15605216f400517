import Raster

/// The bounded scan behind `SVGCost(document:budget:)`: tags, the attributes that carry cost, and `<use>`
/// references, read from the UTF-8 bytes of an icon file. Comments, CDATA, processing instructions and the
/// doctype are skipped; an icon file's internal entities are expanded before the scan (`SVGEntities`), so an
/// entity declaration the scan still sees (in a `data:` document librsvg would expand itself) is refused. Everything is counted on the element tree the tags describe; `<use>` and markers are then
/// expanded by memoized recursion with a cycle check, so instancing cannot multiply past the budget unseen.
struct SVGScan {
    struct Element {
        var name: String
        var parent: Int?
        var children: [Int] = []
        var id: String?
        var href: String?
        var segments = 0
        var pairs = 0
        var length = 0.0
        /// The filter this element applies: `url(#id)`'s id, "" for one the scan cannot name (CSS, a reference
        /// written otherwise), nil for none.
        var filter: String?
        /// For a `<filter>`: its primitives (each one pass over the filter region).
        var primitives = 0
        /// Elements of a `data:` SVG this element draws (`SVGScan+Pictures`).
        var nestedElements = 0
    }

    let bytes: [UInt8]
    let budget: SVGBudget
    var i = 0
    var elements: [Element] = []
    var stack: [Int] = []
    var cost = SVGCost()
    /// The viewBox's larger side (for percentages), found on the root.
    var reference = 100.0
    var dashPeriod: Double?
    var dashEntries = 0
    var cssFilter = false
    var relativeLength: String?
    /// How many `data:` SVG documents contain this one (0 for an icon file).
    let nesting: Int
    var pictureCount = 0
    var nestedFilterWork = 0
    /// Open `<text>` elements around the scan position: their character data is counted.
    var textDepth = 0
    /// The product of every element's own enlargement, and the first transform it could not read
    /// (`SVGScan+TextScale`); the largest of nested documents' that hold text.
    var textScale = 1.0
    var uncountedScale: String?
    var nestedTextScale = 1.0

    init(_ text: String, budget: SVGBudget, nesting: Int = 0) {
        bytes = Array(text.utf8)
        self.budget = budget
        self.nesting = nesting
    }

    func fail(_ m: String) -> SVGCostError { SVGCostError(message: m) }

    mutating func run() throws(SVGCostError) -> SVGCost {
        if contains("<!ENTITY") {
            throw fail("entity declarations are refused in embedded SVG documents: librsvg would expand them unseen by the budgets")
        }
        try scanDashArrays()
        try scanFontSizes()
        scanCSSTransforms()
        cssFilter = cssText().contains("filter")
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                if textDepth > 0, bytes[i] & 0xC0 != 0x80 { cost.textCharacters += 1 }
                i += 1
                continue
            }
            if starts("<!--") { skip(past: "-->"); continue }
            if starts("<![CDATA[") {
                let begin = i
                skip(past: "]]>")
                if textDepth > 0 { cost.textCharacters += bytes[begin..<i].count { $0 & 0xC0 != 0x80 } }
                continue
            }
            if starts("<?") { skip(past: "?>"); continue }
            if starts("<!") { skipDeclaration(); continue }
            if starts("</") {
                skip(past: ">")
                if let last = stack.popLast(), elements[last].name == "text" { textDepth -= 1 }
                continue
            }
            try element()
            if elements.count > budget.elements { break }
        }
        // Nested `data:` documents' matches are summed into `cost` as they are scanned; this document's own are added.
        cost.selectorWork = Self.saturated(cost.selectorWork, selectorWork())
        return try total()
    }

    // MARK: Tokens

    func starts(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard i + u.count <= bytes.count else { return false }
        for k in u.indices where bytes[i + k] != u[k] { return false }
        return true
    }

    func contains(_ s: String) -> Bool { find(Array(s.utf8), from: 0) != nil }

    func find(_ u: [UInt8], from: Int) -> Int? {
        guard !u.isEmpty, bytes.count >= u.count else { return nil }
        var k = from
        while k <= bytes.count - u.count {
            if bytes[k] == u[0] {
                var same = true
                for m in 1..<u.count where bytes[k + m] != u[m] { same = false; break }
                if same { return k }
            }
            k += 1
        }
        return nil
    }

    mutating func skip(past s: String) {
        let u = Array(s.utf8)
        if let k = find(u, from: i + 1) { i = k + u.count } else { i = bytes.count }
    }

    /// `<!DOCTYPE ... [ ... ]>`: to the `>` after any internal subset.
    mutating func skipDeclaration() {
        var bracket = 0
        i += 2
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "[") { bracket += 1 }
            if c == UInt8(ascii: "]") { bracket -= 1 }
            if c == UInt8(ascii: ">") && bracket <= 0 { return }
        }
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    mutating func name() -> String {
        let begin = i
        while i < bytes.count, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/"),
              bytes[i] != UInt8(ascii: "=") { i += 1 }
        return String(decoding: bytes[begin..<i], as: UTF8.self)
    }

    mutating func skipSpaces() { while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 } }

    /// One start tag: its name, the attributes that carry cost, and whether it closes itself.
    mutating func element() throws(SVGCostError) {
        i += 1
        let tag = name()
        var attributes: [String: String] = [:]
        var closed = false
        while i < bytes.count {
            skipSpaces()
            guard i < bytes.count else { break }
            if bytes[i] == UInt8(ascii: ">") { i += 1; break }
            if bytes[i] == UInt8(ascii: "/") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: ">") { i += 1; closed = true; break }
                continue
            }
            let key = name()
            skipSpaces()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { if key.isEmpty { i += 1 }; continue }
            i += 1
            skipSpaces()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { continue }
            let quote = bytes[i]
            i += 1
            let begin = i
            while i < bytes.count, bytes[i] != quote { i += 1 }
            attributes[key] = String(decoding: bytes[begin..<i], as: UTF8.self)
            i += 1
        }
        let local = tag.split(separator: ":").last.map(String.init) ?? tag
        var e = Element(name: local, parent: stack.last)
        e.id = attributes["id"]
        e.href = (attributes["href"] ?? attributes["xlink:href"]).flatMap { $0.hasPrefix("#") ? String($0.dropFirst()) : nil }
        e.filter = Self.filterReference(attributes)
        // A primitive is one pass of its filter. Filter regions are not limited: librsvg clips every region to
        // the surface it draws on, the symbol's pixels (docs/limits.md: a region 2,000 times the icon's box
        // costs what the default region does), so a pass costs at most those pixels, which the scene budgets.
        if local.hasPrefix("fe"), let f = stack.last(where: { elements[$0].name == "filter" }) { elements[f].primitives += 1 }
        if local == "include" {
            throw fail("<\(tag)> is refused in icon files: what it includes cannot be counted against the budgets")
        }
        if elements.isEmpty { reference = Self.referenceSide(attributes) }
        try countTextScale(local, attributes)
        try measure(&e, attributes)
        try pictures(&e, attributes)
        try fontAttributes(attributes)
        let index = elements.count
        if let p = stack.last { elements[p].children.append(index) }
        elements.append(e)
        if !closed {
            stack.append(index)
            if local == "text" { textDepth += 1 }
            cost.depth = max(cost.depth, stack.count)
        } else {
            cost.depth = max(cost.depth, stack.count + 1)
        }
    }

    /// The filter an element's `filter` attribute or `style` applies (see `Element.filter`).
    static func filterReference(_ a: [String: String]) -> String? {
        var written: Substring
        if let f = a["filter"] {
            written = Substring(f)
        } else if let style = a["style"], let at = style.range(of: "filter") {
            // In `style`, the declaration's value: from "filter:" to the next ';'.
            written = style[at.upperBound...].drop { $0 == " " || $0 == ":" }.prefix { $0 != ";" }
        } else {
            return nil
        }
        written = written.drop { $0 == " " }
        if written.hasPrefix("none") { return nil }
        guard let open = written.range(of: "url(#") else { return "" }
        let id = written[open.upperBound...].prefix { $0 != ")" }
        let plain = id.allSatisfy { $0 != "\"" && $0 != "'" && $0 != "&" && $0 != "\\" && $0 != " " }
        return plain && !id.isEmpty ? String(id) : ""
    }

    static func referenceSide(_ a: [String: String]) -> Double {
        if let vb = a["viewBox"] {
            let v = vb.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if v.count == 4 { return max(abs(v[2]), abs(v[3]), 1) }
        }
        let w = a["width"].flatMap { Double($0) } ?? 100, h = a["height"].flatMap { Double($0) } ?? 100
        return max(abs(w), abs(h), 1)
    }

    // MARK: Geometry

    /// Segments and length of the shapes (SVG 1.1, 9: basic shapes), from their attributes.
    mutating func measure(_ e: inout Element, _ a: [String: String]) throws(SVGCostError) {
        func value(_ key: String) throws(SVGCostError) -> Double {
            guard let raw = a[key] else { return 0 }
            return try length(raw, what: "\(e.name) \(key)")
        }
        switch e.name {
        case "path":
            guard let d = a["d"], !d.allSatisfy(Self.isSpaceCharacter) else { return }
            try noReference(d, what: "path data")
            // Every segment takes at most seven numbers (an arc), so runs of number characters / 7 is a lower
            // bound of the segments, found without parsing: 1 MB of path data is refused in a few milliseconds.
            let atLeast = Self.numberRuns(d) / 7
            if atLeast > budget.pathSegments {
                cost.largestPath = max(cost.largestPath, atLeast)
                return
            }
            let path: SVGPath
            do { path = try SVGPath(parsing: d) } catch {
                throw fail("path \(elements.count + 1) of the file: \(error.description)")
            }
            e.segments = path.segments.count
            e.length = SVGCost.length(path)
            if e.segments > budget.pathSegments { cost.largestPath = max(cost.largestPath, e.segments); return }
            cost.largestPath = max(cost.largestPath, e.segments)
            e.pairs = SVGCost.crossingPairs(path, stopAbove: budget.crossingPairs)
        case "polyline", "polygon":
            guard let p = a["points"] else { return }
            try noReference(p, what: "points")
            let v = p.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }).compactMap { Double($0) }
            e.segments = v.count / 2
            var total = 0.0
            var k = 2
            while k + 1 < v.count {
                let dx = v[k] - v[k - 2], dy = v[k + 1] - v[k - 1]
                total += (dx * dx + dy * dy).squareRoot()
                k += 2
            }
            if e.name == "polygon", v.count >= 4 {
                let dx = v[0] - v[v.count - 2 - v.count % 2], dy = v[1] - v[v.count - 1 - v.count % 2]
                total += (dx * dx + dy * dy).squareRoot()
            }
            e.length = total
        case "line":
            let dx = try value("x2") - value("x1"), dy = try value("y2") - value("y1")
            e.segments = 1
            e.length = (dx * dx + dy * dy).squareRoot()
        case "rect":
            e.segments = 8
            e.length = 2 * (abs(try value("width")) + abs(try value("height")))
        case "circle":
            e.segments = 4
            e.length = 6.3 * abs(try value("r"))
        case "ellipse":
            e.segments = 4
            e.length = 6.3 * max(abs(try value("rx")), abs(try value("ry")))
        default:
            return
        }
        if let pl = a["pathLength"], let v = Double(pl.trimmingCharacters(in: .whitespaces)) { e.length = max(e.length, abs(v)) }
    }

    /// Maximal runs of the characters numbers are written with (digits, '.', signs, 'e'): at most the numbers.
    static func numberRuns(_ d: String) -> Int {
        var runs = 0, inside = false
        for c in d.utf8 {
            let numeric = (c >= 0x30 && c <= 0x39) || c == 0x2E || c == 0x2B || c == 0x2D || c == 0x65 || c == 0x45
            if numeric && !inside { runs += 1 }
            inside = numeric
        }
        return runs
    }

    static func isSpaceCharacter(_ c: Character) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" }

    func noReference(_ value: String, what: String) throws(SVGCostError) {
        if value.contains("&") {
            throw fail("\(what) written with character references ('&...;') is refused in icon files: it cannot be counted against the budgets")
        }
    }

    /// A length in user units: a number with an absolute unit, or a percentage of the root's larger side.
    /// Relative units (em, ex, ...) depend on fonts the scan does not follow: remembered, and refused only
    /// when the document is dashed (the one estimate they feed).
    /// Percentages of a dash array are of the viewport's diagonal, which the scan does not know when it reads
    /// them: refused there (`percent: false`) like the relative units.
    mutating func length(_ raw: String, what: String, percent: Bool = true) throws(SVGCostError) -> Double {
        let s = raw.trimmingCharacters(in: .whitespaces)
        try noReference(s, what: what)
        var units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("pc", 16), ("mm", 96 / 25.4), ("cm", 96 / 2.54),
                                         ("in", 96)]
        if percent { units.append(("%", reference / 100)) }
        for (u, k) in units where s.hasSuffix(u) {
            return (Double(s.dropLast(u.count)) ?? 0) * k
        }
        if let v = Double(s) { return v }
        relativeLength = relativeLength ?? "\(what) '\(s)'"
        return 0
    }

    // MARK: Dashes and filters

    /// Every `stroke-dasharray`, as an attribute or in CSS: the shortest period and the most entries. A
    /// document-wide bound (inheritance and selectors can give any element any of them).
    mutating func scanDashArrays() throws(SVGCostError) {
        let key = Array("stroke-dasharray".utf8)
        var k = 0
        while let at = find(key, from: k) {
            var j = at + key.count
            while j < bytes.count, Self.isSpace(bytes[j]) { j += 1 }
            guard j < bytes.count else { break }
            var stops: Set<UInt8> = [UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<")]
            if bytes[j] == UInt8(ascii: "=") {
                j += 1
                while j < bytes.count, Self.isSpace(bytes[j]) { j += 1 }
                guard j < bytes.count else { break }
                stops = [bytes[j]]
                j += 1
            } else if bytes[j] == UInt8(ascii: ":") {
                j += 1
            } else {
                k = j
                continue
            }
            let begin = j
            while j < bytes.count, !stops.contains(bytes[j]) { j += 1 }
            let text = String(decoding: bytes[begin..<j], as: UTF8.self)
            k = j
            try noReference(text, what: "stroke-dasharray")
            let words = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            if words.count == 1 && (words[0] == "none" || words[0] == "inherit") { continue }
            var values: [Double] = []
            for w in words {
                let s = String(w).replacingOccurrences(of: "!important", with: "")
                if s.isEmpty { continue }
                let before = relativeLength
                let v = try length(s, what: "stroke-dasharray", percent: false)
                if relativeLength != before || (v == 0 && Double(s) == nil && !s.hasPrefix("0")) {
                    throw fail("stroke-dasharray '\(text)' is not in plain numbers or absolute units: its dashes cannot be counted against the budget")
                }
                values.append(abs(v))
            }
            guard !values.isEmpty else { continue }
            let period = values.reduce(0, +) * (values.count % 2 == 1 ? 2 : 1)
            guard period > 0 else { continue }
            dashPeriod = min(dashPeriod ?? period, period)
            dashEntries = max(dashEntries, values.count % 2 == 1 ? values.count * 2 : values.count)
        }
    }

    /// The text of `<style>` elements (CSS can apply filters and dashes to any element).
    func cssText() -> String {
        guard let open = find(Array("<style".utf8), from: 0) else { return "" }
        let end = find(Array("</style".utf8), from: open) ?? bytes.count
        return String(decoding: bytes[open..<end], as: UTF8.self)
    }

    // MARK: Expansion

    mutating func total() throws(SVGCostError) -> SVGCost {
        var c = cost
        c.textScale = min(Double.greatestFiniteMagnitude, textScale * nestedTextScale)
        c.uncountedTextScale = uncountedScale
        // Over either, the document is refused as it stands; and the expansion below recurses as deep as the
        // nesting, so it only runs within the depth budget.
        guard elements.count <= budget.elements, c.depth <= budget.depth else {
            c.elements = elements.count
            return c
        }
        var ids: [String: Int] = [:]
        for (k, e) in elements.enumerated() { if let id = e.id, ids[id] == nil { ids[id] = k } }
        // Counts saturate far above any budget, so instancing cannot overflow.
        let cap = 1 << 40
        func add(_ a: Int, _ b: Int) -> Int { min(cap, a + b) }
        func mul(_ a: Int, _ b: Int) -> Int { a == 0 || b == 0 ? 0 : (a > cap / b ? cap : a * b) }
        struct Sum {
            var elements = 0, segments = 0, pairs = 0, passes = 0
            var length = 0.0
            mutating func add(_ t: Sum, _ plus: (Int, Int) -> Int) {
                elements = plus(elements, t.elements); segments = plus(segments, t.segments)
                pairs = plus(pairs, t.pairs); passes = plus(passes, t.passes); length += t.length
            }
        }
        var memo = [Sum?](repeating: nil, count: elements.count)
        var visiting = [Bool](repeating: false, count: elements.count)
        var cycle = false
        let markers = elements.indices.filter { elements[$0].name == "marker" }
        let (primitivesByID, mostPrimitives) = filterPrimitives()
        func passes(_ reference: String?) -> Int { reference.map { primitivesByID[$0] ?? mostPrimitives } ?? 0 }
        func sum(_ k: Int) -> Sum {
            if let m = memo[k] { return m }
            if visiting[k] { cycle = true; return Sum() }
            visiting[k] = true
            let e = elements[k]
            var s = Sum(elements: Self.saturated(1, e.nestedElements), segments: e.segments, pairs: e.pairs, passes: passes(e.filter), length: e.length)
            // Definitions draw only where they are referenced: their own subtree is not drawn in place.
            for child in e.children {
                let name = elements[child].name
                if ["marker", "symbol", "clipPath", "mask", "pattern", "filter", "defs"].contains(name) { continue }
                s.add(sum(child), add)
            }
            if e.name == "use", let ref = e.href, let target = ids[ref] { s.add(sum(target), add) }
            visiting[k] = false
            memo[k] = s
            return s
        }
        // The drawn tree from the root, plus every definition's contents once (clip paths, masks, patterns
        // and symbols referenced by url() are drawn at least once each).
        var drawn = Sum()
        for k in elements.indices where elements[k].parent == nil || ["symbol", "clipPath", "mask", "pattern", "defs"].contains(elements[k].name) {
            if elements[k].parent != nil, elements[k].name == "defs" { continue }
            drawn.add(sum(k), add)
        }
        if cycle { throw fail("a <use> refers to an element that contains it: the document instances itself") }
        // A marker is drawn at every vertex of every path that uses it: charge the largest marker per segment.
        let marker = markers.map { k -> Sum in
            var s = Sum()
            for child in elements[k].children { s.add(sum(child), add) }
            return s
        }.max { $0.elements < $1.elements }
        if let marker {
            drawn.elements = add(drawn.elements, mul(drawn.segments, marker.elements))
            drawn.pairs = add(drawn.pairs, mul(drawn.segments, marker.pairs))
            drawn.segments = add(drawn.segments, mul(drawn.segments, marker.segments))
        }
        c.elements = drawn.elements
        c.segments = drawn.segments
        c.crossingPairs = drawn.pairs
        let passes = cssFilter ? mul(drawn.elements, mostPrimitives) : drawn.passes
        c.filterWork = add(passes, nestedFilterWork)
        if let period = dashPeriod {
            if let relativeLength {
                throw fail("\(relativeLength) is in a relative unit in a dashed document: its dashes cannot be counted against the budget; use user units")
            }
            c.dashes = drawn.length / period * Double(max(2, dashEntries))
        }
        return c
    }
}

extension SVGScan {
    /// The primitives of each filter by id, and the most of any filter. A filter runs its primitives once per
    /// element it applies to; a filter the scan cannot name is charged the most.
    func filterPrimitives() -> ([String: Int], Int) {
        let filters = elements.filter { $0.name == "filter" }
        var byID: [String: Int] = [:]
        for f in filters { if let id = f.id, byID[id] == nil { byID[id] = f.primitives } }
        return (byID, filters.map(\.primitives).max() ?? 0)
    }
}

extension SVGCost {
    /// Measures an SVG document's text (see `SVGScan`); scanning stops early once a count passes `budget`.
    public init(document text: String, budget: SVGBudget) throws(SVGCostError) {
        var scan = SVGScan(text, budget: budget)
        self = try scan.run()
    }
}
