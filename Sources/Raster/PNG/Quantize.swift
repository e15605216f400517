import CPNG

/// Conversion of a float framebuffer to 8- or 16-bit straight-alpha sRGB samples, as PNG and ffmpeg want them.
///
/// Rounding is to nearest (v * max + 0.5, floored), after clamping to 0...1. The optional ordered dither adds a
/// Bayer 8x8 threshold in (-0.5, 0.5) of one output step before rounding: smooth blur gradients then lose their
/// bands without adding noise that changes from frame to frame (the pattern is fixed to the pixel grid).
///
/// Two kernels share one per-pixel rule (`Quantize.levels`): `rgba8`/`rgba16` write plain samples, and
/// `pngScanlines` writes PNG's filtered scanlines directly (filter byte, then each row minus the row above for
/// `up`), so the PNG encoder never makes a second pass over the samples. `QuantizeReference` is the plain
/// per-channel version both are tested against.
public enum Quantize {
    /// The Bayer 8x8 matrix, values 0...63, built by the usual recursion M(2n) = [4M, 4M+2; 4M+3, 4M+1].
    static let bayer8: [Float] = {
        var m: [Int] = [0]
        var n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m.map(Float.init)
    }()

    /// Threshold offsets in output steps, centered on zero; all zero without dither.
    package static let offsets: [Float] = bayer8.map { ($0 + 0.5) / 64 - 0.5 }
    package static let noOffsets = [Float](repeating: 0, count: 64)

    /// One component rounded to the nearest of 0...maxValue after adding a dither offset. After clamping the
    /// value is non-negative, so truncation is the floor.
    @inline(__always)
    static func level(_ c: Float, _ d: Float, _ maxValue: Float) -> Int32 {
        Int32(min(max(c * maxValue + d + 0.5, 0), maxValue))
    }

    /// Straight sRGB components (0...1) of a premultiplied pixel in `space`.
    @inlinable
    static func straight(_ p: SIMD4<Float>, _ space: BlendSpace) -> SIMD4<Float> {
        let a = min(max(p.w, 0), 1)
        guard a > 0 else { return .zero }
        var s = a == 1 ? p : SIMD4(p.x / a, p.y / a, p.z / a, a)
        if space == .linear {
            s = SIMD4(linearToSRGB(s.x), linearToSRGB(s.y), linearToSRGB(s.z), a)
        }
        return s
    }

    /// The four output levels of one pixel: `level` per channel, alpha never dithered (a fully opaque pixel
    /// must stay exactly opaque). The same IEEE operations in the same order as `level`, so the result is
    /// identical bit for bit; written with SIMD4 arithmetic and one scalar conversion per lane, because SIMD4's
    /// `clamped` and `SIMD4<Int32>(_:rounding:)` were measured 15x slower than this.
    @inline(__always)
    static func levels(_ p: SIMD4<Float>, _ d: Float, _ maxValue: Float, _ space: BlendSpace) -> SIMD4<Int32> {
        let s = straight(p, space)
        var v = s * maxValue + SIMD4(d, d, d, 0) + 0.5
        v = v.replacing(with: 0, where: v .< 0)
        v = v.replacing(with: maxValue, where: v .> maxValue)
        return SIMD4(Int32(v.x), Int32(v.y), Int32(v.z), Int32(v.w))
    }
}

/// A PNG row filter that the quantizer can apply as it writes (PNG spec section 9.2; filter type byte first).
public enum PNGRowFilter: UInt8, Sendable, CaseIterable {
    case none = 0
    case sub = 1
    case up = 2
}

