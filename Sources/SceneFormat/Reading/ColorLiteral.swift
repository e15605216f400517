import Raster

/// A colour written as a literal, in the forms CSS writes and design tools copy: `#RGB`, `#RRGGBB`, `#RRGGBBAA`,
/// `rgb(R, G, B)` and `rgba(R, G, B, A)`, with channels whole numbers from 0 to 255 and alpha from 0 to 1 (the
/// way browsers serialize a computed colour, and Figma's "Copy as CSS"). Digits are ASCII only, as the
/// schema's patterns say: Swift's `hexDigitValue` would also take full-width digits.
///
/// Percentages, `rgb()` with a fourth value, space-separated channels and named CSS colours are refused with a
/// message that names these forms; the 28 tokens are the named colours of the design language.
enum ColorLiteral {
    /// The accepted forms, as every colour message names them.
    static let forms = "#RRGGBB, #RRGGBBAA, #RGB, rgb(R, G, B) or rgba(R, G, B, A) with R, G, B 0-255 and A 0-1"

    /// CSS colour names a designer may bring, with the literal to write instead (a token is suggested for the
    /// others: "red" -> systemRed).
    static let named = ["white": "#FFFFFF", "black": "#000000", "transparent": "#00000000"]

    /// Whether `text` is meant as a literal (and not a token name): a hash or a CSS colour function.
    static func looksLiteral(_ text: String) -> Bool {
        text.hasPrefix("#") || text.hasPrefix("rgb(") || text.hasPrefix("rgba(")
    }

    /// The colour `text` writes, or nil when it is not one of the forms.
    static func parse(_ text: String) -> Color? {
        if text.hasPrefix("#") {
            guard text.dropFirst().allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
            return Color(hex: text)
        }
        let alpha = text.hasPrefix("rgba(")
        guard alpha || text.hasPrefix("rgb("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(alpha ? 5 : 4).dropLast()
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard parts.count == (alpha ? 4 : 3) else { return nil }
        var channels: [Int] = []
        for p in parts.prefix(3) {
            // 0 to 255 without leading zeros, as the schema's pattern.
            guard (1...3).contains(p.count), p.allSatisfy({ $0.isASCII && $0.isNumber }), p == "0" || p.first != "0",
                  let v = Int(p), v <= 255 else { return nil }
            channels.append(v)
        }
        var a: Float = 1
        if alpha {
            guard let v = alphaValue(parts[3]) else { return nil }
            a = Float(v)
        }
        return Color(channels[0], channels[1], channels[2], a)
    }
}

extension ColorLiteral {
    /// An alpha written 0, 1, 0.5, .5 or 1.0: at most 1, with digits after any point (the schema's
    /// `0|1|0?\.[0-9]+|1\.0+`).
    static func alphaValue(_ p: Substring) -> Double? {
        if p == "0" || p == "1" { return Double(p) }
        let halves = p.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[1].isEmpty, halves[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        switch halves[0] {
        case "", "0": return Double("0." + halves[1])
        case "1": return halves[1].allSatisfy { $0 == "0" } ? 1 : nil
        default: return nil
        }
    }
}

private extension Substring {
    /// Without the spaces around a function's arguments.
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
