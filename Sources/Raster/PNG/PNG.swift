

// PNG encoding and decoding for forkrender, over the system libpng.
//
// Only the PNG*.swift files import CPNG. libpng's
// longjmp-based errors are contained in the C shim (Sources/CPNG); here they
// arrive as status codes and messages and are rethrown as `PNGError`.

import CPNG
import Dispatch

/// PNG encode/decode entry points.
public enum PNG {
    // MARK: Encoding

    /// Encodes 8-bit RGBA (`width * height * 4` bytes, row-major) to PNG bytes.
    public static func encode(
        rgba8: [UInt8], width: Int, height: Int, options: PNGEncodeOptions = .default
    ) throws(PNGError) -> [UInt8] {
        let params = try makeParams(count: rgba8.count, width: width, height: height, bitDepth: 8, options: options)
        return try rgba8.withUnsafeBytes { encodeToMemory(params, pixels: $0.baseAddress!, text: options.text) }.get()
    }

    /// Encodes 16-bit RGBA (`width * height * 4` native-endian samples) to PNG bytes.
    public static func encode(
        rgba16: [UInt16], width: Int, height: Int, options: PNGEncodeOptions = .default
    ) throws(PNGError) -> [UInt8] {
        let params = try makeParams(count: rgba16.count, width: width, height: height, bitDepth: 16, options: options)
        return try rgba16.withUnsafeBytes { encodeToMemory(params, pixels: $0.baseAddress!, text: options.text) }.get()
    }

    /// Encodes a frame through PNG's `filter` (none, sub or up, the one filter in `options.filters`) band by
    /// band: each band of `bandRows` rows is quantized to `depth` (8 or 16) bits with the ordered dither or
    /// without, filtered into a band-sized buffer (`Framebuffer.withPNGScanlineWriter`), then compressed by
    /// `options.library` alone, or its piece taken from `cache` when the band's bytes are the ones it holds, while those
    /// bytes are still in the core's caches (a band `changes` vouches for is taken from `cache` unquantized);
    /// libpng writes every chunk. The bytes are those of
    /// `encode(scanlines:)` over `Framebuffer.pngScanlines` of the same frame. `quantizeSeconds` gains the
    /// wall time spent quantizing and filtering.
    ///
    /// With `kept` and `changes` at 8 bits, the samples are made in a kept frame (`PNGKeptSamples`) first: one that
    /// holds an earlier frame's samples gets only the columns `changes.changedColumns` names quantized again, row
    /// by row (also in the bands later taken unquantized, so that all of it is this frame's), and the bands are
    /// filtered from it: `quantize`, then `encode(_:options:...)`, the two steps the render pipeline takes apart.
    /// The bytes are the same with or without it.
    public static func encode(
        _ image: Framebuffer, depth: Int, dither: Bool, filter: PNGRowFilter, options: PNGEncodeOptions = .default,
        cache: PNGBandCache? = nil, changes: FrameChanges? = nil, kept: PNGKeptSamples? = nil,
        quantizeSeconds: inout Double
    ) throws(PNGError) -> [UInt8] {
        guard depth == 8 || depth == 16 else { throw PNGError("PNG sample depth must be 8 or 16, got \(depth)") }
        var p = try makeParams(count: 4 * image.pixelCount, width: image.width, height: image.height, bitDepth: depth,
                               options: options)
        let line = image.scanlineBytes(depth: depth)
        p.row_stride = line
        // 8-bit with a kept frame: quantized into it first (only the changed columns), then filtered from it.
        if depth == 8, let changes, let kept,
           let quantized = quantize(image, dither: dither, filter: filter, changes: changes, kept: kept,
                                    quantizeSeconds: &quantizeSeconds) {
            return try encode(quantized, options: options, cache: cache, changes: changes, quantizeSeconds: &quantizeSeconds)
        }
        var quantizing: UInt64 = 0
        defer { quantizeSeconds += Double(quantizing) * 1e-9 }
        let result = image.withPNGScanlineWriter(depth: depth, dither: dither, filter: filter) { writer in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bandRows * line, alignment: 64)
            defer { buffer.deallocate() }
            return encodeBands(params: p, line: line, height: image.height, cache: cache, changes: changes) { band in
                let t0 = DispatchTime.now().uptimeNanoseconds
                writer.write(band, into: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
                quantizing += DispatchTime.now().uptimeNanoseconds - t0
                return UnsafeRawBufferPointer(rebasing: buffer[0..<band.count * line])
            }
        }
        return try result.get()
    }

