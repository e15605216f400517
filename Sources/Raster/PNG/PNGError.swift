/// Something went wrong encoding, decoding, reading or writing a PNG.
///
/// `message` quotes libpng's own message where there is one, and the file path
/// for file operations.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "PNG error: \(message)" }
}
