// PNG encoding and decoding for forkrender, over the system libpng.
//
// Only the PNG*.swift files import CPNG. libpng's
// longjmp-based errors are contained in the C shim (Sources/CPNG); here they
// arrive as status codes and messages and are rethrown as `PNGError`.

import CPNG

/// PNG encode/decode entry points.
public enum PNG {
    // MARK: Encoding

    /// Encodes 8-bit RGBA (`width * height * 4` bytes, row-major) to PNG bytes.
    public static func encode(
        rgba8: [UInt8], width: Int, height: Int, options: PNGEncodeOptions = .default
    ) throws(PNGError) -> [UInt8] {
        let params = try makeParams(count: rgba8.count, width: width, height: height, bitDepth: 8, options: options)
        return try rgba8.withUnsafeBytes { encodeToMemory(params, pixels: $0.baseAddress!) }.get()
    }

    /// Encodes 16-bit RGBA (`width * height * 4` native-endian samples) to PNG bytes.
    public static func encode(
        rgba16: [UInt16], width: Int, height: Int, options: PNGEncodeOptions = .default
    ) throws(PNGError) -> [UInt8] {
        let params = try makeParams(count: rgba16.count, width: width, height: height, bitDepth: 16, options: options)
        return try rgba16.withUnsafeBytes { encodeToMemory(params, pixels: $0.baseAddress!) }.get()
    }

    /// Encodes PNG scanlines that are already quantized and filtered (`Framebuffer.pngScanlines`): `height`
    /// rows of a filter-type byte plus `width * 4` samples of `bitDepth` bits, big-endian. zlib compresses them
    /// in bands of `bandRows` rows at `options.level` and `options.strategy`, each band alone (`PNGBands.swift`),
    /// or takes a band's piece from `cache` when the band's bytes are the ones it holds; the bytes of the file
    /// are the same either way. libpng writes every chunk. `options.filters` must be the one filter the rows
    /// were made with (it picks libpng's default strategy when that is nil).
    public static func encode(
        scanlines: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bitDepth: Int, options: PNGEncodeOptions = .default,
        cache: PNGBandCache? = nil
    ) throws(PNGError) -> [UInt8] {
        let samples = try makeParams(count: 4 * width * height, width: width, height: height, bitDepth: bitDepth,
                                     options: options)
        guard let base = scanlines.baseAddress, scanlines.count == (samples.row_stride + 1) * height else {
            throw PNGError("expected \(height) scanlines of \(samples.row_stride + 1) bytes, got \(scanlines.count) bytes")
        }
        var p = samples
        p.row_stride += 1
        let stream = try deflateBands(UnsafeRawBufferPointer(scanlines), line: p.row_stride, height: height, params: p,
                                      cache: cache)
        return try stream.withUnsafeBufferPointer { z in
            encodeToMemory(p, pixels: UnsafeRawPointer(base)) { params, out, outLen, err, errLen in
                cpng_write_deflated_memory(params, z.baseAddress, z.count, out, outLen, err, errLen)
            }
        }.get()
    }

    /// Writes 8-bit RGBA to a PNG file (replaced if it exists; removed on failure).
    public static func write(
        rgba8: [UInt8], width: Int, height: Int, to path: String, options: PNGEncodeOptions = .default
    ) throws(PNGError) {
        let params = try makeParams(count: rgba8.count, width: width, height: height, bitDepth: 8, options: options)
        try rgba8.withUnsafeBytes { encodeToFile(params, pixels: $0.baseAddress!, path: path) }.get()
    }

    /// Writes 16-bit RGBA to a PNG file (replaced if it exists; removed on failure).
    public static func write(
        rgba16: [UInt16], width: Int, height: Int, to path: String, options: PNGEncodeOptions = .default
    ) throws(PNGError) {
        let params = try makeParams(count: rgba16.count, width: width, height: height, bitDepth: 16, options: options)
        try rgba16.withUnsafeBytes { encodeToFile(params, pixels: $0.baseAddress!, path: path) }.get()
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
        return p
    }

    // These return Result because Array.withUnsafeBytes only rethrows untyped errors.
    private static func encodeToMemory(
        _ params: cpng_write_params, pixels: UnsafeRawPointer,
        using write: (UnsafePointer<cpng_write_params>?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                      UnsafeMutablePointer<Int>?, UnsafeMutablePointer<CChar>?, Int) -> Int32 = cpng_write_memory
    ) -> Result<[UInt8], PNGError> {
        var p = params
        p.pixels = pixels
        var out: UnsafeMutablePointer<UInt8>? = nil
        var outLen = 0
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = err.withUnsafeMutableBufferPointer { e in
            write(&p, &out, &outLen, e.baseAddress, e.count)
        }
        defer { cpng_free(out) }
        guard status == Int32(CPNG_OK.rawValue), let out else {
            return .failure(PNGError("cannot encode \(params.width)x\(params.height) PNG: \(message(err))"))
        }
        return .success(Array(UnsafeBufferPointer(start: out, count: outLen)))
    }

    private static func encodeToFile(
        _ params: cpng_write_params, pixels: UnsafeRawPointer, path: String
    ) -> Result<Void, PNGError> {
        var p = params
        p.pixels = pixels
        var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
        let status = err.withUnsafeMutableBufferPointer { e in
            cpng_write_file(path, &p, e.baseAddress, e.count)
        }
        guard status == Int32(CPNG_OK.rawValue) else {
            return .failure(PNGError("cannot write PNG '\(path)': \(message(err))"))
        }
        return .success(())
    }

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
    private static func message(_ buffer: [CChar]) -> String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
    }

    /// The libpng version linked at run time, e.g. "1.6.39".
    public static var libpngVersion: String {
        guard let v = cpng_libpng_version() else { return "unknown" }
        return String(cString: v)
    }
}