    /// How many rows ahead `quantize` prefetches the changed spans.
    static let prefetchRows = 3

    /// The first step of an 8-bit encode with kept samples: a kept frame of `kept` brought to this frame's
    /// samples (only the columns `changes.changedColumns` names since the frame it held, all of them when it held
    /// none) and tagged with `changes.frame`. After it, the encode reads no float pixel (`encode(_:options:...)`), so
    /// the render pipeline gives the frame buffer back to the renderer before the deflate. Nil when `kept` has no
    /// frame free. Bands of `quantizeBand` rows spread over `workers`: a row is a function of its own pixels and
    /// the dither's offsets, so the samples do not depend on the workers.
    public static func quantize(_ image: Framebuffer, dither: Bool, filter: PNGRowFilter, changes: FrameChanges,
                                kept: PNGKeptSamples, workers: Workers = .single,
                                quantizeSeconds: inout Double) -> PNGQuantizedFrame? {
        guard let frame = kept.take(width: image.width, height: image.height, dither: dither, space: image.space) else {
            return nil
        }
        let t0 = DispatchTime.now().uptimeNanoseconds
        let held = frame.tag
        frame.tag = nil
        let changed = held.flatMap { changes.changedColumns($0) }.flatMap { $0.height == image.height ? $0 : nil }
        image.withPNGScanlineWriter(depth: 8, dither: dither, filter: filter) { writer in
            let ahead = Self.prefetchRows, writer = writer, samples = frame.samples
            // The changed spans through the flat lists: a row's `changed[y]` slice retained and released the
            // lists' storage from both workers at once (swift_retain and swift_release under this loop, perf).
            (changed ?? RowSpans(height: 0)).withUnsafeLists { starts, spans in
                @inline(__always) func row(_ y: Int) -> Slice<UnsafeBufferPointer<Range<Int>>> {
                    spans[starts[y]..<starts[y + 1]]
                }
                workers.forEachBand(image.height, bandSize: Framebuffer.quantizeBand) { band in
                    for y in band {
                        guard changed != nil else {
                            writer.refresh(row: y, in: samples, changed: nil)
                            continue
                        }
                        if y + ahead < band.upperBound {
                            // The float pixels of the spans `ahead` rows down, on their way while this row is
                            // quantized: each row's are a few cache lines at scattered columns (docs/performance.md).
                            let next = y + ahead, pixels = UnsafeRawPointer(writer.pixels + next * image.width)
                            for s in row(next) {
                                guard let c = writer.refreshedColumns(s) else { continue }
                                cpng_prefetch(pixels + 16 * c.lowerBound, 16 * c.count, 0)
                            }
                        }
                        writer.refresh(row: y, in: samples, changed: row(y))
                    }
                }
            }
        }
        frame.tag = changes.frame
        quantizeSeconds += Double(DispatchTime.now().uptimeNanoseconds - t0) * 1e-9
        return PNGQuantizedFrame(frame, kept: kept, filter: filter)
    }

