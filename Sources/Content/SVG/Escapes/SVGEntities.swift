/// Internal entities of an icon file, expanded before anything else reads it. Illustrator writes its styles as
/// entities (`<!ENTITY st0 "fill:url(#XMLID_10_);">`, then `style="&st0;"`), so refusing every declaration
/// refuses ordinary files; but an entity can also expand into markup or into other entities (the "billion
/// laughs": ten entities of ten references each expand 10^10 times). So an entity is accepted when its value is
/// plain text: no `&` (no entity or character reference inside, so nothing nests), no `<` (no markup the budgets
/// would not see), and the whole expanded document stays within `ContentDefaults.maxSymbolFileBytes`.
/// Parameter entities (`%`) and external ones (`SYSTEM`, `PUBLIC`: `SVGReferencePolicy` names them) are
/// refused.
///
/// The result is the document without its doctype, every reference to a declared entity replaced by its value
/// (comments and CDATA copied as written, as XML does). librsvg parses that text, so what the budgets measured
/// is what it draws, and libxml2 never expands an entity.
enum SVGEntities {
    struct Refusal: Error { var message: String }

    /// `text` with its internal entities expanded and its doctype removed; `text` itself when it declares none.
    static func expand(_ text: String, limit: Int = ContentDefaults.maxSymbolFileBytes) throws(Refusal) -> String {
        let bytes = Array(text.utf8)
        guard let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0),
              find(Array("<!ENTITY".utf8), in: bytes, from: doctype) != nil else { return text }
        let (entities, end) = try declarations(bytes, doctype: doctype)
        var out = Array(bytes[..<doctype])
        out.reserveCapacity(bytes.count)
        var i = end
        while i < bytes.count {
            if let (open, close) = [("<!--", "-->"), ("<![CDATA[", "]]>")].first(where: { starts(bytes, i, $0.0) }) {
                let stop = find(Array(close.utf8), in: bytes, from: i + open.utf8.count).map { $0 + close.utf8.count } ?? bytes.count
                out += bytes[i..<stop]
                i = stop
                continue
            }
            if bytes[i] == UInt8(ascii: "&"), let semi = bytes[i..<min(bytes.count, i + 130)].firstIndex(of: UInt8(ascii: ";")),
               let value = entities[Array(bytes[(i + 1)..<semi])] {
                out += value
                i = semi + 1
            } else {
                out.append(bytes[i])
                i += 1
            }
            if out.count > limit {
                throw Refusal(message: "its entities expand the file past \(limit) bytes, the limit of an icon file (1 MiB); write the styles out or use fewer references")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The entities the doctype at `doctype` declares (name -> value, both UTF-8), and where the doctype ends.
    static func declarations(_ bytes: [UInt8], doctype: Int) throws(Refusal) -> ([[UInt8]: [UInt8]], Int) {
        var entities: [[UInt8]: [UInt8]] = [:]
        var i = doctype + 9
        var bracket = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                i = (bytes[(i + 1)...].firstIndex(of: c) ?? bytes.count) + 1
                continue
            }
            if bracket > 0, starts(bytes, i, "<!--") {
                i = (find(Array("-->".utf8), in: bytes, from: i + 4) ?? bytes.count) + 3
                continue
            }
            if bracket > 0, starts(bytes, i, "<!ENTITY") {
                let (name, value, next) = try declaration(bytes, at: i)
                if entities[name] == nil { entities[name] = value }   // XML: the first declaration binds.
                i = next
                continue
            }
            if c == UInt8(ascii: "[") { bracket += 1 }
            if c == UInt8(ascii: "]") { bracket -= 1 }
            i += 1
            if c == UInt8(ascii: ">") && bracket <= 0 { return (entities, i) }
        }
        return (entities, bytes.count)
    }

    /// One `<!ENTITY name "value">` at `start`: its name, its value and the position after its `>`.
    static func declaration(_ bytes: [UInt8], at start: Int) throws(Refusal) -> ([UInt8], [UInt8], Int) {
        var i = start + 8
        func spaces() { while i < bytes.count, SVGScan.isSpace(bytes[i]) { i += 1 } }
        func word() -> [UInt8] {
            let begin = i
            while i < bytes.count, !SVGScan.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "\""),
                  bytes[i] != UInt8(ascii: "'") { i += 1 }
            return Array(bytes[begin..<i])
        }
        spaces()
        let name = word()
        let shown = String(decoding: name.prefix(40), as: UTF8.self)
        if name == [UInt8(ascii: "%")] {
            throw Refusal(message: "parameter entity declarations ('<!ENTITY % ...') are refused in icon files: what they expand to cannot be counted against the budgets")
        }
        spaces()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            throw Refusal(message: "entity '\(shown)' is not a quoted text value: only internal entities are accepted in icon files")
        }
        let quote = bytes[i]
        guard let close = bytes[(i + 1)...].firstIndex(of: quote) else {
            throw Refusal(message: "entity '\(shown)' has no closing quote")
        }
        let value = Array(bytes[(i + 1)..<close])
        if value.contains(UInt8(ascii: "&")) || value.contains(UInt8(ascii: "<")) || value.contains(UInt8(ascii: "%")) {
            throw Refusal(message: "entity '\(shown)' holds '&', '%' or '<': an entity that refers to others or holds markup is refused in icon files (its expansion cannot be bounded or counted); write its value out")
        }
        let end = bytes[close...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
        return (name, value, end)
    }

    static func starts(_ bytes: [UInt8], _ i: Int, _ s: String) -> Bool {
        let u = Array(s.utf8)
        return i + u.count <= bytes.count && bytes[i..<(i + u.count)].elementsEqual(u)
    }

    static func find(_ u: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !u.isEmpty, bytes.count >= u.count, from <= bytes.count - u.count else { return nil }
        var k = from
        while k <= bytes.count - u.count {
            if bytes[k] == u[0], bytes[k..<(k + u.count)].elementsEqual(u) { return k }
            k += 1
        }
        return nil
    }
}
