import Dispatch
import Raster

/// Where finished frames go: a folder of PNGs, a PNG stream on stdout, or an ffmpeg process.
///
/// A frame reaches a sink in two steps. `encode` turns the float frame into the sink's bytes (PNG or raw
/// RGBA); the pipeline calls it for different frames at once, from several encoder threads, so it must depend
/// on nothing but its frame (a folder sink also writes its file there: frames are independent files).
/// `deliver` then receives the bytes strictly in frame order, one call at a time (a stream or a video pipe
/// needs the order). `finish` makes the output visible (renames, closes); `abort` removes everything not yet
/// finished, so that an error or Ctrl-C leaves nothing half-written behind; `abort` may be called from another
/// thread while `deliver` is blocked on a pipe, and must unblock it.
public protocol FrameSink: AnyObject, Sendable {
    func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> [UInt8]
    func deliver(frame index: Int, bytes: [UInt8]) throws(OutputError)
    func finish() throws(OutputError)
    func abort()
}

/// Buffers an encoder thread reuses from frame to frame, so that encoding allocates nothing per frame but
/// its output: the PNG scanlines (12 MB for a 1170 x 2532 frame) and the time spent per step.
public struct EncodeScratch: Sendable {
    var scanlines: [UInt8] = []
    public var times = EncodeTimes()
    public init() {}
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
        var scratch = EncodeScratch()
        return try pngBytes(image, scratch: &scratch)
    }

    /// The PNG bytes of a frame, reusing `scratch` and adding the time spent quantizing and deflating to it.
    ///
    /// With one filter of none, sub or up (the default is up), quantization writes PNG's filtered scanlines
    /// directly and zlib compresses them in one call (`PNG.encode(scanlines:)`): one pass over the float
    /// frame, no sample array, no row-by-row copying inside libpng. Other filter sets (libpng's per-row choice)
    /// go through libpng's own row filtering.
    public func pngBytes(_ image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> [UInt8] {
        let t0 = DispatchTime.now()
        do {
            if let filter = fusedFilter {
                image.pngScanlines(depth: depth, dither: dither, filter: filter, into: &scratch.scanlines)
                let t1 = DispatchTime.now()
                defer { scratch.times.add(t0, t1) }
                return try scratch.scanlines.withUnsafeBufferPointer { rows throws(PNGError) in
                    try PNG.encode(scanlines: rows, width: image.width, height: image.height, bitDepth: depth, options: png)
                }
            }
            if depth == 16 {
                let samples = image.rgba16(dither: dither)
                let t1 = DispatchTime.now()
                defer { scratch.times.add(t0, t1) }
                return try PNG.encode(rgba16: samples, width: image.width, height: image.height, options: png)
            }
            let samples = image.rgba8(dither: dither)
            let t1 = DispatchTime.now()
            defer { scratch.times.add(t0, t1) }
            return try PNG.encode(rgba8: samples, width: image.width, height: image.height, options: png)
        } catch {
            throw OutputError("PNG encoding failed: \(error)")
        }
    }

    /// The single row filter the quantizer applies itself, nil for filter sets libpng chooses from per row.
    var fusedFilter: PNGRowFilter? {
        switch png.filters {
        case .none: PNGRowFilter.none
        case .sub: .sub
        case .up: .up
        default: nil
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

    mutating func add(_ other: EncodeTimes) {
        quantize += other.quantize
        deflate += other.deflate
    }
}
