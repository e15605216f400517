// PNG encoding and decoding for forkrender, over the system libpng.
//
// This is the only Swift file in the project that imports CPNG. libpng's
// longjmp-based errors are contained in the C shim (Sources/CPNG); here they
// arrive as status codes and messages and are rethrown as `PNGError`.

import CPNG

/// Something went wrong encoding, decoding, reading or writing a PNG.
///
/// `message` quotes libpng's own message where there is one, and the file path
/// for file operations.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "PNG error: \(message)" }
}

/// A set of PNG row filters that libpng may choose from, row by row.
///
/// With more than one filter, libpng picks per row by a heuristic (minimum sum
/// of absolute differences), which costs time for every candidate filter.
public struct PNGFilterSet: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let none = PNGFilterSet(rawValue: 1 << 0)
    public static let sub = PNGFilterSet(rawValue: 1 << 1)
    public static let up = PNGFilterSet(rawValue: 1 << 2)
    public static let average = PNGFilterSet(rawValue: 1 << 3)
    public static let paeth = PNGFilterSet(rawValue: 1 << 4)
    /// All five filters (libpng's own default for non-palette images).
    public static let all: PNGFilterSet = [.none, .sub, .up, .average, .paeth]

    public var description: String {
        let names = [(PNGFilterSet.none, "none"), (.sub, "sub"), (.up, "up"), (.average, "average"), (.paeth, "paeth")]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }

    /// The libpng `PNG_FILTER_*` flags for this set.
    var cpngFlags: Int32 {
        var flags: Int32 = 0
        if contains(.none) { flags |= Int32(CPNG_FILTER_NONE) }
        if contains(.sub) { flags |= Int32(CPNG_FILTER_SUB) }
        if contains(.up) { flags |= Int32(CPNG_FILTER_UP) }
        if contains(.average) { flags |= Int32(CPNG_FILTER_AVG) }
        if contains(.paeth) { flags |= Int32(CPNG_FILTER_PAETH) }
        return flags
    }
}

/// zlib compression strategy used for the image data.
public enum PNGCompressionStrategy: Sendable, Hashable {
    /// zlib's `Z_DEFAULT_STRATEGY`.
    case zlibDefault
    /// zlib's `Z_FILTERED` (libpng's own choice when filters are enabled).
    case filtered
    /// zlib's `Z_HUFFMAN_ONLY`: no string matching.
    case huffmanOnly
    /// zlib's `Z_RLE`: matches only at distance 1 (runs).
    case rle
    /// zlib's `Z_FIXED`: fixed Huffman codes.
    case fixed

    var cpngValue: Int32 {
        switch self {
        case .zlibDefault: Int32(CPNG_STRATEGY_DEFAULT)
        case .filtered: Int32(CPNG_STRATEGY_FILTERED)
        case .huffmanOnly: Int32(CPNG_STRATEGY_HUFFMAN_ONLY)
        case .rle: Int32(CPNG_STRATEGY_RLE)
        case .fixed: Int32(CPNG_STRATEGY_FIXED)
        }
    }
}

/// How to encode a PNG.
public struct PNGEncodeOptions: Sendable, Equatable {
    /// zlib compression level, 0 (store) ... 9 (smallest, slowest).
    public var level: Int
    /// Row filters libpng may choose from.
    public var filters: PNGFilterSet
    /// zlib strategy; `nil` leaves libpng's choice (`Z_FILTERED` when filtering,
    /// `Z_DEFAULT_STRATEGY` for filter none). Note: with `.rle` (the default)
    /// every level 1...9 gives the same output, so set this to `nil` when
    /// raising `level` from `.default`.
    public var strategy: PNGCompressionStrategy?
    /// Write an sRGB chunk (perceptual intent) with matching gAMA and cHRM.
    public var srgbChunk: Bool

    /// Explicit options. `strategy` defaults to libpng's own choice, not to
    /// `default.strategy`, so that a level given here takes effect; start from
    /// `.default` and modify it for the tuned preset.
    public init(
        level: Int, filters: PNGFilterSet, strategy: PNGCompressionStrategy? = nil, srgbChunk: Bool = true
    ) {
        self.level = level
        self.filters = filters
        self.strategy = strategy
        self.srgbChunk = srgbChunk
    }