extension PNGRowFilter {
    /// PNG scanlines of 8-bit RGBA `samples` (`width * 4` bytes a row, every row whole): each row's filter
    /// byte, then its samples filtered as the quantizer filters a frame's (`PNGScanlineWriter.filter`), for
    /// `PNG.encode(scanlines:)`. (QuantizeTests compares it with the filter's rule, sample by sample.)
    public func scanlines(rgba8 samples: [UInt8], width: Int, workers: Workers = .single) -> [UInt8] {
        let row = width * 4
        precondition(width > 0 && samples.count % row == 0, "samples must be whole rows of \(width) pixels")
        let height = samples.count / row, line = row + 1
        var out = [UInt8](repeating: 0, count: height * line)
        samples.withUnsafeBytes { src in
            out.withUnsafeMutableBufferPointer { dst in
                let (from, to) = (src.baseAddress!, dst.baseAddress!)
                workers.forEachBand(height, bandSize: 64) { rows in
                    PNGScanlineWriter.filter(rows, samples: from, width: width, filter: self, into: to + rows.lowerBound * line)
                }
            }
        }
        return out
    }
}

extension Framebuffer {
    /// 8-bit RGBA samples, row-major, straight alpha, sRGB.
    public func rgba8(dither: Bool = false, workers: Workers = .single) -> [UInt8] {
        var out: [UInt8] = []
        rgba8(dither: dither, into: &out, workers: workers)
        return out
    }

    /// 8-bit RGBA samples written into `buffer`, which is resized to `pixelCount * 4` and reused across calls
    /// (no allocation once it has that size and is uniquely referenced).
    public func rgba8(dither: Bool, into buffer: inout [UInt8], workers: Workers = .single) {
        if buffer.count != pixelCount * 4 { buffer = [UInt8](repeating: 0, count: pixelCount * 4) }
        buffer.withUnsafeMutableBytes { rgba8(dither: dither, into: $0, workers: workers) }
    }

    /// 8-bit RGBA samples written into `bytes`, exactly `pixelCount * 4` of them (memory the caller owns, such as
    /// a raw frame waiting for ffmpeg's pipe).
    public func rgba8(dither: Bool, into bytes: UnsafeMutableRawBufferPointer, workers: Workers = .single) {
        precondition(bytes.count == pixelCount * 4 && bytes.baseAddress != nil, "8-bit RGBA needs pixelCount * 4 bytes")
        let base = bytes.baseAddress!
        quantizeBands(dither: dither, workers: workers) { y, offsets, src in
            QuantizeKernel.row8(src, width, offsets, 255, space, base + y * width * 4)
        }
    }

    /// The 8-bit RGBA samples `rgba8(dither:)` gives for the pixels of `rect` (inside the frame), row by row
    /// into `bytes` from `offset`, `stride` bytes apart (`rect.width * 4` when nil): a part of the frame, quantized
    /// alone. Each row is quantized from the multiple of 8 at or before `rect.x` (the dither's period), so every
    /// pixel gets its own offset; `bytes` must hold the last row. (QuantizeTests compares it with a crop of
    /// `rgba8(dither:)`.)
    public func rgba8(dither: Bool, within rect: PixelRect, into bytes: inout [UInt8], offset: Int = 0, stride: Int? = nil,
                      workers: Workers = .single) {
        let line = stride ?? rect.width * 4
        precondition(PixelRect(self).contains(rect) && !rect.isEmpty && line >= rect.width * 4, "rect \(rect) is not in the frame")
        precondition(offset >= 0 && offset + (rect.height - 1) * line + rect.width * 4 <= bytes.count, "bytes too short for \(rect)")
        let x0 = rect.x & ~7, skip = (rect.x - x0) * 4, w = width, count = rect.maxX - x0
        bytes.withUnsafeMutableBytes { out in
            let base = out.baseAddress! + offset
            withUnsafePixels { src in
                (dither ? Quantize.offsets : Quantize.noOffsets).withUnsafeBufferPointer { offsets in
                    workers.forEachBand(rect.height, bandSize: Self.quantizeBand) { rows in
                        let row = UnsafeMutableRawPointer.allocate(byteCount: count * 4, alignment: 64)
                        defer { row.deallocate() }
                        for k in rows {
                            let y = rect.y + k
                            QuantizeKernel.row8(src.baseAddress! + y * w + x0, count, offsets.baseAddress! + (y & 7) * 8, 255, space, row)
                            (base + k * line).copyMemory(from: row + skip, byteCount: rect.width * 4)
                        }
                    }
                }
            }
        }
    }

