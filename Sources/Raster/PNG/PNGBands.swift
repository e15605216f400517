

// The IDAT stream in independent bands of rows (see PNGBandCache.swift for why).

import CPNG

extension PNG {
    /// Rows per band of the compressed image data: every band is its own raw deflate piece, so that a band
    /// whose filtered bytes equal those of a frame before is copied from `PNGBandCache` instead of compressed.
    /// Band boundaries depend on nothing but this number and the image's height.
    ///
    /// Chosen by measurement on the showcase's 120 frames (1170 x 2532, filter up, zlib level 1 `Z_RLE`;
    /// throwaway C program over the decoded frames, thread CPU time, load 2-4; docs/png-measurements.md):
    ///
    ///     rows   bytes/frame   zlib ms/frame, every band   only bands unlike the frame before   bands alike
    ///     whole    402,971            19.95                        19.95                            0%
    ///      64      402,951            19.07                        17.67                           11.9%
    ///      32      397,615            17.48                        15.24                           24.1%
    ///      16      394,619            16.56                        13.79                           35.2%
    ///      12      394,113            12.73                        11.20                           37.7%
    ///       8      393,054            13.14-13.36                  11.35-11.51                     41.4%
    ///       4      396,248            14.65                        12.32                           44.5%
    ///
    /// Bands of up to 13 rows (65 KB) never make zlib slide its 64 KB window, which is why even a cold
    /// cache is faster than one piece; smaller bands start Huffman blocks that fit the content better, so the
    /// files shrink by 2.5%, until at 4 rows each band's block header and sync marker outweigh it.
    public static let bandRows = 8

    /// How many bands an image of `height` rows has.
    public static func bandCount(height: Int) -> Int { (height + bandRows - 1) / bandRows }

    /// The PNG of `height` rows of `line` filtered bytes that `band` hands over a band at a time: each band
    /// compressed alone, the last one final, or its piece taken from `cache` when its bytes are the ones the
    /// cache holds for that band (or, without asking `band` for them, when `changes` vouches that they are); then
    /// libpng frames the pieces where they lie (`cpng_write_pieces`).
    ///
    /// `band(rows)` returns the filtered bytes of `rows` (a band, in order from the first), valid until it is
    /// called again. So that a band's bytes are still in the core's caches when they are compared, checksummed
    /// and compressed, the caller makes them then, into a band-sized buffer, rather than a frame of scanlines
    /// ahead (docs/performance.md, "Encoding band by band"). The Adler-32 is each band's, joined
    /// (`cpng_adler32_combine`): a band from the cache brings its own.
    static func encodeBands(
        params: cpng_write_params, line: Int, height: Int, cache: PNGBandCache?, changes: FrameChanges? = nil,
        band: (Range<Int>) -> UnsafeRawBufferPointer
    ) -> Result<[UInt8], PNGError> {
        var p = params
        let strategy = cpng_band_strategy(&p)
        let library = params.library == Int32(CPNG_DEFLATE_IGZIP) ? "igzip" : "zlib"
        guard let deflater = cpng_band_deflater_new(params.library, params.level, strategy) else {
            return .failure(PNGError("\(library) could not start at level \(params.level), strategy \(strategy) (out of memory?)"))
        }
        defer { cpng_band_deflater_free(deflater) }
        let bands = bandCount(height: height)
        let entries = cache?.entries(bands: bands)
        var pieces: [PNGBandPiece] = []
        pieces.reserveCapacity(bands)
        var out = [UInt8](repeating: 0, count: cpng_band_deflate_bound(deflater, bandRows * line))
        var adler: UInt32 = 1, reused = 0, unquantized = 0, seconds = 0.0
        let timed = cache?.timesCompression ?? false
        for b in 0..<bands {
            let rows = b * bandRows..<min(height, (b + 1) * bandRows)
            let key = PNGBandCache.Key(library: params.library, level: params.level, strategy: strategy, last: b == bands - 1)
            // A band vouched for as another frame's whose piece the cache holds: neither quantized nor compared.
            if let cache, let entries, let changes,
               let cached = cache.reuse(entries[b], key: key, count: rows.count * line, band: b, changes: changes) {
                reused += 1
                unquantized += 1
                adler = cpng_adler32_combine(adler, cached.adler, rows.count * line)
                pieces.append(cached)
                continue
            }
            let bytes = band(rows)
            let bandBytes = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let piece: PNGBandPiece
            // Bytes compared only without `changes`: with them, a band they do not vouch for has almost always
            // changed, and comparing and keeping every compressed band's bytes would read and write about 7 MB of
            // cold memory a frame to spare a few bands' deflate.
            if let cache, let entries, changes == nil, let cached = cache.reuse(entries[b], key: key, bytes: bytes) {
                reused += 1
                piece = cached
            } else {
                let t0 = timed ? CPUClock.thread : 0
                var n = 0
                let status = out.withUnsafeMutableBufferPointer { o in
                    cpng_band_deflate(deflater, bandBytes, bytes.count, key.last ? 1 : 0, o.baseAddress, o.count, &n)
                }
                let check = cpng_adler32(1, bandBytes, bytes.count)
                if timed { seconds += CPUClock.thread - t0 }
                guard status == Int32(CPNG_OK.rawValue) else {
                    return .failure(PNGError("\(library) could not compress rows \(rows.lowerBound) to \(rows.upperBound - 1)"))
                }
                piece = out.withUnsafeBufferPointer { PNGBandPiece(copying: UnsafeBufferPointer(rebasing: $0[0..<n]), adler: check) }
                if let cache, let entries {
                    cache.store(entries[b], key: key, bytes: bytes, keepBytes: changes == nil, piece: piece, tag: changes?.frame)
                }
            }
            adler = cpng_adler32_combine(adler, piece.adler, bytes.count)
            pieces.append(piece)
        }
        cache?.record(reused: reused, unquantized: unquantized, compressed: bands - reused, seconds: seconds)
        return frame(pieces, adler: adler, params: params)
    }

