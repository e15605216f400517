import SceneFormat
import Compose

/// One frame as a sink's `encode` made it, owned by the pipeline until it hands it to the same sink's `deliver`
/// (in frame order). It carries whatever the sink needs to deliver the frame, and nothing else reaches it.
public struct EncodedFrame: Sendable {
    enum Payload: Sendable {
        /// Nothing left to deliver: the encode wrote the frame's own file (a PNG folder).
        case written
        /// Encoded bytes to write in order (a PNG stream).
        case bytes([UInt8])
        /// A raw frame for ffmpeg's pipe, in memory the video sink recycles (`RawFrame`).
        case raw(RawFrame)
    }

    let payload: Payload

    /// A frame whose encode already put it where it goes.
    public static let written = EncodedFrame(payload: .written)

    public init(bytes: [UInt8]) { payload = .bytes(bytes) }

    init(raw: RawFrame) { payload = .raw(raw) }

    init(payload: Payload) { self.payload = payload }

    /// The encoded bytes of a frame made with `init(bytes:)`; empty for any other.
    public var bytes: [UInt8] {
        if case .bytes(let b) = payload { return b }
        return []
    }
}

/// One raw frame in memory of its own, freed with the last reference, and the index of the frame it holds (nil
/// before its first encode). It travels by reference from the video sink's spares to an encoder, through the
/// pipeline to `deliver` and back to the spares, so no frame of bytes is ever copied on the way; only the
/// encoder that took it touches its bytes until it is delivered.
final class RawFrame: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
    var frame: Int?

    init(count: Int) {
        bytes = .allocate(byteCount: count, alignment: 64)
    }

    deinit { bytes.deallocate() }
}
