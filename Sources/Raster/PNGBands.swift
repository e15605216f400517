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

    /// The raw deflate stream of `scanlines` (`height` rows of `line` bytes): every band compressed alone, the
    /// last one final, or taken from `cache` when its bytes are the ones the cache holds for that band.
    static func deflateBands(
        _ scanlines: UnsafeRawBufferPointer, line: Int, height: Int, params: cpng_write_params, cache: PNGBandCache?
    ) throws(PNGError) -> [UInt8] {
        var p = params
        let strategy = cpng_band_strategy(&p)
        guard let deflater = cpng_band_deflater_new(params.level, strategy) else {
            throw PNGError("zlib could not start at level \(params.level), strategy \(strategy) (out of memory?)")
        }
        defer { cpng_band_deflater_free(deflater) }
        let bands = bandCount(height: height), bandBytes = bandRows * line
        let entries = cache?.entries(bands: bands)
        var stream: [UInt8] = []
        stream.reserveCapacity(scanlines.count / 16)
        var piece = [UInt8](repeating: 0, count: cpng_band_deflate_bound(deflater, bandBytes))
        var reused = 0, seconds = 0.0
        for band in 0..<bands {
            let start = band * bandBytes
            let bytes = UnsafeRawBufferPointer(rebasing: scanlines[start..<min(scanlines.count, start + bandBytes)])
            let key = PNGBandCache.Key(level: params.level, strategy: strategy, last: band == bands - 1)
            if let cache, let entries, cache.reuse(entries[band], key: key, bytes: bytes, into: &stream) {
                reused += 1
                continue
            }
            let t0 = CPUClock.thread
            var n = 0
            let status = piece.withUnsafeMutableBufferPointer { out in
                cpng_band_deflate(deflater, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count,
                                  key.last ? 1 : 0, out.baseAddress, out.count, &n)
            }
            seconds += CPUClock.thread - t0
            guard status == Int32(CPNG_OK.rawValue) else {
                throw PNGError("zlib could not compress rows \(band * bandRows) to \(min(height, (band + 1) * bandRows) - 1)")
            }
            piece.withUnsafeBufferPointer { out in
                let made = UnsafeBufferPointer(rebasing: out[0..<n])
                stream.append(contentsOf: made)
                if let cache, let entries { cache.store(entries[band], key: key, bytes: bytes, piece: made) }
            }
        }
        cache?.record(reused: reused, compressed: bands - reused, seconds: seconds)
        return stream
    }
}
