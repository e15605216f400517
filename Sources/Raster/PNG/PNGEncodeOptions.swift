// PNG types over the system libpng (see PNG.swift): the C constants they map to come from the CPNG shim.

import CPNG

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

/// The deflate library that compresses a PNG's image data.
public enum PNGDeflateLibrary: Sendable, Hashable {
    /// zlib at the options' `level` and `strategy`: libpng's own library, for every writer.
    case zlib
    /// ISA-L's igzip at its level 0, with Huffman codes trained on up-filtered frames and a 4 KiB history
    /// (`level` and `strategy` do not apply), for frames encoded band by band (`PNG.encode(_:depth:...)`,
    /// `PNG.encode(scanlines:)`); libpng still writes every chunk. On the showcase's frames it compresses 4x
    /// faster than zlib's fastest setting here (level 1, `Z_RLE`) into 23% larger files (docs/performance.md,
    /// "Deflate with ISA-L"); `--png-level` chooses zlib for smaller ones. libpng's whole-image writers
    /// (`encode(rgba8:)`, `write`) compress with zlib only and refuse it.
    case igzip

    var cpngValue: Int32 {
        switch self {
        case .zlib: Int32(CPNG_DEFLATE_ZLIB)
        case .igzip: Int32(CPNG_DEFLATE_IGZIP)
        }
    }
}

/// A PNG text chunk: a keyword (1-79 Latin-1 characters, no leading, trailing or double spaces) and its text.
public struct PNGText: Sendable, Equatable {
    public var keyword: String
    public var text: String
    public init(keyword: String, text: String) {
        self.keyword = keyword
        self.text = text
    }
}

/// How to encode a PNG.
///
/// `level` is always one of zlib's `levels`: every initializer takes it through `checked`, the one place that
/// checks it (a user's level throws its message, a level written in code stops with it); the encoder can rely on it.
public struct PNGEncodeOptions: Sendable, Equatable {
    /// zlib's compression levels: 0 stores the data, 9 is the smallest and slowest.
    public static let levels: ClosedRange<Int> = 0...9

    /// zlib compression level, within `levels`.
    public private(set) var level: Int
    /// Row filters libpng may choose from.
    public var filters: PNGFilterSet
    /// zlib strategy; `nil` leaves libpng's choice (`Z_FILTERED` when filtering,
    /// `Z_DEFAULT_STRATEGY` for filter none). With `.rle` (the default) every
    /// level 1...9 gives the same output: `init(level:)` picks `.filtered`.
    public var strategy: PNGCompressionStrategy?
    /// Write an sRGB chunk (perceptual intent) with matching gAMA and cHRM.
    public var srgbChunk: Bool
    /// The deflate library; zlib unless set.
    public var library: PNGDeflateLibrary = .zlib
    /// One text chunk (iTXt, uncompressed UTF-8) before the image data, as libpng writes it: the reference PNGs
    /// of `check --update` carry the renderer's fingerprint in one. libpng's whole-image writers (`encode(rgba8:)`,
    /// `encode(rgba16:)`, `write`) write it.
    public var text: PNGText?

    /// Explicit options, for settings written in code: a level outside `levels` is a programming error here
    /// (a level from a user goes through `init(level:)`). `strategy` defaults to libpng's own choice, not to
    /// `default.strategy`, so that a level given here takes effect.
    public init(
        level: Int, filters: PNGFilterSet, strategy: PNGCompressionStrategy? = nil, srgbChunk: Bool = true
    ) {
        // The one check (`checked`), its message a programming error here.
        do { self.level = try Self.checked(level) } catch { preconditionFailure(error.message) }
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

    /// What frames are encoded with unless a level is chosen: `default`'s filter `up` and sRGB chunk, the image
    /// data compressed by ISA-L's igzip (`PNGDeflateLibrary.igzip`) band by band instead of zlib.
    public static let frames: PNGEncodeOptions = {
        var o = PNGEncodeOptions.default
        o.library = .igzip
        return o
    }()

    /// The tuned zlib default at a level a user chose (`forkrender --png-level`), checked here and nowhere else.
    ///
    /// The default's `Z_RLE` ignores the level (zlib's run-length pass has no search for a level to tune: levels
    /// 1-9 give the same bytes), so a chosen level comes with zlib's `Z_FILTERED` strategy, which is what libpng
    /// itself picks for filtered rows; the level then trades time for size as in the table above (the rows
    /// marked `libpng`). Level 0 stores the rows uncompressed whatever the strategy.
    public init(level: Int) throws(PNGError) {
        self = .default
        self.level = try Self.checked(level)
        strategy = .filtered
    }

    /// The one check of a zlib level and its one message (cpng.c leaves levels to this; zlib refuses others).
    static func checked(_ level: Int) throws(PNGError) -> Int {
        guard levels.contains(level) else {
            throw PNGError("zlib level \(level) is outside \(levels.lowerBound)...\(levels.upperBound)")
        }
        return level
    }
}
