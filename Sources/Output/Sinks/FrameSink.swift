import Raster
import SceneFormat
import Compose

/// Where finished frames go: a folder of PNGs, a PNG stream on stdout, or an ffmpeg process.
///
/// A frame reaches a sink in two steps. `encode` turns the float frame into an `EncodedFrame` the caller owns
/// (PNG bytes, or a raw frame for ffmpeg); the pipeline calls it for different frames at once, from several
/// encoder threads, so it must depend on nothing but its frame (a folder sink also writes its file there:
/// frames are independent files). `deliver` then receives that same encoded frame, strictly in frame order,
/// one call at a time (a stream or a video pipe needs the order). `finish` makes the output visible (renames, closes); `abort` removes everything not yet
/// finished, so that an error or Ctrl-C leaves nothing half-written behind; `abort` may be called from another
/// thread while `deliver` is blocked on a pipe, and must unblock it.
///
/// A sink may split `encode` in two (`prepare`, then `encode(frame:prepared:scratch:)`): the first step takes
/// all it needs from the float frame, so that the pipeline gives the frame's buffer back to the renderer before
/// the second (a PNG sink quantizes into its kept samples, then filters and deflates from them).
public protocol FrameSink: AnyObject, Sendable {
    func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame
    /// The first step of a two-step encode, or nil for one step (`encode(frame:image:scratch:)`), its work spread
    /// over `workers` (the renderer's, when the render loop prepares a frame itself; one thread in an encoder).
    func prepare(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch, workers: Workers) throws(OutputError) -> PreparedFrame?
    /// The second step: the encoded frame `encode(frame:image:scratch:)` would give, from what `prepare` returned.
    func encode(frame index: Int, prepared: PreparedFrame, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame
    func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError)
    func finish() throws(OutputError)
    func abort()
}

/// What a sink's `prepare` took from a float frame, for its second step: the frame's 8-bit samples.
public struct PreparedFrame: Sendable {
    let quantized: PNGQuantizedFrame
}

extension FrameSink {
    public func prepare(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch, workers: Workers) throws(OutputError) -> PreparedFrame? {
        nil
    }

    public func encode(frame index: Int, prepared: PreparedFrame, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
        preconditionFailure("\(Self.self) prepares no frame")
    }
}
