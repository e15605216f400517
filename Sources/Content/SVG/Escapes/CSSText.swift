/// CSS as librsvg's CSS parser reads it, for the reference policy: comments removed, escapes decoded (CSS Syntax
/// §4.3.7: `\69`, `\000069 ` with its one trailing white space, `\i`) and ASCII case folded, with where each
/// character came from in the text as written, so that a message can quote it.
///
/// Conservative where CSS is subtle: a comment between two halves of a word (`@im/**/port`) separates two tokens
/// in CSS but is removed here, and an escaped newline is dropped, so such spellings read as the word they spell.
/// The policy may then refuse a document librsvg would not have read as a reference; it never lets one through.
struct CSSText {
    /// The decoded, case-folded text.
    var scalars: [Unicode.Scalar] = []
    /// For each decoded scalar, the index of the written scalar it came from.
    var origin: [Int] = []
    let written: [Unicode.Scalar]

    init(_ text: String) {
        written = Array(text.unicodeScalars)
        var k = 0
        while k < written.count {
            let c = written[k]
            if c == "/", k + 1 < written.count, written[k + 1] == "*" {
                k += 2
                while k < written.count, !(written[k] == "*" && k + 1 < written.count && written[k + 1] == "/") { k += 1 }
                k += 2
                continue
            }
            let start = k
            let decoded = c == "\\" ? escape(&k) : { k += 1; return c }()
            if let decoded { append(decoded, from: start) }
        }
    }

    mutating func append(_ c: Unicode.Scalar, from index: Int) {
        scalars.append(c.isASCII ? Unicode.Scalar(UInt8(ascii: c) | (c.properties.isUppercase ? 0x20 : 0)) : c)
        origin.append(index)
    }

    /// The escape at `k` (a backslash); advances past it. nil for an escaped newline.
    func escape(_ k: inout Int) -> Unicode.Scalar? {
        k += 1
        guard k < written.count else { return "\u{FFFD}" }
        let first = written[k]
        if first == "\n" || first == "\r" || first == "\u{0C}" { k += 1; return nil }
        guard first.properties.isASCIIHexDigit else { k += 1; return first }
        var value: UInt32 = 0
        var digits = 0
        while digits < 6, k < written.count, written[k].properties.isASCIIHexDigit {
            value = value * 16 + UInt32(String(written[k]), radix: 16)!
            k += 1
            digits += 1
        }
        if k < written.count, written[k] == "\r", k + 1 < written.count, written[k + 1] == "\n" {
            k += 2
        } else if k < written.count, [" ", "\t", "\n", "\r", "\u{0C}"].contains(written[k]) {
            k += 1
        }
        guard value != 0, !(0xD800...0xDFFF).contains(value), let s = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return s
    }

    /// Whether `raw` could mean `word` (ASCII, lower case) once decoded: it holds an escape, a character reference
    /// or a comment, or the word in any case. Text without any of them is skipped by the checks, which read the
    /// raw bytes as well.
    static func mayHide(_ raw: String, _ word: String) -> Bool {
        raw.contains("\\") || raw.contains("&") || raw.contains("/*") || raw.lowercased().contains(word)
    }

    /// Where `word` (ASCII, lower case) starts in the decoded text.
    func occurrences(of word: String) -> [Int] {
        let w = Array(word.unicodeScalars)
        guard scalars.count >= w.count else { return [] }
        return (0...(scalars.count - w.count)).filter { k in w.indices.allSatisfy { scalars[k + $0] == w[$0] } }
    }

    /// The decoded scalars in `range`, as text.
    func decoded(_ range: Range<Int>) -> String {
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[range])
        return String(s)
    }

    /// The text as written that the decoded `range` came from.
    func asWritten(_ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        let end = range.upperBound < origin.count ? origin[range.upperBound] : written.count
        var s = String.UnicodeScalarView()
        s.append(contentsOf: written[origin[range.lowerBound]..<max(origin[range.lowerBound] + 1, end)])
        return String(s)
    }
}