    /// The second step: the PNG bytes of a quantized frame, its bands filtered from the samples and compressed
    /// as `encode(_:depth:...)` compresses them (the same bytes); the kept frame goes back to its sink after.
    public static func encode(_ q: PNGQuantizedFrame, options: PNGEncodeOptions = .default, cache: PNGBandCache? = nil,
                              changes: FrameChanges? = nil, quantizeSeconds: inout Double) throws(PNGError) -> [UInt8] {
        defer { q.giveBack() }
        let frame = q.frame, width = frame.width
        var p = try makeParams(count: 4 * width * frame.height, width: width, height: frame.height, bitDepth: 8,
                               options: options)
        let line = 1 + width * 4
        p.row_stride = line
        var quantizing: UInt64 = 0
        defer { quantizeSeconds += Double(quantizing) * 1e-9 }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bandRows * line, alignment: 64)
        defer { buffer.deallocate() }
        return try encodeBands(params: p, line: line, height: frame.height, cache: cache, changes: changes) { band in
            let t0 = DispatchTime.now().uptimeNanoseconds
            PNGScanlineWriter.filter(band, samples: frame.samples, width: width, filter: q.filter,
                                     into: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
            quantizing += DispatchTime.now().uptimeNanoseconds - t0
            return UnsafeRawBufferPointer(rebasing: buffer[0..<band.count * line])
        }.get()
    }

    /// Encodes PNG scanlines that are already quantized and filtered (`Framebuffer.pngScanlines`): `height`
    /// rows of a filter-type byte plus `width * 4` samples of `bitDepth` bits, big-endian. `options.library`
    /// compresses them in bands of `bandRows` rows (zlib at `options.level` and `options.strategy`), each band alone (`PNGBands.swift`),
    /// or takes a band's piece from `cache` when the band's bytes are the ones it holds; the bytes of the file
    /// are the same either way. libpng writes every chunk. `options.filters` must be the one filter the rows
    /// were made with (it picks libpng's default strategy when that is nil).
    public static func encode(
        scanlines: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bitDepth: Int, options: PNGEncodeOptions = .default,
        cache: PNGBandCache? = nil
    ) throws(PNGError) -> [UInt8] {
        var p = try makeParams(count: 4 * width * height, width: width, height: height, bitDepth: bitDepth,
                               options: options)
        let line = p.row_stride + 1
        guard scanlines.baseAddress != nil, scanlines.count == line * height else {
            throw PNGError("expected \(height) scanlines of \(line) bytes, got \(scanlines.count) bytes")
        }
        p.row_stride = line
        let all = UnsafeRawBufferPointer(scanlines)
        return try encodeBands(params: p, line: line, height: height, cache: cache) { rows in
            UnsafeRawBufferPointer(rebasing: all[rows.lowerBound * line..<rows.upperBound * line])
        }.get()
    }

    /// Writes 8-bit RGBA to a PNG file (replaced if it exists; removed on failure).
    public static func write(
        rgba8: [UInt8], width: Int, height: Int, to path: String, options: PNGEncodeOptions = .default
    ) throws(PNGError) {
        let params = try makeParams(count: rgba8.count, width: width, height: height, bitDepth: 8, options: options)
        try rgba8.withUnsafeBytes { encodeToFile(params, pixels: $0.baseAddress!, path: path, text: options.text) }.get()
    }

    /// Writes 16-bit RGBA to a PNG file (replaced if it exists; removed on failure).
    public static func write(
        rgba16: [UInt16], width: Int, height: Int, to path: String, options: PNGEncodeOptions = .default
    ) throws(PNGError) {
        let params = try makeParams(count: rgba16.count, width: width, height: height, bitDepth: 16, options: options)
        try rgba16.withUnsafeBytes { encodeToFile(params, pixels: $0.baseAddress!, path: path, text: options.text) }.get()
    }

    // MARK: Decoding

    /// Decodes any PNG (any colour type and bit depth, tRNS, interlaced) to 16-bit RGBA.
    public static func decode(_ data: [UInt8]) throws(PNGError) -> PNGImage {
        var image = cpng_image()
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = data.withUnsafeBufferPointer { bytes in
            err.withUnsafeMutableBufferPointer { e in
                cpng_read_memory(bytes.baseAddress, bytes.count, &image, e.baseAddress, e.count)
            }
        }
        guard status == Int32(CPNG_OK.rawValue) else {
            throw PNGError("cannot decode PNG data (\(data.count) bytes): \(message(err))")
        }
        return try takeImage(image, context: "PNG data")
    }

