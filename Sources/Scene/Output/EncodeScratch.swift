import Dispatch
import Raster

/// Buffers an encoder thread reuses from frame to frame, so that encoding allocates nothing per frame but
/// its output: the PNG scanlines (12 MB for a 1170 x 2532 frame) and the time spent per step.
public struct EncodeScratch: Sendable {
    var scanlines: [UInt8] = []
    public var times = EncodeTimes()
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
