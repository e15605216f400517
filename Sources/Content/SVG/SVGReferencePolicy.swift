import Foundation

/// What an icon file may refer to: only itself. References to other files, the network, external entities or
/// style sheets are refused with a message that quotes them.
///
/// Why a scan before librsvg: librsvg already resolves nothing without a base URL (csvg.h), but it drops a
/// refused reference silently and draws the rest, so a designer would see a symbol with a piece missing and no
/// reason. Allowed: fragment references (`href="#id"`, `url(#grad)`) and `data:` URLs, which stay inside the
/// file. The scan reads `href` values as they are written, so one spelled with character references
/// (`href="&#x66;ile:..."`) does not start with `#` or `data:` and is refused too; CSS is read for what it means
/// (`SVGReferencePolicy+CSS`), so `@\69mport` and `u\72l(...)` are refused like `@import` and `url(...)`.
public enum SVGReferencePolicy {
    /// Throws for the first reference that leaves the document.
    public static func check(_ text: String) throws(SVGDocumentError) {
        if let m = text.firstMatch(of: entityDeclaration) {
            throw SVGDocumentError(message: "external entity '\(m.output.1)' refused: an icon file may not load other files")
        }
        if text.firstMatch(of: cssImport) != nil {
            throw SVGDocumentError(message: "CSS @import refused: an icon file may not load other files")
        }
        // `hrefAttribute` and `cssURL` by hand, in one pass over the bytes each: Swift's regular expressions tried
        // every start position, and a 1 MiB icon holding one long word (a comment of 'x's) took over ten
        // minutes to decode (53 s with the prefix bounded to 64 characters).
        let bytes = Array(text.utf8)
        for (prefix, value) in hrefAttributes(bytes) { try allow(value, what: "\(prefix)href") }
        for raw in cssURLs(bytes) {
            var value = raw.trimmingCharacters(in: .whitespaces)
            if let q = value.first, q == "\"" || q == "'", value.count >= 2, value.last == q {
                value = String(value.dropFirst().dropLast())
            }
            try allow(value, what: "url()")
        }
        try checkCSS(bytes)
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }

    /// Where `word` (ASCII, lower case) occurs in `bytes`, ignoring ASCII case.
    static func occurrences(of word: String, in bytes: [UInt8]) -> [Int] {
        let w = Array(word.utf8)
        guard bytes.count >= w.count else { return [] }
        var found: [Int] = []
        var k = 0
        while k <= bytes.count - w.count {
            var same = true
            for m in w.indices where bytes[k + m] | 0x20 != w[m] { same = false; break }
            if same { found.append(k); k += w.count } else { k += 1 }
        }
        return found
    }

    /// `([A-Za-z_][\w.-]*:)?href\s*=\s*("..."|'...')`: each attribute's prefix (for the message) and value.
    static func hrefAttributes(_ bytes: [UInt8]) -> [(String, String)] {
        func nameChar(_ c: UInt8) -> Bool { c >= 0x80 || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x2E || c == 0x2D }
        var out: [(String, String)] = []
        var searchedTo = 0
        // Matches do not overlap: an "href" inside an earlier attribute's value is part of that value.
        for h in occurrences(of: "href", in: bytes) where h >= searchedTo {
            var j = h + 4
            while j < bytes.count, isSpace(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { continue }
            j += 1
            while j < bytes.count, isSpace(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { continue }
            let quote = bytes[j]
            var end = j + 1
            while end < bytes.count, bytes[end] != quote { end += 1 }
            guard end < bytes.count else { continue }
            var prefix = ""
            if h > 0, bytes[h - 1] == UInt8(ascii: ":") {
                var p = h - 1
                while p > 0, nameChar(bytes[p - 1]) { p -= 1 }
                while p < h - 1, !(bytes[p] | 0x20 >= 0x61 && bytes[p] | 0x20 <= 0x7A) && bytes[p] != 0x5F && bytes[p] < 0x80 { p += 1 }
                if p < h - 1 { prefix = String(decoding: bytes[p..<h], as: UTF8.self) }
            }
            out.append((prefix, String(decoding: bytes[(j + 1)..<end], as: UTF8.self)))
            searchedTo = end + 1
        }
        return out
    }

    /// `url\(\s*([^)]*)\)`: what each url() holds.
    static func cssURLs(_ bytes: [UInt8]) -> [String] {
        var out: [String] = []
        var searchedTo = 0
        for u in occurrences(of: "url(", in: bytes) where u >= searchedTo {
            var j = u + 4
            while j < bytes.count, isSpace(bytes[j]) { j += 1 }
            var end = j
            while end < bytes.count, bytes[end] != UInt8(ascii: ")") { end += 1 }
            // No ')' after this one: none after any later one either.
            guard end < bytes.count else { break }
            out.append(String(decoding: bytes[j..<end], as: UTF8.self))
            searchedTo = end + 1
        }
        return out
    }

    static func allow(_ raw: String, what: String) throws(SVGDocumentError) {
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if value.isEmpty || value.hasPrefix("#") || value.lowercased().hasPrefix("data:") { return }
        let shown = value.count > 80 ? String(value.prefix(80)) + "..." : value
        throw SVGDocumentError(message: "\(what) reference '\(shown)' refused: an icon file may only refer to itself (#id) or to data: URLs")
    }

    // <!ENTITY name SYSTEM "uri"> or <!ENTITY % name PUBLIC "id" "uri">
    nonisolated(unsafe) static let entityDeclaration = #/<!ENTITY\s+(?:%\s*)?([^\s>]+)\s+(?:SYSTEM|PUBLIC)\b/#
    nonisolated(unsafe) static let cssImport = #/@import\b/#.ignoresCase()

}
