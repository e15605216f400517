import Foundation
import Raster

/// A palette applied to an icon file's text (`SymbolRendering.palette`): the file's distinct paints take the
/// palette's colours, then librsvg draws the rewritten file as it draws any other.
///
/// The paints are the values of `fill` and `stroke`, as attributes and as declarations in `style` attributes
/// and `<style>` sheets, compared as written with case and spaces ignored, and the gradients they reference
/// (`url(#g)`: one paint per set of stops, see `SymbolPaintServers`), in the order the file first writes them;
/// `none`, `inherit`, `transparent`, `context-*` and references to nothing are not paints, nor is anything
/// inside a `<mask>` or `<clipPath>` (its colours are coverage there). The i-th distinct paint takes colour
/// min(i, count - 1) of the palette; a gradient's stops all take its colour and keep their opacities. What the
/// file leaves unpainted (SVG's default, a black fill) takes the first colour: the root gets a `fill`, unless it
/// sets one, as SF Symbols' palette mode paints a single-layer symbol in its first colour. The rewrite changes
/// and inserts colour values only, so the document's cost is unchanged.
public enum SymbolPalette {
    /// `text` with its paints replaced by `palette` (at least one colour).
    public static func apply(_ palette: [Color], to text: String) -> String {
        let bytes = Array(text.utf8)
        let servers = SymbolPaintServers(bytes)
        var order: [String: Int] = [:], recoloured: Set<String> = []
        var edits: [(Range<Int>, String)] = []
        let colors = palette.map(hex)
        for paint in layers(bytes, servers) {
            let k = order[paint.key] ?? order.count
            order[paint.key] = k
            let color = colors[min(k, colors.count - 1)]
            if let id = paint.server {
                if recoloured.insert(id).inserted { edits += servers.stopEdits(of: id, color) }
            } else {
                edits.append((paint.range, color))
            }
        }
        return rootFill(rewrite(bytes, edits), colors[0])
    }

    /// The document's paints outside masks and clip paths, in the order written: each value's range, the key
    /// that tells layers apart (a solid value as written, case and spaces ignored; a gradient by the gradient
    /// holding its stops), and that gradient's id.
    static func layers(_ bytes: [UInt8], _ servers: SymbolPaintServers) -> [(range: Range<Int>, key: String, server: String?)] {
        paints(bytes).compactMap { range, value in
            guard !servers.isCoverage(range.lowerBound) else { return nil }
            if let server = SymbolPaintServers.reference(value).flatMap(servers.holder(of:)) { return (range, "url(#\(server))", server) }
            guard isPaint(value) else { return nil }
            return (range, String(value.lowercased().filter { $0 != " " && $0 != "\t" && $0 != "\n" }), nil)
        }
    }

    /// `bytes` with each range replaced by its text (ranges that do not overlap; an empty one inserts).
    static func rewrite(_ bytes: [UInt8], _ edits: [(Range<Int>, String)]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var copied = 0
        for (range, text) in edits.sorted(by: { $0.0.lowerBound < $1.0.lowerBound }) where range.lowerBound >= copied {
            out += bytes[copied..<range.lowerBound]
            out += Array(text.utf8)
            copied = range.upperBound
        }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// `#RRGGBB` with the colour's alpha as a fourth byte when it is not opaque (librsvg reads CSS colours).
    static func hex(_ c: Color) -> String { c.description }

    /// The byte ranges of every `fill` and `stroke` value in the document and their text.
    static func paints(_ bytes: [UInt8]) -> [(Range<Int>, String)] {
        declarations(["fill", "stroke"], in: bytes, 0..<bytes.count).map { ($0, String(decoding: bytes[$0], as: UTF8.self)) }
    }

    /// The byte ranges of the values of the properties `names` inside `within`: attributes (`name="value"`) and
    /// declarations (`name: value` in `style` attributes and sheets), trimmed, without `!important`.
    static func declarations(_ names: [String], in bytes: [UInt8], _ within: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var i = within.lowerBound
        while i < within.upperBound {
            guard let name = names.first(where: { starts(bytes, i, $0) }) else { i += 1; continue }
            let before = i > 0 ? bytes[i - 1] : 0x20
            var j = i + name.utf8.count
            i = j
            // Not the end of a longer name (`flood-fill`, `-stroke`), and followed by '=' or ':' (not `fill-rule`).
            if isNameByte(before) { continue }
            while j < within.upperBound, SVGScan.isSpace(bytes[j]) { j += 1 }
            guard j < within.upperBound, bytes[j] == UInt8(ascii: "=") || bytes[j] == UInt8(ascii: ":") else { continue }
            var stops: Set<UInt8> = [UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "!"), UInt8(ascii: "<")]
            if bytes[j] == UInt8(ascii: "=") {
                j += 1
                while j < within.upperBound, SVGScan.isSpace(bytes[j]) { j += 1 }
                guard j < within.upperBound, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { continue }
                stops = [bytes[j]]
            }
            j += 1
            while j < within.upperBound, SVGScan.isSpace(bytes[j]) { j += 1 }
            var end = j
            while end < within.upperBound, !stops.contains(bytes[end]) { end += 1 }
            while end > j, SVGScan.isSpace(bytes[end - 1]) { end -= 1 }
            found.append(j..<end)
            i = end
        }
        return found
    }

    static func isPaint(_ value: String) -> Bool {
        let v = value.lowercased()
        guard !v.isEmpty, !v.contains("url("), !v.contains("&"), !v.hasPrefix("context-") else { return false }
        return !["none", "inherit", "transparent", "initial", "unset"].contains(v)
    }

    static func isNameByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F || c == 0x3A
    }

    /// Whether `s` is written at `i`: its first byte compared before the rest, and nothing allocated, since
    /// the scans call this at every byte of files up to 1 MiB.
    static func starts(_ bytes: [UInt8], _ i: Int, _ s: String) -> Bool {
        let u = s.utf8
        return i + u.count <= bytes.count && bytes[i] == u.first && bytes[i..<(i + u.count)].elementsEqual(u)
    }

    /// `text` with `fill="color"` on its root `<svg>` start tag, unless that tag sets a fill already.
    static func rootFill(_ text: String, _ color: String) -> String {
        guard let open = text.range(of: #"<([A-Za-z_][\w.-]*:)?svg(?=[\s/>])"#, options: .regularExpression),
              let close = text[open.upperBound...].firstIndex(of: ">") else { return text }
        let tag = text[open.upperBound..<close]
        if tag.range(of: #"(^|[\s;"'])fill\s*[=:]"#, options: .regularExpression) != nil { return text }
        return String(text[..<open.upperBound]) + " fill=\"\(color)\"" + String(text[open.upperBound...])
    }
}
