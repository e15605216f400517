/// Why a child program could not be started, written to or read from, in words for a message.
public struct ProcessError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
