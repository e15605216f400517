/// Why a video cannot be probed or decoded, in words for a message (a scene error names the file before them).
public struct VideoError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