    /// The tuned default: zlib level 1, filter `up`, zlib strategy `Z_RLE`,
    /// sRGB chunk on.
    ///
    /// Chosen by measurement (docs/png-measurements.md; `measureEncodeDefaults`
    /// in PNGTests) on a synthetic 1170x2532 frame: #F2F2F7 background, a 3x3
    /// soft dot every 63 px, two areas of blurred gradient; once with smooth
    /// gradients, once with the gradients dithered by +-1 LSB. 8-bit RGBA,
    /// libpng 1.6.39 / zlib 1.2.13, 2-vCPU Xeon VM, best of 5. Times are noisy
    /// (fast settings varied by up to ~50% between runs); sizes are exact.
    ///
    ///     level  filters  strategy |  smooth ms  bytes   | dithered ms  bytes
    ///     1      none     libpng   |    68     480,980   |   106     2,796,847
    ///     1      up       libpng   |    92     562,715   |    99     2,333,054
    ///     1      all      libpng   |   215     555,918   |   184     2,321,379
    ///     3      none     libpng   |    93     398,234   |   160     2,470,619
    ///     3      up       libpng   |    78     452,411   |   192     2,143,800
    ///     6      none     libpng   |    99     180,472   |   470     2,358,913
    ///     6      up       libpng   |   176     307,759   |  1317     1,933,663
    ///     6      all      libpng   |   237     286,611   |  1002     1,906,727  <- libpng defaults
    ///     9      none     libpng   |   130     167,042   |   537     2,358,077
    ///     9      sub      libpng   |  1465     201,476   |  6137     1,767,836
    ///     9      all      libpng   |  1197     226,698   |  6564     1,824,317
    ///     1      sub      Z_RLE    |    62     546,760   |    92     1,793,071
    ///     1      up       Z_RLE    |    56     417,273   |    91     1,779,665  <- default
    ///     1      all      Z_RLE    |    99     400,877   |   164     1,765,460
    ///
    /// `up` + `Z_RLE` is among the fastest settings on both frames, and on the
    /// dithered one its file is within 1% of the smallest of any setting
    /// (and smaller than libpng's defaults, in ~1/10 of the time). Against libpng's defaults on
    /// the smooth frame it is ~4x faster for a 46% larger file. If size
    /// matters more and frames are known to be smooth (undithered), level 6
    /// with filter `none` and `strategy: nil` gives 180 KB in ~100 ms, but is
    /// 5x slower and 33% larger than this default on dithered content.
    public static let `default` = PNGEncodeOptions(level: 1, filters: .up, strategy: .rle, srgbChunk: true)
}

/// The colour type of a PNG file, as stored in its IHDR chunk.
public enum PNGColorType: Sendable, Hashable {
    case gray, rgb, palette, grayAlpha, rgba

    init?(cpng: Int32) {
        switch cpng {
        case Int32(CPNG_COLOR_GRAY): self = .gray
        case Int32(CPNG_COLOR_RGB): self = .rgb
        case Int32(CPNG_COLOR_PALETTE): self = .palette
        case Int32(CPNG_COLOR_GRAY_ALPHA): self = .grayAlpha
        case Int32(CPNG_COLOR_RGBA): self = .rgba
        default: return nil
        }
    }
}

/// A decoded PNG, whatever its format in the file, as 16-bit RGBA.
public struct PNGImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Bits per sample in the file: 1, 2, 4, 8 or 16 (palette: bits per index).
    public let sourceBitDepth: Int
    /// Colour type in the file.
    public let sourceColorType: PNGColorType
    /// Whether the file was Adam7-interlaced.
    public let interlaced: Bool
    /// RGBA interleaved, row-major, 16-bit range (8-bit sources scaled by 257),
    /// straight (non-premultiplied) alpha; missing alpha is 65535.
    public let samples: [UInt16]

    public init(
        width: Int, height: Int, sourceBitDepth: Int, sourceColorType: PNGColorType,
        interlaced: Bool = false, samples: [UInt16]
    ) {
        self.width = width
        self.height = height
        self.sourceBitDepth = sourceBitDepth
        self.sourceColorType = sourceColorType
        self.interlaced = interlaced
        self.samples = samples
    }

    /// The samples rounded to 8 bits: `(v * 255 + 32767) / 65535`.
    /// Exact for 8-bit sources (v = b * 257 gives back b).
    public var rgba8: [UInt8] {
        samples.map { UInt8((UInt32($0) &* 255 &+ 32767) / 65535) }
    }
}

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
    /// in one call at `options.level` and `options.strategy`; libpng writes every chunk. `options.filters`
    /// must be the one filter the rows were made with (it picks libpng's default strategy when that is nil).
    public static func encode(
        scanlines: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bitDepth: Int, options: PNGEncodeOptions = .default
    ) throws(PNGError) -> [UInt8] {
        let samples = try makeParams(count: 4 * width * height, width: width, height: height, bitDepth: bitDepth,
                                     options: options)
        guard let base = scanlines.baseAddress, scanlines.count == (samples.row_stride + 1) * height else {
            throw PNGError("expected \(height) scanlines of \(samples.row_stride + 1) bytes, got \(scanlines.count) bytes")
        }
        var p = samples
        p.row_stride += 1
        return try encodeToMemory(p, pixels: UnsafeRawPointer(base), using: cpng_write_filtered_memory).get()
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
        guard (0...9).contains(options.level) else {
            throw PNGError("invalid zlib compression level \(options.level): must be 0...9")
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