    /// The PNG file around `pieces`: one copy of their bytes, straight into the array returned.
    private static func frame(_ pieces: [PNGBandPiece], adler: UInt32, params: cpng_write_params) -> Result<[UInt8], PNGError> {
        withExtendedLifetime(pieces) {
            let spans = pieces.map { cpng_piece(bytes: $0.bytes.baseAddress, len: $0.bytes.count) }
            let total = pieces.reduce(0) { $0 + $1.bytes.count }
            let capacity = cpng_pieces_bound(total)
            var status: Int32 = 0
            var err = [CChar](repeating: 0, count: Int(CPNG_ERRLEN))
            var p = params
            let png = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                var n = 0
                status = err.withUnsafeMutableBufferPointer { e in
                    cpng_write_pieces(&p, spans, spans.count, adler, buffer.baseAddress, buffer.count, &n,
                                      e.baseAddress, e.count)
                }
                count = status == Int32(CPNG_OK.rawValue) ? n : 0
            }
            guard capacity > 0, status == Int32(CPNG_OK.rawValue) else {
                return .failure(PNGError("cannot encode \(params.width)x\(params.height) PNG: \(message(err))"))
            }
            return .success(png)
        }
    }
}

/// One band's raw deflate piece (`PNG.bandRows`) and the Adler-32 of the band's filtered bytes, kept together
/// so that a band taken from `PNGBandCache` costs neither compression nor checksum: the frame's Adler-32 is
/// joined from its bands' with zlib's `adler32_combine`.
///
/// The bytes live in memory of their own, written once here and never again, so that a frame's encoder can
/// hand libpng the pointers of all its pieces at once (`cpng_write_pieces`) while holding the pieces, and the
/// stream is never joined into one buffer first. The pointer never leaves Raster: `PNG.encodeBands` reads it
/// under `withExtendedLifetime` of the pieces.
final class PNGBandPiece: @unchecked Sendable {
    /// The deflate piece; immutable after `init`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Adler-32 (RFC 1950) of the band's filtered bytes, started at 1.
    let adler: UInt32

    init(copying piece: UnsafeBufferPointer<UInt8>, adler: UInt32) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, piece.count))
        if let source = piece.baseAddress { storage.baseAddress!.initialize(from: source, count: piece.count) }
        self.bytes = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[0..<piece.count])
        self.adler = adler
    }

    deinit { UnsafeMutableBufferPointer(mutating: bytes).baseAddress?.deallocate() }
}
