import Foundation

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