    /// 16-bit RGBA samples, row-major, straight alpha, sRGB.
    public func rgba16(dither: Bool = false, workers: Workers = .single) -> [UInt16] {
        var out = [UInt16](repeating: 0, count: pixelCount * 4)
        out.withUnsafeMutableBufferPointer { dst in
            quantizeBands(dither: dither, workers: workers) { y, offsets, src in
                QuantizeKernel.row16(src, width, offsets, space, dst.baseAddress! + y * width * 4, bigEndian: false)
            }
        }
        return out
    }

    /// Bytes per PNG scanline at `depth` bits per sample: the filter byte and one row of RGBA samples.
    public func scanlineBytes(depth: Int) -> Int { 1 + width * 4 * (depth / 8) }

    /// PNG's uncompressed image data in one pass: for each row, the filter-type byte, then the row quantized to
    /// `depth` (8 or 16) bits, big-endian, and filtered by `filter`. `buffer` is resized to
    /// `height * scanlineBytes(depth:)` and reused across calls (no allocation once it has that size).
    /// Bands of rows go to `workers`; each band re-quantizes the row above it for `up`, so the bytes do not
    /// depend on the worker count. (The PNG encoder makes these bytes a band at a time instead,
    /// `PNG.encode(_:depth:...)`; this whole-frame form is for tests and the benchmark.)
    package func pngScanlines(depth: Int, dither: Bool, filter: PNGRowFilter, into buffer: inout [UInt8],
                             workers: Workers = .single) {
        let line = scanlineBytes(depth: depth), count = line * height
        if buffer.count != count { buffer = [UInt8](repeating: 0, count: count) }
        buffer.withUnsafeMutableBufferPointer { out in
            withPNGScanlineWriter(depth: depth, dither: dither, filter: filter) { first in
                let writer = first
                workers.forEachBand(height, bandSize: Self.quantizeBand) { rows in
                    var own = writer.copy()
                    defer { own.release() }
                    own.write(rows, into: out.baseAddress! + rows.lowerBound * line)
                }
            }
        }
    }

    /// Runs `body` with a writer of this frame's PNG scanlines (`PNGScanlineWriter`), valid only inside it.
    func withPNGScanlineWriter<R>(depth: Int, dither: Bool, filter: PNGRowFilter,
                                  _ body: (inout PNGScanlineWriter) -> R) -> R {
        precondition(depth == 8 || depth == 16, "PNG sample depth must be 8 or 16, got \(depth)")
        return withUnsafePixels { src in
            (dither ? Quantize.offsets : Quantize.noOffsets).withUnsafeBufferPointer { offsets in
                var writer = PNGScanlineWriter(pixels: src.baseAddress!, width: width, space: space,
                                               offsets: offsets.baseAddress!, sampleBytes: depth / 8, filter: filter)
                defer { writer.release() }
                return body(&writer)
            }
        }
    }

    /// Rows per band of the quantizer: 32 rows of a 1170 px frame is 600 KB of floats, a piece large enough
    /// that handing out bands costs nothing measurable.
    static let quantizeBand = 32

    /// Runs `row(y, offsets, pixels)` for every row, bands of rows spread over `workers`; `offsets` points at
    /// the 8 dither offsets of the row (all zero without dither), `pixels` at the row's first pixel.
    @inline(__always)
    private func quantizeBands(dither: Bool, workers: Workers,
                               _ row: (Int, UnsafePointer<Float>, UnsafePointer<SIMD4<Float>>) -> Void) {
        let w = width
        withUnsafePixels { src in
            (dither ? Quantize.offsets : Quantize.noOffsets).withUnsafeBufferPointer { offsets in
                workers.forEachBand(height, bandSize: Self.quantizeBand) { rows in
                    for y in rows { row(y, offsets.baseAddress! + (y & 7) * 8, src.baseAddress! + y * w) }
                }
            }
        }
    }
}

