import Dispatch
import Raster
import SceneFormat
import Compose

/// How frames become samples: bit depth, dither and the PNG encoder's settings.
public struct EncodeSettings: Sendable {
    public var depth: Int
    public var dither: Bool
    public var png: PNGEncodeOptions

    public init(depth: Int = 8, dither: Bool = true, png: PNGEncodeOptions = .frames) {
        self.depth = depth
        self.dither = dither
        self.png = png
    }

    /// Settings with the zlib level a user chose (`--png-level`), or the frames' default (igzip) when there is none. The
    /// level is handed on as given: `PNGEncodeOptions(level:)` is the one place that checks it and derives the
    /// zlib strategy that goes with it.
    public init(depth: Int = 8, dither: Bool = true, pngLevel: Int?) throws(PNGError) {
        self.init(depth: depth, dither: dither, png: try pngLevel.map { l throws(PNGError) in try PNGEncodeOptions(level: l) } ?? .frames)
    }

    /// The zlib levels `init(pngLevel:)` accepts, for the command line's help.
    public static var pngLevels: ClosedRange<Int> { PNGEncodeOptions.levels }

    /// The PNG bytes of a frame.
    public func pngBytes(_ image: Framebuffer) throws(OutputError) -> [UInt8] {
        var scratch = EncodeScratch()
        return try pngBytes(image, scratch: &scratch)
    }

    /// The PNG bytes of a frame, reusing `scratch` and adding the time spent quantizing and deflating to it.
    ///
    /// With one filter of none, sub or up (the default is up), the frame is quantized, filtered and compressed
    /// band by band (`PNG.encode(_:depth:...)`): each band of rows is written into a band-sized buffer and
    /// compressed while it is in the core's caches, with no frame of scanlines, no sample array and no
    /// row-by-row copying inside libpng; a band whose bytes `bands` holds from an earlier frame is not
    /// compressed again, and the bytes are the same with or without it (nor quantized, when `scratch.changes`
    /// vouches that the band is an earlier frame's). Other filter sets
    /// (libpng's per-row choice) go through libpng's own row filtering.
    ///
    /// `kept` (the sink's `PNGKeptSamples`) lets an 8-bit frame quantize only the columns that changed since a
    /// frame encoded before it (same bytes).
    public func pngBytes(_ image: Framebuffer, scratch: inout EncodeScratch, bands: PNGBandCache? = nil,
                         kept: PNGKeptSamples? = nil) throws(OutputError) -> [UInt8] {
        let t0 = DispatchTime.now()
        do {
            if let filter = fusedFilter {
                var quantizing = 0.0
                defer {
                    scratch.times.quantize += quantizing
                    scratch.times.deflate += t0.secondsSince - quantizing
                }
                return try PNG.encode(image, depth: depth, dither: dither, filter: filter, options: png, cache: bands,
                                      changes: scratch.changes, kept: kept, quantizeSeconds: &quantizing)
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

    /// The first of two steps of `pngBytes(_:scratch:bands:kept:)`: the frame quantized into one of `kept`'s
    /// frames (`PNG.quantize`), when it is 8-bit with one fused filter, `scratch.changes` is set and a kept frame
    /// is free; nil otherwise (encode in one step).
    public func quantize(_ image: Framebuffer, scratch: inout EncodeScratch, kept: PNGKeptSamples?,
                         workers: Workers = .single) -> PNGQuantizedFrame? {
        guard depth == 8, let filter = fusedFilter, let changes = scratch.changes, let kept else { return nil }
        var quantizing = 0.0
        defer { scratch.times.quantize += quantizing }
        return PNG.quantize(image, dither: dither, filter: filter, changes: changes, kept: kept, workers: workers,
                            quantizeSeconds: &quantizing)
    }

    /// The second step: the PNG bytes of a quantized frame, the same as the one-step encode's.
    public func pngBytes(_ quantized: PNGQuantizedFrame, scratch: inout EncodeScratch, bands: PNGBandCache? = nil)
        throws(OutputError) -> [UInt8] {
        let t0 = DispatchTime.now()
        var filtering = 0.0
        defer {
            scratch.times.quantize += filtering
            scratch.times.deflate += t0.secondsSince - filtering
        }
        do {
            return try PNG.encode(quantized, options: png, cache: bands, changes: scratch.changes, quantizeSeconds: &filtering)
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
