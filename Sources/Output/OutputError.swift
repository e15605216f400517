import SceneFormat
import Compose

/// A failure to write output (a folder that can't be created, a full disk, a closed pipe, ffmpeg failing).
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
