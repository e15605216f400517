import Foundation

/// What an icon file may refer to: only itself. References to other files, the network, external entities or
/// style sheets are refused with a message that quotes them.
///
/// Why a scan before librsvg: librsvg already resolves nothing without a base URL (csvg.h), but it drops a
/// refused reference silently and draws the rest, so a designer would see a symbol with a piece missing and no
/// reason. Allowed: fragment references (`href="#id"`, `url(#grad)`) and `data:` URLs, which stay inside the
/// file. The scan reads attribute values and CSS as they are written, so a value spelled with character
/// references (`href="&#x66;ile:..."`) does not start with `#` or `data:` and is refused too.
public enum SVGReferencePolicy {
    /// Throws for the first reference that leaves the document.
    public static func check(_ text: String) throws(SVGDocumentError) {
        if let m = text.firstMatch(of: entityDeclaration) {
            throw SVGDocumentError(message: "external entity '\(m.output.1)' refused: an icon file may not load other files")
        }
        if text.firstMatch(of: cssImport) != nil {
            throw SVGDocumentError(message: "CSS @import refused: an icon file may not load other files")
        }
        for m in text.matches(of: hrefAttribute) {
            let value = String(m.output.2 ?? m.output.3 ?? "")
            try allow(value, what: "\(m.output.1 ?? "")href")
        }
        for m in text.matches(of: cssURL) {
            var value = m.output.1.trimmingCharacters(in: .whitespaces)
            if let q = value.first, q == "\"" || q == "'", value.count >= 2, value.last == q {
                value = String(value.dropFirst().dropLast())
            }
            try allow(value, what: "url()")
        }
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
    // href="..." or xlink:href='...' (any prefix), the value in either quote style.
    nonisolated(unsafe) static let hrefAttribute = #/([A-Za-z_][\w.-]*:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')/#
        .ignoresCase()
    nonisolated(unsafe) static let cssURL = #/url\(\s*([^)]*)\)/#.ignoresCase()
}