/// Quantizes and filters runs of a frame's rows into PNG scanlines (filter byte, then the filtered samples),
/// one run at a time into any buffer: the PNG encoder writes one band into a band-sized buffer, compares,
/// checksums and compresses it while it is in the core's caches, then writes the next
/// (docs/performance.md, "Encoding band by band").
///
/// `up` needs the quantized row above a run's first row. The writer keeps the last row it quantized, so a run
/// that starts where the one before ended costs nothing more; any other run quantizes the row above again
/// (as the whole-frame `pngScanlines` does per worker), so the bytes never depend on the order of the runs.
/// Made by `Framebuffer.withPNGScanlineWriter`, valid only inside its closure.
struct PNGScanlineWriter {
    let pixels: UnsafePointer<SIMD4<Float>>
    let width: Int
    let space: BlendSpace
    let offsets: UnsafePointer<Float>
    let sampleBytes: Int
    let filter: PNGRowFilter
    /// Samples per row (bytes after the filter byte).
    let samples: Int
    /// Two quantized rows, the one above and the current one, swapped as a run advances.
    private let rowsMemory: UnsafeMutableRawPointer
    private var above: UnsafeMutableRawPointer
    private var current: UnsafeMutableRawPointer
    /// The row after the one `above` holds (-1: none).
    private var next = -1

    init(pixels: UnsafePointer<SIMD4<Float>>, width: Int, space: BlendSpace, offsets: UnsafePointer<Float>,
         sampleBytes: Int, filter: PNGRowFilter) {
        self.pixels = pixels
        self.width = width
        self.space = space
        self.offsets = offsets
        self.sampleBytes = sampleBytes
        self.filter = filter
        samples = width * 4 * sampleBytes
        rowsMemory = UnsafeMutableRawPointer.allocate(byteCount: 2 * samples, alignment: 64)
        above = rowsMemory
        current = rowsMemory + samples
    }

    /// A writer over the same frame with rows of its own, for another worker; `release` it after use.
    func copy() -> PNGScanlineWriter {
        PNGScanlineWriter(pixels: pixels, width: width, space: space, offsets: offsets, sampleBytes: sampleBytes,
                          filter: filter)
    }

    func release() { rowsMemory.deallocate() }

    private func quantize(_ y: Int, into row: UnsafeMutableRawPointer) {
        let o = offsets + (y & 7) * 8, p = pixels + y * width
        if sampleBytes == 1 {
            QuantizeKernel.row8(p, width, o, 255, space, row)
        } else {
            QuantizeKernel.row16(p, width, o, space, row.assumingMemoryBound(to: UInt16.self), bigEndian: true)
        }
    }

    /// Makes row `y` of `kept`, 8-bit samples (`width * 4` a row) of an earlier frame, this frame's: the columns
    /// of `changed` quantized again, each span from the multiple of 8 at or before it (the dither's period, so
    /// each pixel gets its own offset), every other sample kept; the whole row when `changed` is nil.
    func refresh(row y: Int, in kept: UnsafeMutableRawPointer, changed: Slice<UnsafeBufferPointer<Range<Int>>>?) {
        precondition(sampleBytes == 1, "kept samples are 8-bit")
        let row = kept + y * samples
        guard let changed else {
            quantize(y, into: row)
            return
        }
        let o = offsets + (y & 7) * 8, p = pixels + y * width
        for s in changed {
            guard let c = refreshedColumns(s) else { continue }
            QuantizeKernel.row8(p + c.lowerBound, c.count, o, 255, space, row + 4 * c.lowerBound)
        }
    }

    /// The columns `refresh` quantizes for a changed span: from the multiple of 8 at or before it to its end,
    /// within the row; nil when none (PNG.quantize prefetches the same columns).
    @inline(__always)
    func refreshedColumns(_ s: Range<Int>) -> Range<Int>? {
        let x0 = max(0, s.lowerBound) & ~7, x1 = min(width, s.upperBound)
        return x0 < x1 ? x0..<x1 : nil
    }

