import Foundation

/// The paint servers of an icon file's text as `SymbolPalette` recolours them: every `<linearGradient>` and
/// `<radialGradient>` with its `href` and its `<stop>`s, and the `<mask>` and `<clipPath>` contents, whose paints
/// are coverage rather than colour.
///
/// A gradient is a paint like a solid colour: an element filled or stroked with `url(#g)` belongs to the layer
/// of the gradient that holds the stops it draws (`g`'s own stops, else those its `href` chain leads to, as SVG
/// inherits them), so the gradients Inkscape writes around one set of stops are one layer, as elements that share
/// one solid colour are. Every stop of that gradient takes the layer's colour and keeps its `stop-opacity`,
/// which is then coverage, as a solid paint keeps its `fill-opacity`. The colour is written as the stop's
/// inline `stop-color` declaration, which wins over its attribute and over style sheets.
///
/// A hierarchical symbol takes its layers from its file's lightness, pixel by pixel; a gradient there is one layer
/// too: its stops all take the colour of its most opaque stop (the first of them on a tie) and keep their
/// opacities, so it draws at that colour's layer opacity with its stops' opacities as coverage (`flattened`).
///
/// The scan reads tags only (comments, CDATA, processing instructions and declarations skipped), in one pass;
/// malformed text yields fewer tags, never an error: librsvg, which reads the rewritten text, reports it.
public struct SymbolPaintServers {
    /// One start or end tag.
    struct Tag {
        /// The local name (a prefix such as `svg:` dropped).
        var name: String
        var isEnd: Bool
        var selfClosing: Bool
        /// Where the name ends (an attribute can be inserted there).
        var nameEnd: Int
        /// Each attribute's name as written and the byte range of its value, inside the quotes.
        var attributes: [(name: String, value: Range<Int>)]
        /// Where the tag ends, after its `>`.
        var end: Int

        func value(_ name: String, in bytes: [UInt8]) -> String? {
            attributes.first { $0.name == name }.map { String(decoding: bytes[$0.value], as: UTF8.self) }
        }
    }

    /// The `<stop>` tags of each gradient that has some, by the gradient's id.
    var stops: [String: [Tag]] = [:]
    /// Each gradient's `href` target (without its `#`), by the gradient's id.
    var href: [String: String] = [:]
    /// The byte ranges of the outermost `<mask>` and `<clipPath>` elements, in order.
    var coverage: [Range<Int>] = []
    /// The gradient whose stops each gradient without stops of its own draws (see `holder(of:)`).
    var inherited: [String: String] = [:]
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var gradient: String?, own: [Tag] = []
        var open: [(name: String, start: Int)] = []
        for tag in Self.tags(bytes) {
            switch (tag.name, tag.isEnd) {
            case ("linearGradient", false), ("radialGradient", false):
                let id = tag.value("id", in: bytes) ?? ""
                if let target = tag.attributes.first(where: { $0.name == "href" || $0.name.hasSuffix(":href") }) {
                    let t = String(decoding: bytes[target.value], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    if t.hasPrefix("#") { href[id] = String(t.dropFirst()) }
                }
                gradient = tag.selfClosing ? nil : id
                own = []
            case ("linearGradient", true), ("radialGradient", true):
                if let id = gradient, !own.isEmpty, stops[id] == nil { stops[id] = own }
                gradient = nil
            case ("stop", false) where gradient != nil:
                own.append(tag)
            case ("mask", false), ("clipPath", false):
                if !tag.selfClosing { open.append((tag.name, tag.end)) }
            case ("mask", true), ("clipPath", true):
                // Only the outermost are kept: they are disjoint and in document order.
                if let i = open.lastIndex(where: { $0.name == tag.name }) {
                    if i == 0 { coverage.append(open[i].start..<tag.end) }
                    open.removeSubrange(i...)
                }
            default: break
            }
        }
        resolveChains()
    }

