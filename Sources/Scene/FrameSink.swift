import Dispatch
import Raster

/// Where finished frames go: a folder of PNGs, a PNG stream on stdout, or an ffmpeg process.
///
/// A sink is called from one encoding thread, in frame order, while the next frame renders. `finish` makes the
/// output visible (renames, closes); `abort` removes everything not yet finished, so that an error or Ctrl-C
/// leaves nothing half-written behind.
public protocol FrameSink: AnyObject, Sendable {
    func consume(frame index: Int, image: Framebuffer) throws(OutputError)
    func finish() throws(OutputError)
    func abort()
}

/// How frames become samples: bit depth, dither and the PNG encoder's settings.
public struct EncodeSettings: Sendable {
    public var depth: Int
    public var dither: Bool
    public var png: PNGEncodeOptions

    public init(depth: Int = 8, dither: Bool = true, png: PNGEncodeOptions = .default) {
        self.depth = depth
        self.dither = dither
        self.png = png
    }

    /// The PNG bytes of a frame.
    public func pngBytes(_ image: Framebuffer) throws(OutputError) -> [UInt8] {
        var times = EncodeTimes()
        return try pngBytes(image, times: &times)
    }

    /// The PNG bytes of a frame, adding the time spent quantizing and deflating to `times` (for `bench`).
    public func pngBytes(_ image: Framebuffer, times: inout EncodeTimes) throws(OutputError) -> [UInt8] {
        let t0 = DispatchTime.now()
        do {
            if depth == 16 {
                let samples = image.rgba16(dither: dither)
                let t1 = DispatchTime.now()
                defer { times.add(t0, t1) }
                return try PNG.encode(rgba16: samples, width: image.width, height: image.height, options: png)
            }
            let samples = image.rgba8(dither: dither)
            let t1 = DispatchTime.now()
            defer { times.add(t0, t1) }
            return try PNG.encode(rgba8: samples, width: image.width, height: image.height, options: png)
        } catch {
            throw OutputError("PNG encoding failed: \(error)")
        }
    }
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
}