    /// The scanlines of `rows` from 8-bit samples (`refresh`ed, with the row above for `up`) to `out`,
    /// `rows.count * (1 + samples)` bytes: the bytes `write` gives. Needs no frame: `kept` holds everything.
    static func filter(_ rows: Range<Int>, samples kept: UnsafeRawPointer, width: Int, filter: PNGRowFilter,
                       into out: UnsafeMutablePointer<UInt8>) {
        let samples = width * 4, line = 1 + samples
        for y in rows {
            let cur = (kept + y * samples).assumingMemoryBound(to: UInt8.self)
            scanline(cur, above: y == 0 ? nil : cur - samples, into: out + (y - rows.lowerBound) * line,
                     samples: samples, sampleBytes: 1, filter: filter)
        }
    }

    /// One scanline: the filter byte, then the quantized row `cur` filtered (`up` against `above`, a row of
    /// zeros when nil, as above the first row).
    @inline(__always)
    private func scanline(_ cur: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, into dst: UnsafeMutablePointer<UInt8>) {
        Self.scanline(cur, above: above, into: dst, samples: samples, sampleBytes: sampleBytes, filter: filter)
    }

    @inline(__always)
    private static func scanline(_ cur: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, into dst: UnsafeMutablePointer<UInt8>,
                                 samples: Int, sampleBytes: Int, filter: PNGRowFilter) {
        dst[0] = filter.rawValue
        switch filter {
        case .none:
            (dst + 1).update(from: cur, count: samples)
        case .up:
            if let above {
                QuantizeKernel.subtract(cur, above, dst + 1, samples)
            } else {
                (dst + 1).update(from: cur, count: samples)
            }
        case .sub:
            // Each byte minus the byte one pixel (bytes per pixel) to its left.
            let bpp = 4 * sampleBytes
            for i in 0..<min(bpp, samples) { dst[1 + i] = cur[i] }
            if samples > bpp {
                QuantizeKernel.subtract(cur + bpp, cur, dst + 1 + bpp, samples - bpp)
            }
        }
    }

    /// Writes the scanlines of `rows` to `out`, `rows.count * (1 + samples)` bytes.
    mutating func write(_ rows: Range<Int>, into out: UnsafeMutablePointer<UInt8>) {
        let line = 1 + samples
        if filter == .up, rows.lowerBound != next {
            if rows.lowerBound > 0 {
                quantize(rows.lowerBound - 1, into: above)
            } else {
                above.initializeMemory(as: UInt8.self, repeating: 0, count: samples)
            }
        }
        for y in rows {
            quantize(y, into: current)
            scanline(current.assumingMemoryBound(to: UInt8.self), above: above.assumingMemoryBound(to: UInt8.self),
                     into: out + (y - rows.lowerBound) * line)
            if filter == .up { swap(&above, &current) }
        }
        next = rows.upperBound
    }
}