    /// The size PNG data declares, as libpng reads its chunks up to the image data (CRCs and IHDR fields
    /// checked, no pixel decoded or allocated): what a decoder of `data` would allocate, known before one runs.
    public static func declaredSize(_ data: [UInt8]) throws(PNGError) -> PNGHeader {
        var width: UInt32 = 0, height: UInt32 = 0
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = data.withUnsafeBufferPointer { bytes in
            err.withUnsafeMutableBufferPointer { e in
                cpng_read_size_memory(bytes.baseAddress, bytes.count, &width, &height, e.baseAddress, e.count)
            }
        }
        guard status == Int32(CPNG_OK.rawValue) else { throw PNGError(message(err)) }
        return PNGHeader(width: Int(width), height: Int(height))
    }

    /// Why `read(path:maxPixels:)` read no image.
    public enum BoundedReadError: Error {
        /// Not a regular, readable file (`InputFile.problem`'s words).
        case unreadable(String)
        /// The size its header declares is over the budget; nothing was decoded.
        case tooLarge(PNGHeader)
        /// libpng's reason.
        case failed(PNGError)
    }

    /// Reads a PNG file within a budget of `maxPixels`: the file is checked first, then the size its header
    /// declares, and only then does libpng decode (a small file can declare gigabytes of pixels).
    public static func read(path: String, maxPixels: Double) throws(BoundedReadError) -> PNGImage {
        if let why = InputFile.problem(path) { throw .unreadable(why) }
        if let h = PNGHeader(path: path), Double(h.pixels) > maxPixels { throw .tooLarge(h) }
        do {
            return try read(path: path)
        } catch {
            throw .failed(error)
        }
    }

    /// Reads and decodes a PNG file (see `decode(_:)`).
    public static func read(path: String) throws(PNGError) -> PNGImage {
        var image = cpng_image()
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = err.withUnsafeMutableBufferPointer { e in
            cpng_read_file(path, &image, e.baseAddress, e.count)
        }
        guard status == Int32(CPNG_OK.rawValue) else {
            throw PNGError("cannot read PNG '\(path)': \(message(err))")
        }
        return try takeImage(image, context: "'\(path)'")
    }

    // MARK: Private helpers

    private static func makeParams(
        count: Int, width: Int, height: Int, bitDepth: Int, options: PNGEncodeOptions
    ) throws(PNGError) -> cpng_write_params {
        let limit = Int(Int32.max)
        guard width > 0, height > 0, width <= limit, height <= limit else {
            throw PNGError("invalid image size \(width)x\(height): width and height must be 1...\(limit)")
        }
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (expected, o2) = pixels.multipliedReportingOverflow(by: 4)
        guard !o1, !o2 else { throw PNGError("image size \(width)x\(height) overflows") }
        guard count == expected else {
            throw PNGError(
                "expected \(width)x\(height)x4 = \(expected) \(bitDepth)-bit RGBA samples, got \(count)")
        }
        guard !options.filters.isEmpty, options.filters.isSubset(of: .all) else {
            throw PNGError("filter set must contain at least one of none/sub/up/average/paeth")
        }
        var p = cpng_write_params()
        p.width = UInt32(width)
        p.height = UInt32(height)
        p.bit_depth = Int32(bitDepth)
        p.row_stride = width * 4 * (bitDepth / 8)
        p.level = Int32(options.level)
        p.strategy = options.strategy?.cpngValue ?? Int32(CPNG_STRATEGY_LIBPNG_DEFAULT)
        p.filters = options.filters.cpngFlags
        p.srgb = options.srgbChunk ? 1 : 0
        p.library = options.library.cpngValue
        return p
    }