    /// Fills `inherited` walking each `href` chain once (a chain's gradients all settle together), so a file
    /// of long chains costs time linear in its gradients; a chain that loops or ends without stops draws none.
    mutating func resolveChains() {
        var settled: Set<String> = []
        for start in href.keys where !settled.contains(start) {
            var path: [String] = [], onPath: Set<String> = [], id = start, found: String?
            while true {
                if stops[id] != nil { found = id; break }
                if settled.contains(id) { found = inherited[id]; break }
                guard onPath.insert(id).inserted else { break }
                path.append(id)
                guard let next = href[id] else { break }
                id = next
            }
            for p in path {
                inherited[p] = found
                settled.insert(p)
            }
        }
    }

    /// Whether the byte at `offset` lies inside a mask or a clip path (a binary search).
    func isCoverage(_ offset: Int) -> Bool {
        var lo = 0, hi = coverage.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if coverage[mid].upperBound <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo < coverage.count && coverage[lo].contains(offset)
    }

    /// The id of the gradient whose stops `id` draws: its own, or the first along its `href` chain that has
    /// some; nil when there are none (SVG then paints nothing) or the chain loops.
    func holder(of id: String) -> String? { stops[id] != nil ? id : inherited[id] }

    /// The edits that give every stop of gradient `id` the colour `color`: the value of each inline
    /// `stop-color` declaration replaced, or one inserted at the front of the stop's `style` (added when absent).
    func stopEdits(of id: String, _ color: String) -> [(Range<Int>, String)] {
        var edits: [(Range<Int>, String)] = []
        for stop in stops[id] ?? [] {
            guard let style = stop.attributes.first(where: { $0.name == "style" }) else {
                edits.append((stop.nameEnd..<stop.nameEnd, " style=\"stop-color:\(color)\""))
                continue
            }
            let values = SymbolPalette.declarations(["stop-color"], in: bytes, style.value)
            if values.isEmpty { edits.append((style.value.lowerBound..<style.value.lowerBound, "stop-color:\(color);")) }
            edits += values.map { ($0, color) }
        }
        return edits
    }

    /// The start and end tags of `bytes` in document order.
    static func tags(_ b: [UInt8]) -> [Tag] {
        var found: [Tag] = [], i = 0
        while let lt = b[i...].firstIndex(of: UInt8(ascii: "<")) {
            i = lt + 1
            guard i < b.count else { break }
            if let skipped = skipUnlessTag(b, lt) { i = skipped; continue }
            let isEnd = b[i] == UInt8(ascii: "/")
            if isEnd { i += 1 }
            let nameStart = i
            while i < b.count, !SVGScan.isSpace(b[i]), b[i] != UInt8(ascii: ">"), b[i] != UInt8(ascii: "/") { i += 1 }
            let qualified = String(decoding: b[nameStart..<i], as: UTF8.self)
            var tag = Tag(name: String(qualified.split(separator: ":").last ?? ""), isEnd: isEnd, selfClosing: false,
                          nameEnd: i, attributes: [], end: i)
            guard readAttributes(b, &i, into: &tag) else { break }
            found.append(tag)
        }
        return found
    }