/// The row kernels behind the quantizer: plain pointers in, no allocation, no closures per pixel.
package enum QuantizeKernel {
    /// One row of 8-bit samples. `offsets` are the row's 8 dither offsets, repeating every 8 pixels.
    /// A group of four pixels bit-identical to the group 8 pixels earlier copies that group's bytes; other
    /// groups of four opaque sRGB pixels (nearly every pixel of a frame: the plane is opaque) take the SIMD
    /// path, in C with SSE2 (`cpng_quantize_row8`); any other group, and the row's tail, the per-pixel rule.
    /// The bytes are `row8Reference`'s (QuantizeTests).
    @inline(__always)
    package static func row8(_ src: UnsafePointer<SIMD4<Float>>, _ count: Int, _ offsets: UnsafePointer<Float>, _ maxValue: Float,
                     _ space: BlendSpace, _ dst: UnsafeMutableRawPointer) {
        guard CPNG_QUANTIZE_SSE2 != 0, space == .srgb else {
            row8Reference(src, count, offsets, maxValue, space, dst)
            return
        }
        let floats = UnsafeRawPointer(src).assumingMemoryBound(to: Float.self)
        let out = dst.assumingMemoryBound(to: UInt8.self)
        var x = 0
        while x + 4 <= count {
            x = cpng_quantize_row8(floats, x, count, offsets, maxValue, out)
            guard x + 4 <= count else { break }
            // A group with a translucent pixel: the per-pixel rule.
            for k in x..<(x + 4) { scalar8(src, k, offsets, maxValue, space, out) }
            x += 4
        }
        while x < count {
            scalar8(src, x, offsets, maxValue, space, out)
            x += 1
        }
    }

    /// One pixel of `row8` by the per-pixel rule.
    @inline(__always)
    static func scalar8(_ src: UnsafePointer<SIMD4<Float>>, _ x: Int, _ offsets: UnsafePointer<Float>, _ maxValue: Float,
                        _ space: BlendSpace, _ out: UnsafeMutablePointer<UInt8>) {
        let v = Quantize.levels(src[x], offsets[x & 7], maxValue, space)
        out[4 * x] = UInt8(truncatingIfNeeded: v.x)
        out[4 * x + 1] = UInt8(truncatingIfNeeded: v.y)
        out[4 * x + 2] = UInt8(truncatingIfNeeded: v.z)
        out[4 * x + 3] = UInt8(truncatingIfNeeded: v.w)
    }

    /// `row8` in Swift alone: the same groups and rules, the opaque group's levels in `SIMD16` lanes
    /// (`opaqueLevels`, `packedBytes`). The plain form the C kernel is compared with, and `row8` itself for
    /// linear frames and on processors without SSE2.
    static func row8Reference(_ src: UnsafePointer<SIMD4<Float>>, _ count: Int, _ offsets: UnsafePointer<Float>,
                              _ maxValue: Float, _ space: BlendSpace, _ dst: UnsafeMutableRawPointer) {
        let out = dst.assumingMemoryBound(to: UInt8.self)
        @inline(__always) func scalar(_ x: Int) { scalar8(src, x, offsets, maxValue, space, out) }
        var x = 0
        let lanes = ditherLanes(offsets)
        let raw = UnsafeRawPointer(src)
        while x + 4 <= count {
            // Four pixels with the same bits as the four 8 pixels to the left (the same dither phase) have the
            // same bytes: copy them. The plane's background repeats across most of a frame, and comparing 64
            // bytes is cheaper than converting them: quantize + up filter of a showcase frame 8.6 -> 4.1 ms (`bench --only encode`, two runs).
            if x >= 8 && all(raw.loadUnaligned(fromByteOffset: 16 * x, as: SIMD16<UInt32>.self)
                             .== raw.loadUnaligned(fromByteOffset: 16 * (x - 8), as: SIMD16<UInt32>.self)) {
                dst.storeBytes(of: dst.loadUnaligned(fromByteOffset: 4 * (x - 8), as: SIMD16<UInt8>.self),
                               toByteOffset: 4 * x, as: SIMD16<UInt8>.self)
            } else if space == .srgb,
                      let v = opaqueLevels(raw.loadUnaligned(fromByteOffset: 16 * x, as: SIMD16<Float>.self),
                                           x & 4 == 0 ? lanes.low : lanes.high, maxValue) {
                dst.storeBytes(of: packedBytes(v), toByteOffset: 4 * x, as: SIMD4<UInt32>.self)
            } else {
                for k in x..<(x + 4) { scalar(k) }
            }
            x += 4
        }
        while x < count {
            scalar(x)
            x += 1
        }
    }

    /// Four pixels' levels (0...255 in each lane, RGBA in order) as their 16 bytes, one word a pixel, red in its
    /// lowest byte: the bytes `SIMD16<UInt8>(truncatingIfNeeded:)` stores, which stayed a generic call per four
    /// pixels in the release build (0.64% of a showcase render's samples, perf); here a transpose and three
    /// shifts in registers.
    @inline(__always)
    static func packedBytes(_ v: SIMD16<Int32>) -> SIMD4<UInt32> {
        #if !_endian(little)
        #error("packedBytes stores red in a word's lowest byte: a little-endian layout")
        #endif
        let u = unsafeBitCast(v, to: SIMD16<UInt32>.self)
        let r = SIMD4(u[0], u[4], u[8], u[12]), g = SIMD4(u[1], u[5], u[9], u[13])
        let b = SIMD4(u[2], u[6], u[10], u[14]), a = SIMD4(u[3], u[7], u[11], u[15])
        return (r | (g &<< 8)) | ((b &<< 16) | (a &<< 24))
    }

    /// The dither offsets of pixels 0-3 and 4-7 of a row, as lanes of four RGBA pixels (alpha lanes zero).
    @inline(__always)
    static func ditherLanes(_ o: UnsafePointer<Float>) -> (low: SIMD16<Float>, high: SIMD16<Float>) {
        (SIMD16(o[0], o[0], o[0], 0, o[1], o[1], o[1], 0, o[2], o[2], o[2], 0, o[3], o[3], o[3], 0),
         SIMD16(o[4], o[4], o[4], 0, o[5], o[5], o[5], 0, o[6], o[6], o[6], 0, o[7], o[7], o[7], 0))
    }

    /// `Quantize.levels` of four opaque pixels at once, nil unless all four alphas are >= 1 (then the straight
    /// color is the pixel itself). The same multiply and two adds per lane as the scalar rule, so the values
    /// before rounding are identical; the floor is taken without a float-to-int conversion (which SSE2 Swift
    /// code can only do lane by lane, with range checks): adding 1.5 * 2^23 rounds x - 0.5 to the nearest
    /// integer n in the low mantissa bits; n is floor(v) except when v is an odd integer (x then ties and rounds to
    /// the even n = v - 1), which `n + 1 <= v` detects.
    @inline(__always)
    static func opaqueLevels(_ p: SIMD16<Float>, _ dither: SIMD16<Float>, _ maxValue: Float) -> SIMD16<Int32>? {
        let alpha = SIMD4(p[3], p[7], p[11], p[15])
        guard all(alpha .>= 1) else { return nil }
        var v = p * maxValue + dither + 0.5
        v = v.replacing(with: 0, where: v .< 0)
        v = v.replacing(with: maxValue, where: v .> maxValue)
        let magic: Float = 12_582_912  // 1.5 * 2^23: sums in [2^23, 2^24) have a unit last place
        let w = (v - 0.5) + magic
        let n = unsafeBitCast(w, to: SIMD16<Int32>.self) &- unsafeBitCast(SIMD16<Float>(repeating: magic), to: SIMD16<Int32>.self)
        let tooLow = (w - magic) + 1 .<= v
        return n.replacing(with: n &+ 1, where: tooLow)
    }

    /// One row of 16-bit samples, native-endian or big-endian (PNG's byte order).
    @inline(__always)
    static func row16(_ src: UnsafePointer<SIMD4<Float>>, _ count: Int, _ offsets: UnsafePointer<Float>, _ space: BlendSpace,
                      _ dst: UnsafeMutablePointer<UInt16>, bigEndian: Bool) {
        for x in 0..<count {
            let v = Quantize.levels(src[x], offsets[x & 7], 65535, space)
            let s = SIMD4<UInt16>(truncatingIfNeeded: v)
            dst[4 * x] = bigEndian ? s.x.bigEndian : s.x
            dst[4 * x + 1] = bigEndian ? s.y.bigEndian : s.y
            dst[4 * x + 2] = bigEndian ? s.z.bigEndian : s.z
            dst[4 * x + 3] = bigEndian ? s.w.bigEndian : s.w
        }
    }

    /// `out[i] = a[i] - b[i]` (mod 256) for `count` bytes, 16 at a time.
    @inline(__always)
    static func subtract(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>,
                         _ count: Int) {
        var i = 0
        let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b), ro = UnsafeMutableRawPointer(out)
        while i + 16 <= count {
            let va = ra.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let vb = rb.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            ro.storeBytes(of: va &- vb, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            out[i] = a[i] &- b[i]
            i += 1
        }
    }

}