    // These return Result because Array.withUnsafeBytes only rethrows untyped errors.
    private static func encodeToMemory(
        _ params: cpng_write_params, pixels: UnsafeRawPointer, text: PNGText? = nil,
        using write: (UnsafePointer<cpng_write_params>?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                      UnsafeMutablePointer<Int>?, UnsafeMutablePointer<CChar>?, Int) -> Int32 = cpng_write_memory
    ) -> Result<[UInt8], PNGError> {
        var p = params
        p.pixels = pixels
        var out: UnsafeMutablePointer<UInt8>? = nil
        var outLen = 0
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = withText(text, &p) { p in
            err.withUnsafeMutableBufferPointer { e in write(p, &out, &outLen, e.baseAddress, e.count) }
        }
        defer { cpng_free(out) }
        guard status == Int32(CPNG_OK.rawValue), let out else {
            return .failure(PNGError("cannot encode \(params.width)x\(params.height) PNG: \(message(err))"))
        }
        return .success(Array(UnsafeBufferPointer(start: out, count: outLen)))
    }

    private static func encodeToFile(
        _ params: cpng_write_params, pixels: UnsafeRawPointer, path: String, text: PNGText? = nil
    ) -> Result<Void, PNGError> {
        var p = params
        p.pixels = pixels
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = withText(text, &p) { p in
            err.withUnsafeMutableBufferPointer { e in cpng_write_file(path, p, e.baseAddress, e.count) }
        }
        guard status == Int32(CPNG_OK.rawValue) else {
            return .failure(PNGError("cannot write PNG '\(path)': \(message(err))"))
        }
        return .success(())
    }

    /// Runs `body` with `params` pointing at `text`'s keyword and text (valid only inside it).
    private static func withText(_ text: PNGText?, _ params: inout cpng_write_params,
                                 _ body: (UnsafePointer<cpng_write_params>) -> Int32) -> Int32 {
        guard let text else { return body(&params) }
        return text.keyword.withCString { k in
            text.text.withCString { v in
                params.text_key = k
                params.text_value = v
                defer { params.text_key = nil; params.text_value = nil }
                return body(&params)
            }
        }
    }

    /// The text of the chunk with `key` in the PNG file at `path` (tEXt, zTXt or iTXt, before the image data),
    /// read by libpng; nil when it has none.
    public static func text(path: String, key: String) throws(PNGError) -> String? {
        var out: UnsafeMutablePointer<CChar>? = nil
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = err.withUnsafeMutableBufferPointer { e in cpng_read_text_file(path, key, &out, e.baseAddress, e.count) }
        defer { cpng_free(out) }
        guard status == Int32(CPNG_OK.rawValue) else { throw PNGError("cannot read PNG '\(path)': \(message(err))") }
        return out.map { String(cString: $0) }
    }

    /// The zlib version linked at run time, e.g. "1.2.13".
    public static var zlibVersion: String { cpng_zlib_version().map { String(cString: $0) } ?? "unknown" }

    /// The ISA-L version cpng.c was compiled with (ISA-L has no run-time query), e.g. "2.30.0".
    public static var isalVersion: String { cpng_isal_version().map { String(cString: $0) } ?? "unknown" }

    /// Copies a decoded image out of C memory (and frees it).
    private static func takeImage(_ image: cpng_image, context: String) throws(PNGError) -> PNGImage {
        defer { cpng_free(image.samples) }
        guard let samples = image.samples,
              let colorType = PNGColorType(cpng: image.source_color_type)
        else { throw PNGError("internal error decoding \(context): no image returned") }
        let count = Int(image.width) * Int(image.height) * 4
        return PNGImage(
            width: Int(image.width), height: Int(image.height),
            sourceBitDepth: Int(image.source_bit_depth), sourceColorType: colorType,
            interlaced: image.interlaced != 0,
            samples: Array(UnsafeBufferPointer(start: samples, count: count)))
    }

    /// The NUL-terminated message in an error buffer.
    static func message(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
    }

    /// The libpng version linked at run time, e.g. "1.6.39".
    public static var libpngVersion: String {
        guard let v = cpng_libpng_version() else { return "unknown" }
        return String(cString: v)
    }
}

/// Something went wrong encoding, decoding, reading or writing a PNG.
///
/// `message` quotes libpng's own message where there is one, and the file path
/// for file operations.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "PNG error: \(message)" }
}
