/// The reference policy on what CSS means rather than how it is spelled: every `<style>` element's text and every
/// attribute value (librsvg reads `style=""` and presentation attributes such as `fill` with its CSS parser) is
/// read the way an XML parser and then a CSS parser would (character references, then comments, escapes and
/// case: `CSSText`), and `@import` or a `url()` that leaves the document is refused, quoting it as written.
extension SVGReferencePolicy {
    static func checkCSS(_ bytes: [UInt8]) throws(SVGDocumentError) {
        for (context, raw) in cssContexts(bytes) where context == "<style>" || CSSText.mayHide(raw, "url(") {
            let css = CSSText(XMLCharacters.decode(raw))
            if let at = css.occurrences(of: "@import").first {
                let end = min(css.scalars.count, at + 80)
                throw SVGDocumentError(message: "CSS @import in \(context) refused ('\(shown(css.asWritten(at..<end)))'): an icon file may not load other files")
            }
            for at in css.occurrences(of: "url(") {
                var end = at + 4
                while end < css.scalars.count, css.scalars[end] != ")" { end += 1 }
                var value = css.decoded((at + 4)..<end).trimmingCharacters(in: .whitespacesAndNewlines)
                if let q = value.first, q == "\"" || q == "'", value.count >= 2, value.last == q {
                    value = String(value.dropFirst().dropLast())
                }
                let written = css.asWritten(at..<min(css.scalars.count, end + 1))
                do { try allow(value, what: "url()") } catch {
                    throw SVGDocumentError(message: "url() reference '\(shown(written))' in \(context) refused: an icon file may only refer to itself (#id) or to data: URLs")
                }
            }
        }
    }

    static func shown(_ s: String) -> String { s.count > 80 ? String(s.prefix(80)) + "..." : s }

    /// Every attribute value, and the character data of every `<style>` element (XML comments and processing
    /// instructions inside it removed, CDATA sections' contents kept, as the parser concatenates them), each
    /// with a name for messages.
    static func cssContexts(_ b: [UInt8]) -> [(String, String)] {
        var out: [(String, String)] = []
        var i = 0
        func starts(_ s: String) -> Bool { b[i...].starts(with: s.utf8) }
        func skip(past s: String) {
            let u = Array(s.utf8)
            while i < b.count, !b[i...].starts(with: u) { i += 1 }
            i = min(b.count, i + u.count)
        }
        while i < b.count {
            guard b[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--") { skip(past: "-->"); continue }
            if starts("<![CDATA[") { skip(past: "]]>"); continue }
            if starts("<?") || starts("</") || starts("<!") { skip(past: ">"); continue }
            i += 1
            let nameStart = i
            while i < b.count, !isSpace(b[i]), b[i] != UInt8(ascii: ">"), b[i] != UInt8(ascii: "/") { i += 1 }
            let name = String(decoding: b[nameStart..<i], as: UTF8.self)
            var closed = false
            while i < b.count, b[i] != UInt8(ascii: ">") {
                if b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") {
                    let quote = b[i], start = i + 1
                    i += 1
                    while i < b.count, b[i] != quote { i += 1 }
                    out.append(("an attribute of <\(name)>", String(decoding: b[start..<min(i, b.count)], as: UTF8.self)))
                    if i >= b.count { break }
                }
                closed = b[i] == UInt8(ascii: "/")
                i += 1
            }
            i += 1
            guard !closed, name == "style" || name.hasSuffix(":style") else { continue }
            var text: [UInt8] = []
            while i < b.count, !starts("</") {
                if starts("<!--") { skip(past: "-->"); continue }
                if starts("<?") { skip(past: "?>"); continue }
                if starts("<![CDATA[") {
                    i += 9
                    while i < b.count, !starts("]]>") { text.append(b[i]); i += 1 }
                    i += 3
                    continue
                }
                text.append(b[i])
                i += 1
            }
            out.append(("<style>", String(decoding: text, as: UTF8.self)))
        }
        return out
    }
}
