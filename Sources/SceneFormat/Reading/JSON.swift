import Foundation

/// A JSON parser that remembers where every value came from, so that a scene error can name the line and
/// column as well as the JSON path. Foundation's JSONSerialization forgets positions, hence this small parser.
///
/// It accepts exactly RFC 8259 JSON (no comments, no trailing commas) and refuses duplicate keys, which
/// JSONSerialization would silently resolve to the last one.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public internal(set) var line: Int
    public internal(set) var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public var description: String { "\(line):\(column)" }
}

public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// A word for messages: "a number", "an object", ...
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

public struct JSONMember: Sendable {
    public internal(set) var key: String
    public internal(set) var keyLocation: SourceLocation
    public internal(set) var value: JSONNode
}

public struct JSONNode: Sendable {
    public internal(set) var value: JSONValue
    public internal(set) var location: SourceLocation
}

public struct JSONSyntaxError: Error, Sendable {
    public internal(set) var message: String
    public internal(set) var location: SourceLocation
}

public enum JSON {
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var p = JSONParser(Array(text.utf8))
        p.skipWhitespace()
        let node = try p.value(depth: 0)
        p.skipWhitespace()
        if p.i < p.bytes.count { throw p.error("unexpected \(p.describeHere()) after the end of the document") }
        return node
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var line = 1
    var lineStart = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var location: SourceLocation { SourceLocation(line: line, column: i - lineStart + 1) }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, location: location) }

    func describeHere() -> String {
        guard i < bytes.count else { return "end of file" }
        let b = bytes[i]
        if b >= 0x20 && b < 0x7F { return "'\(Character(UnicodeScalar(b)))'" }
        return "byte 0x\(String(b, radix: 16))"
    }

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < 512 else { throw error("nesting deeper than 512 levels") }
        let at = location
        guard i < bytes.count else { throw error("expected a value, found end of file") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONNode(value: try object(depth: depth), location: at)
        case UInt8(ascii: "["): return JSONNode(value: try array(depth: depth), location: at)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), location: at)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), location: at)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), location: at)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, location: at)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try number()), location: at)
        default:
            throw error("expected a value, found \(describeHere())")
        }
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let at = location
        for c in word.utf8 {
            guard i < bytes.count, bytes[i] == c else { throw JSONSyntaxError(message: "expected '\(word)'", location: at) }
            i += 1
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        i += 1
        var members: [JSONMember] = []
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeHere())")
            }
            let keyAt = location
            let key = try string()
            if let first = seen[key] {
                throw JSONSyntaxError(message: "duplicate key \"\(key)\" (first at line \(first.line))", location: keyAt)
            }
            seen[key] = keyAt
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error("expected ':' after key \"\(key)\", found \(describeHere())")
            }
            i += 1
            skipWhitespace()
            members.append(JSONMember(key: key, keyLocation: keyAt, value: try value(depth: depth + 1)))
            skipWhitespace()
            guard i < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}' in object, found \(describeHere())")
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        i += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard i < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error("expected ',' or ']' in array, found \(describeHere())")
        }
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard i < bytes.count else { throw error("unterminated string") }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; break }
            if b < 0x20 { throw error("control character in string (escape it as \\u00XX)") }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { throw error("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate must be followed by \u and a low surrogate.
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw error("unpaired surrogate in \\u escape")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate in \\u escape") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let u = UnicodeScalar(scalar) else { throw error("invalid \\u escape") }
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw error("invalid escape '\\\(Character(UnicodeScalar(e)))'")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw error("string is not valid UTF-8") }
        return s
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let d = Character(UnicodeScalar(bytes[i])).hexDigitValue else {
                throw error("expected four hex digits in \\u escape")
            }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }

    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        let at = location
        func error(_ m: String) -> JSONSyntaxError { JSONSyntaxError(message: m, location: at) }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(p.bytes[p.i]) { p.i += 1 }
            return p.i - s
        }
        let intStart = i
        let n = digits(&self)
        guard n > 0 else { throw error("expected digits in number") }
        if n > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zeros are not allowed in numbers") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error("expected digits after '.'") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error("expected digits in exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let v = Double(text) else { throw error("invalid number \(text)") }
        guard v.isFinite else { throw error("number \(text) is too large") }
        return v
    }
}

/// Where the first invalid UTF-8 sequence of a scene file starts, as a line and column (columns count
/// characters, as the JSON parser's do), so the message points at the bad byte instead of the whole file.
enum UTF8Position {
    static func firstInvalid(in data: Data) -> SourceLocation? {
        let bytes = [UInt8](data)
        var line = 1, column = 1, i = 0
        while i < bytes.count {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >> 5 == 0b110 ? 2 : b >> 4 == 0b1110 ? 3 : b >> 3 == 0b11110 ? 4 : 0
            guard length > 0, i + length <= bytes.count,
                  String(bytes: bytes[i..<i + length], encoding: .utf8) != nil else {
                return SourceLocation(line: line, column: column)
            }
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
            i += length
        }
        return nil
    }
}
