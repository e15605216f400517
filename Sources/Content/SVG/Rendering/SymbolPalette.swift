import Foundation
import Raster

/// A palette applied to an icon file's text (`SymbolRendering.palette`): the file's distinct solid paints take
/// the palette's colours, then librsvg draws the rewritten file as it draws any other.
///
/// The paints are the values of `fill` and `stroke`, as attributes and as declarations in `style` attributes
/// and `<style>` sheets, compared as written with case and spaces ignored, in the order the file first writes
/// them; `none`, `inherit`, `transparent`, `context-*` and references (`url(#gradient)`: gradients and patterns
/// keep their own colours) are not paints here. The i-th distinct paint takes colour min(i, count - 1) of the
/// palette. What the file leaves unpainted (SVG's default, a black fill) takes the first colour: the root gets
/// a `fill`, unless it sets one, as SF Symbols' palette mode paints a single-layer symbol in its first colour.
/// The rewrite changes colour values only, so the document's cost is unchanged.
public enum SymbolPalette {
    /// `text` with its paints replaced by `palette` (at least one colour).
    public static func apply(_ palette: [Color], to text: String) -> String {
        let bytes = Array(text.utf8)
        var order: [String: Int] = [:]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var copied = 0
        for (range, value) in paints(bytes) {
            let key = String(value.lowercased().filter { $0 != " " && $0 != "\t" && $0 != "\n" })
            let k = order[key] ?? order.count
            order[key] = k
            out += bytes[copied..<range.lowerBound]
            out += Array(hex(palette[min(k, palette.count - 1)]).utf8)
            copied = range.upperBound
        }
        out += bytes[copied...]
        return rootFill(String(decoding: out, as: UTF8.self), hex(palette[0]))
    }

    /// `#RRGGBB` with the colour's alpha as a fourth byte when it is not opaque (librsvg reads CSS colours).
    static func hex(_ c: Color) -> String { c.description }

    /// The byte ranges of every paint value (see above) and its text.
    static func paints(_ bytes: [UInt8]) -> [(Range<Int>, String)] {
        var found: [(Range<Int>, String)] = []
        var i = 0
        while i < bytes.count {
            guard let name = ["fill", "stroke"].first(where: { starts(bytes, i, $0) }) else { i += 1; continue }
            let before = i > 0 ? bytes[i - 1] : 0x20
            var j = i + name.utf8.count
            i = j
            // Not the end of a longer name (`flood-fill`, `-stroke`), and followed by '=' or ':' (not `fill-rule`).
            if isNameByte(before) { continue }
            while j < bytes.count, SVGScan.isSpace(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") || bytes[j] == UInt8(ascii: ":") else { continue }
            var stops: Set<UInt8> = [UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "!"), UInt8(ascii: "<")]
            if bytes[j] == UInt8(ascii: "=") {
                j += 1
                while j < bytes.count, SVGScan.isSpace(bytes[j]) { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { continue }
                stops = [bytes[j]]
            }
            j += 1
            while j < bytes.count, SVGScan.isSpace(bytes[j]) { j += 1 }
            var end = j
            while end < bytes.count, !stops.contains(bytes[end]) { end += 1 }
            while end > j, SVGScan.isSpace(bytes[end - 1]) { end -= 1 }
            let value = String(decoding: bytes[j..<end], as: UTF8.self)
            if isPaint(value) { found.append((j..<end, value)) }
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

    static func starts(_ bytes: [UInt8], _ i: Int, _ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && bytes[i..<(i + u.count)].elementsEqual(u)
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