    /// Where a comment, CDATA section, processing instruction or declaration starting at `lt` ends; nil when a
    /// tag starts there.
    static func skipUnlessTag(_ b: [UInt8], _ lt: Int) -> Int? {
        for (open, close) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>")] where SymbolPalette.starts(b, lt, open) {
            return end(of: close, in: b, from: lt + open.utf8.count)
        }
        guard SymbolPalette.starts(b, lt, "<!") else { return nil }
        // A declaration, with an internal subset in brackets.
        var i = lt + 2, depth = 0
        while i < b.count, !(b[i] == UInt8(ascii: ">") && depth == 0) {
            if b[i] == UInt8(ascii: "[") { depth += 1 } else if b[i] == UInt8(ascii: "]") { depth -= 1 }
            i += 1
        }
        return min(b.count, i + 1)
    }

    /// The offset just past the first `close` at or after `from`, or the end of `b`.
    static func end(of close: String, in b: [UInt8], from: Int) -> Int {
        var i = from
        while i < b.count, !SymbolPalette.starts(b, i, close) { i += 1 }
        return min(b.count, i + close.utf8.count)
    }

    /// Reads the attributes from `i` to the tag's `>` into `tag`; false when the text ends first.
    static func readAttributes(_ b: [UInt8], _ i: inout Int, into tag: inout Tag) -> Bool {
        while true {
            while i < b.count, SVGScan.isSpace(b[i]) { i += 1 }
            guard i < b.count else { return false }
            if b[i] == UInt8(ascii: ">") { break }
            if b[i] == UInt8(ascii: "/") { tag.selfClosing = true; i += 1; continue }
            let nameStart = i
            while i < b.count, !SVGScan.isSpace(b[i]), b[i] != UInt8(ascii: "="), b[i] != UInt8(ascii: ">"), b[i] != UInt8(ascii: "/") { i += 1 }
            let name = String(decoding: b[nameStart..<i], as: UTF8.self)
            while i < b.count, SVGScan.isSpace(b[i]) { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < b.count, SVGScan.isSpace(b[i]) { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else { continue }
            let quote = b[i]
            let valueStart = i + 1
            guard let close = b[valueStart...].firstIndex(of: quote) else { return false }
            tag.attributes.append((name, valueStart..<close))
            i = close + 1
        }
        tag.end = i + 1
        i += 1
        return true
    }

    /// A property of a stop as it declares it: its inline `style` declaration (the last), else its attribute.
    func property(_ name: String, of stop: Tag) -> String? {
        if let style = stop.attributes.first(where: { $0.name == "style" }),
           let last = SymbolPalette.declarations([name], in: bytes, style.value).last {
            return String(decoding: bytes[last], as: UTF8.self)
        }
        return stop.value(name, in: bytes)?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The colour of gradient `id`'s most opaque stop (the first of them on a tie), as written; black, SVG's
    /// initial `stop-color`, for a stop that sets none (or one holding a quote, which could not be copied).
    func leadColor(of id: String) -> String {
        var best = (opacity: -1.0, color: "black")
        for stop in stops[id] ?? [] {
            let opacity = Self.opacity(property("stop-opacity", of: stop))
            if opacity > best.opacity { best = (opacity, property("stop-color", of: stop) ?? "black") }
        }
        return best.color.contains { $0 == "\"" || $0 == "'" } ? "black" : best.color
    }

    /// An opacity as CSS writes it (a number or a percentage), clamped to 0...1; 1 when absent or unreadable.
    static func opacity(_ text: String?) -> Double {
        guard let t = text else { return 1 }
        let percent = t.hasSuffix("%")
        guard let v = Double(percent ? String(t.dropLast()) : t), v.isFinite else { return 1 }
        return min(1, max(0, percent ? v / 100 : v))
    }

    /// `text` for a hierarchical symbol: every gradient an element outside masks and clip paths is painted with
    /// has its stops in the colour of its most opaque stop, their opacities kept. The text itself when it has none.
    public static func flattened(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let servers = SymbolPaintServers(bytes)
        var done: Set<String> = [], edits: [(Range<Int>, String)] = []
        for paint in SymbolPalette.layers(bytes, servers) {
            guard let id = paint.server, done.insert(id).inserted else { continue }
            edits += servers.stopEdits(of: id, servers.leadColor(of: id))
        }
        return edits.isEmpty ? text : SymbolPalette.rewrite(bytes, edits)
    }

    /// The id a paint value references (`url(#g)`, `url("#g")`, with spaces and a fallback colour allowed), or
    /// nil when it references nothing in the document.
    static func reference(_ value: String) -> String? {
        guard let open = value.range(of: "url(") else { return nil }
        var inner = value[open.upperBound...].prefix { $0 != ")" }.trimmingCharacters(in: .whitespacesAndNewlines)
        if let q = inner.first, q == "\"" || q == "'" { inner = String(inner.dropFirst().prefix { $0 != q }) }
        return inner.hasPrefix("#") && inner.count > 1 ? String(inner.dropFirst()) : nil
    }
}
