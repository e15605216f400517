/// Attribute values as an XML parser hands them to librsvg: character references (`&#105;`, `&#x69;`) and the
/// five predefined entities replaced by their characters. Other entity references are left as written (an icon
/// file's own entities are expanded before anything reads it: `SVGEntities`).
enum XMLCharacters {
    static func decode(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var out = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(12).firstIndex(of: ";"), let c = character(after[..<semi]) else {
                out.append("&")
                rest = after
                continue
            }
            out.unicodeScalars.append(c)
            rest = after[after.index(after: semi)...]
        }
        return out + rest
    }

    /// The character a reference's name (between `&` and `;`) stands for.
    static func character(_ name: Substring) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let code = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return code.flatMap(Unicode.Scalar.init)
    }
}
