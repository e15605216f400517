import Dispatch
import Raster
import SceneFormat
import Compose

/// What an encoder thread keeps from frame to frame: the time spent per step, and, for the frame it is
/// encoding, what may have changed since earlier frames (`FrameChanges`, set by the pipeline from its
/// `FrameHistory`; nil outside a pipeline).
public struct EncodeScratch: Sendable {
    public var times = EncodeTimes()
    public var changes: FrameChanges?
    public init() {}
}

/// Seconds spent converting frames to samples (quantize) and compressing them (deflate).
public struct EncodeTimes: Sendable {
    public var quantize = 0.0
    public var deflate = 0.0
    public init() {}

    /// Adds one frame: quantized from `start` to `quantized`, deflated from then until now.
    mutating func add(_ start: DispatchTime, _ quantized: DispatchTime) {
        quantize += quantized.seconds(since: start)
        deflate += quantized.secondsSince
    }

    mutating func add(_ other: EncodeTimes) {
        quantize += other.quantize
        deflate += other.deflate
    }
}
