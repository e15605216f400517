import Raster

/// 8-bit 4:2:0 planes (yuv420p: the Y plane, then Cb, then Cr) of a frame's 8-bit RGBA samples, made the way
/// ffmpeg 5.1's swscale makes them for `-pix_fmt yuv420p` from `rgba` with the ffmpeg tool's default scaler
/// flags (bicubic), so that `--video` can hand ffmpeg yuv420p and ffmpeg need not convert (swscale was 12% of
/// ffmpeg's CPU encoding the showcase, docs/performance.md).
///
/// The rule (libswscale input.c, utils.c, output.c):
/// - The encoding's matrix and range (`YUV420Encoding`; videos are BT.709 full range, `YUV420Encoding.video`):
///   for BT.601 limited Y = 16 + (65.481 R + 128.553 G + 24.966 B) / 255, Cb and Cr with 224/255 of the full
///   swing around 128; for BT.709 full Y = 0.2126 R + 0.7152 G + 0.0722 B, Cb and Cr with the full swing; the
///   coefficients scaled by 2^15 and rounded (`YUV420Weights`). Alpha is ignored (swscale drops it; the RGB
///   samples are straight, as `rgba8` writes them).
/// - Chroma horizontally from the sum of pixels 2i and 2i + 1 (swscale's `rgbToUV_half`, chroma centered
///   between them), kept with 6 fractional bits.
/// - Chroma vertically: swscale scales the full-height chroma rows to half height with its bicubic filter
///   (B = 0, C = 0.6) stretched by 2, centered between rows 2j and 2j + 1: eight taps at distances 0.5, 1.5,
///   2.5 and 3.5 rows, (0.4359375, 0.1203125, -0.0421875, -0.0140625) on either side, in 12-bit fixed point
///   with the error carried from tap to tap as swscale rounds them (`taps`); rows beyond the frame repeat its
///   first or last row (swscale moves those taps' weight onto the edge row).
/// Not bit-exact with swscale: its x86 vertical scaler multiplies with `pmulhw` (dropping low bits of each
/// product) and its luma input kernels are SIMD; `YUV420FFmpegTests` measures the difference against ffmpeg's own
/// conversion of the same frames.
///
/// `YUV420Reference` is the plain per-sample version the row kernels are tested against.
public enum YUV420 {
    /// 128 for the sum of two pixels in 2^15 fixed point, and the rounding of the shift by 10.
    static let chromaRound: Int32 = (256 << 15) + (1 << 9)
    /// The vertical chroma filter, rows 2j - 3 ... 2j + 4 for chroma row j, summing to 4096; symmetric.
    static let t0: Int32 = -58, t1: Int32 = -172, t2: Int32 = 492, t3: Int32 = 1786
    static let taps: [Int32] = [t0, t1, t2, t3, t3, t2, t1, t0]

    /// Bytes of a frame's yuv420p planes; the frame's width and height must be even.
    public static func byteCount(width: Int, height: Int) -> Int {
        precondition(width % 2 == 0 && height % 2 == 0, "yuv420p needs even dimensions, got \(width)x\(height)")
        return width * height + 2 * (width / 2) * (height / 2)
    }

    /// A chroma sample from the weighted sum of eight half-chroma rows (6 fractional bits, taps summing to
    /// 4096): rounded, clamped to 0...255.
    @inline(__always)
    static func chromaLevel(_ sum: Int32) -> Int32 {
        min(max((sum &+ (1 << 17)) >> 18, 0), 255)
    }
}

extension Framebuffer {
    /// The frame's yuv420p planes (`YUV420`) in `encoding` of its 8-bit samples
    /// (`rgba8(dither:)`), written into `bytes`, exactly `YUV420.byteCount(width:height:)` of them; width and
    /// height must be even.
    ///
    /// `unchanged(y)`, when given, says that row `y` of this frame holds the pixels of row `y` of the frame
    /// whose planes `bytes` already holds (`yuv420p(dither:into:changed:)` with whole rows). Returns the
    /// number of Y rows converted.
    @discardableResult
    public func yuv420p(_ encoding: YUV420Encoding, dither: Bool, into bytes: UnsafeMutableRawBufferPointer,
                        unchanged: ((Int) -> Bool)? = nil) -> Int {
        let w = width
        let converted = yuv420p(encoding, dither: dither, into: bytes,
                                changed: unchanged.map { same in RowSpans(height: height, width: w) { !same($0) } })
        return w > 0 ? converted / w : 0
    }

    /// `yuv420p` into planes that hold an earlier frame's: `changed[y]`, when given, names the columns of
    /// row `y` where this frame may hold other pixels than that frame (any spans; nil: the whole frame may
    /// differ). The planes' bytes that depend only on pixels outside them are left as they are: a Y sample on
    /// its own pixel, a chroma sample on its pair of columns in its eight rows, so the result is the same bytes
    /// as a full conversion. Returns the number of Y samples converted.
    ///
    /// Work is in blocks of 16 columns (8 chroma pairs, the kernels' lanes): a block of a row is quantized when
    /// its Y or a chroma sample reading it must be made, so the float frame is read only there. Why columns and
    /// not rows: on the showcase a changed dot touches 11 of a pitch of 63 columns, and whole rows kept only
    /// 17-19% of the conversion (the ambient waves touch most rows); the conversion was a quarter of
    /// forkrender's own CPU in `--video` (perf, docs/performance.md).
    @discardableResult
    public func yuv420p(_ encoding: YUV420Encoding, dither: Bool, into bytes: UnsafeMutableRawBufferPointer,
                        changed: RowSpans?) -> Int {
        switch encoding {
        case .bt601Limited: yuv420p(BT601LimitedWeights.self, dither: dither, into: bytes, changed: changed)
        case .bt709Full: yuv420p(BT709FullWeights.self, dither: dither, into: bytes, changed: changed)
        }
    }

    /// `yuv420p` specialized for one encoding's weights (constants in the kernels).
    private func yuv420p<W: YUV420Weights>(_ weights: W.Type, dither: Bool, into bytes: UnsafeMutableRawBufferPointer,
                                           changed: RowSpans?) -> Int {
        let w = width, h = height
        precondition(bytes.count == YUV420.byteCount(width: w, height: h) && bytes.baseAddress != nil,
                     "yuv420p needs width * height * 3 / 2 bytes")
        let cw = w / 2, ch = h / 2
        guard w > 0, h > 0 else { return 0 }
        precondition(changed.map { $0.height == h } ?? true, "changed columns of another height")
        let masks = YUV420.BlockMasks(width: w, height: h, changed: changed)
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let yPlane = base, uPlane = base + w * h, vPlane = uPlane + cw * ch
        let rgba = UnsafeMutableRawPointer.allocate(byteCount: w * 4 + 64, alignment: 64)
        // Eight half-chroma rows of Cb and of Cr, row y in slot y % 8.
        let ring = UnsafeMutablePointer<Int16>.allocate(capacity: 16 * cw)
        defer {
            rgba.deallocate()
            ring.deallocate()
        }
        var converted = 0
        var nextChroma = 0
        withUnsafePixels { src in
            (dither ? Quantize.offsets : Quantize.noOffsets).withUnsafeBufferPointer { offsets in
                for y in 0..<h {
                    let u = ring + (y & 7) * cw, v = ring + (8 + (y & 7)) * cw
                    // A changed block is read by the chroma rows around it, so it is in `half` too.
                    masks.runs(of: .half, row: y) { x0, x1 in
                        QuantizeKernel.row8(src.baseAddress! + y * w + x0, x1 - x0, offsets.baseAddress! + (y & 7) * 8, 255,
                                            space, rgba + 4 * x0)
                        masks.split(x0..<x1, row: y) { xa, xb, dirty in
                            if dirty {
                                YUV420Kernel<W>.row(rgba + 4 * xa, (xb - xa) / 2, yPlane + y * w + xa, u + xa / 2, v + xa / 2)
                                converted += xb - xa
                            } else {
                                YUV420Kernel<W>.halfChromaRow(rgba + 4 * xa, (xb - xa) / 2, u + xa / 2, v + xa / 2)
                            }
                        }
                    }
                    // Chroma row j reads rows up to 2j + 4 (the last row at the bottom).
                    while nextChroma < ch && min(2 * nextChroma + 4, h - 1) <= y {
                        let j = nextChroma
                        nextChroma += 1
                        masks.runs(of: .chroma, row: j) { x0, x1 in
                            YUV420Kernel<W>.chromaRow(ring, stride: cw, columns: (x0 / 2)..<(x1 / 2), j: j, height: h,
                                                   u: uPlane + j * cw, v: vPlane + j * cw)
                        }
                    }
                }
            }
        }
        return converted
    }
}

extension YUV420 {
    /// Which blocks of 16 columns `yuv420p` makes: per row, those whose pixels may have changed (`dirty`: their Y
    /// and half chroma), those a needed chroma sample reads (`half`: quantized and their half chroma made), and
    /// per chroma row those whose samples read a changed block (`chroma`). One bit a block, rows of words.
    struct BlockMasks {
        enum Kind { case dirty, half, chroma }
        static let block = 16
        let width: Int, blocks: Int, words: Int
        var dirty: [UInt64], half: [UInt64], chroma: [UInt64]

        init(width w: Int, height h: Int, changed: RowSpans?) {
            let blocks = (w + Self.block - 1) / Self.block, words = (blocks + 63) / 64
            (width, self.blocks, self.words) = (w, blocks, words)
            var dirty = [UInt64](repeating: 0, count: h * words)
            let block = Self.block
            @inline(__always) func mark(_ y: Int, _ s: Range<Int>) {
                let a = max(s.lowerBound, 0), b = min(s.upperBound, w)
                guard a < b else { return }
                for k in (a / block)...((b - 1) / block) { dirty[y * words + k / 64] |= 1 << UInt64(k % 64) }
            }
            for y in 0..<h {
                if let changed {
                    for s in changed[y] { mark(y, s) }
                } else {
                    mark(y, 0..<w)
                }
            }
            let ch = h / 2
            var chroma = [UInt64](repeating: 0, count: max(ch, 1) * words)
            var half = [UInt64](repeating: 0, count: h * words)
            for j in 0..<ch {
                let rows = max(0, 2 * j - 3)...min(h - 1, 2 * j + 4)
                for k in 0..<words {
                    var m: UInt64 = 0
                    for y in rows { m |= dirty[y * words + k] }
                    chroma[j * words + k] = m
                    if m != 0 { for y in rows { half[y * words + k] |= m } }
                }
            }
            (self.dirty, self.half, self.chroma) = (dirty, half, chroma)
        }

        @inline(__always)
        func bit(_ mask: [UInt64], _ row: Int, _ k: Int) -> Bool { mask[row * words + k / 64] & (1 << UInt64(k % 64)) != 0 }

        /// The runs of set blocks of `kind` in `row`, as pixel columns `x0 ..< x1` (even; the last one ends at the width).
        @inline(__always)
        func runs(of kind: Kind, row: Int, _ body: (Int, Int) -> Void) {
            let mask = kind == .dirty ? dirty : kind == .half ? half : chroma
            guard (0..<words).contains(where: { mask[row * words + $0] != 0 }) else { return }
            var k = 0
            while k < blocks {
                guard bit(mask, row, k) else { k += 1; continue }
                var e = k + 1
                while e < blocks && bit(mask, row, e) { e += 1 }
                body(k * Self.block, min(width, e * Self.block))
                k = e
            }
        }

        /// `columns` (whole blocks) of `row` split into runs of blocks that are all dirty or all not.
        @inline(__always)
        func split(_ columns: Range<Int>, row: Int, _ body: (Int, Int, Bool) -> Void) {
            var k = columns.lowerBound / Self.block
            let end = (columns.upperBound + Self.block - 1) / Self.block
            while k < end {
                let d = bit(dirty, row, k)
                var e = k + 1
                while e < end && bit(dirty, row, e) == d { e += 1 }
                body(k * Self.block, min(width, e * Self.block), d)
                k = e
            }
        }
    }
}

/// The row kernels behind `yuv420p` for one encoding's weights `W`: plain pointers in, no allocation.
enum YUV420Kernel<W: YUV420Weights> {
    /// Y of `count` RGBA pixels, eight at a time (little-endian: R is a pixel's low byte).
    @inline(__always)
    static func lumaRow(_ src: UnsafeRawPointer, _ count: Int, _ dst: UnsafeMutablePointer<UInt8>) {
        let byte = SIMD8<UInt32>(repeating: 0xFF)
        var x = 0
        while x + 8 <= count {
            let p = src.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
            let r = SIMD8<Int32>(truncatingIfNeeded: p & byte)
            let g = SIMD8<Int32>(truncatingIfNeeded: (p &>> 8) & byte)
            let b = SIMD8<Int32>(truncatingIfNeeded: (p &>> 16) & byte)
            let v = (W.ry &* r &+ W.gy &* g &+ W.by &* b &+ W.lumaRound) &>> 15
            UnsafeMutableRawPointer(dst + x).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: v), as: SIMD8<UInt8>.self)
            x += 8
        }
        let s = src.assumingMemoryBound(to: UInt8.self)
        while x < count {
            dst[x] = UInt8(truncatingIfNeeded: W.y(Int32(s[4 * x]), Int32(s[4 * x + 1]), Int32(s[4 * x + 2])))
            x += 1
        }
    }

    /// Y of 2 * `pairs` RGBA pixels and their half-width Cb and Cr, sixteen pixels at a time: each pixel's
    /// channels are taken apart once for both (3.9 -> 3.6 ms a showcase-sized frame against `lumaRow` and
    /// `halfChromaRow` one after the other, the stand-alone copy, best of 9).
    @inline(__always)
    static func row(_ src: UnsafeRawPointer, _ pairs: Int, _ yOut: UnsafeMutablePointer<UInt8>,
                    _ u: UnsafeMutablePointer<Int16>, _ v: UnsafeMutablePointer<Int16>) {
        let byte = SIMD16<UInt32>(repeating: 0xFF)
        var i = 0
        while i + 8 <= pairs {
            let p = src.loadUnaligned(fromByteOffset: 8 * i, as: SIMD16<UInt32>.self)
            let r = SIMD16<Int32>(truncatingIfNeeded: p & byte)
            let g = SIMD16<Int32>(truncatingIfNeeded: (p &>> 8) & byte)
            let b = SIMD16<Int32>(truncatingIfNeeded: (p &>> 16) & byte)
            let y = (W.ry &* r &+ W.gy &* g &+ W.by &* b &+ W.lumaRound) &>> 15
            UnsafeMutableRawPointer(yOut + 2 * i).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: y), as: SIMD16<UInt8>.self)
            let r2 = r.evenHalf &+ r.oddHalf, g2 = g.evenHalf &+ g.oddHalf, b2 = b.evenHalf &+ b.oddHalf
            let cu = (W.ru &* r2 &+ W.gu &* g2 &+ W.bu &* b2 &+ YUV420.chromaRound) &>> 10
            let cv = (W.rv &* r2 &+ W.gv &* g2 &+ W.bv &* b2 &+ YUV420.chromaRound) &>> 10
            UnsafeMutableRawPointer(u + i).storeBytes(of: SIMD8<Int16>(truncatingIfNeeded: cu), as: SIMD8<Int16>.self)
            UnsafeMutableRawPointer(v + i).storeBytes(of: SIMD8<Int16>(truncatingIfNeeded: cv), as: SIMD8<Int16>.self)
            i += 8
        }
        if i < pairs {
            lumaRow(src + 8 * i, 2 * (pairs - i), yOut + 2 * i)
            halfChromaRow(src + 8 * i, pairs - i, u + i, v + i)
        }
    }
    /// Half-width Cb and Cr (6 fractional bits) of one row: `count` pairs of RGBA pixels.
    @inline(__always)
    static func halfChromaRow(_ src: UnsafeRawPointer, _ count: Int, _ u: UnsafeMutablePointer<Int16>,
                              _ v: UnsafeMutablePointer<Int16>) {
        let byte = SIMD8<UInt32>(repeating: 0xFF)
        var i = 0
        while i + 8 <= count {
            let p = src.loadUnaligned(fromByteOffset: 8 * i, as: SIMD16<UInt32>.self)
            let e = p.evenHalf, o = p.oddHalf
            let r = SIMD8<Int32>(truncatingIfNeeded: (e & byte) &+ (o & byte))
            let g = SIMD8<Int32>(truncatingIfNeeded: ((e &>> 8) & byte) &+ ((o &>> 8) & byte))
            let b = SIMD8<Int32>(truncatingIfNeeded: ((e &>> 16) & byte) &+ ((o &>> 16) & byte))
            let cu = (W.ru &* r &+ W.gu &* g &+ W.bu &* b &+ YUV420.chromaRound) &>> 10
            let cv = (W.rv &* r &+ W.gv &* g &+ W.bv &* b &+ YUV420.chromaRound) &>> 10
            UnsafeMutableRawPointer(u + i).storeBytes(of: SIMD8<Int16>(truncatingIfNeeded: cu), as: SIMD8<Int16>.self)
            UnsafeMutableRawPointer(v + i).storeBytes(of: SIMD8<Int16>(truncatingIfNeeded: cv), as: SIMD8<Int16>.self)
            i += 8
        }
        let s = src.assumingMemoryBound(to: UInt8.self)
        while i < count {
            let r = Int32(s[8 * i]) + Int32(s[8 * i + 4]), g = Int32(s[8 * i + 1]) + Int32(s[8 * i + 5])
            let b = Int32(s[8 * i + 2]) + Int32(s[8 * i + 6])
            u[i] = Int16(truncatingIfNeeded: W.cb(r, g, b))
            v[i] = Int16(truncatingIfNeeded: W.cr(r, g, b))
            i += 1
        }
    }

    /// Chroma row `j` of Cb and Cr over `columns` (chroma samples) from the ring of half-chroma rows (row y in
    /// slot y % 8, `stride` samples a slot; Cb's eight slots, then Cr's), rows outside 0..<height taken from the
    /// nearest edge row.
    @inline(__always)
    static func chromaRow(_ ring: UnsafePointer<Int16>, stride: Int, columns: Range<Int>, j: Int, height: Int,
                          u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>) {
        @inline(__always) func slot(_ k: Int) -> Int { (min(max(2 * j - 3 + k, 0), height - 1) & 7) * stride + columns.lowerBound }
        let slots = (slot(0), slot(1), slot(2), slot(3), slot(4), slot(5), slot(6), slot(7))
        filterRows(ring, columns.count, slots, u + columns.lowerBound)
        filterRows(ring + 8 * stride, columns.count, slots, v + columns.lowerBound)
    }

    /// One plane's chroma row: `count` samples of the eight rows starting at the offsets `slots` from `rows`,
    /// through the taps.
    @inline(__always)
    static func filterRows(_ rows: UnsafePointer<Int16>, _ count: Int, _ slots: (Int, Int, Int, Int, Int, Int, Int, Int),
                           _ out: UnsafeMutablePointer<UInt8>) {
        let p0 = rows + slots.0, p1 = rows + slots.1, p2 = rows + slots.2
        let p3 = rows + slots.3, p4 = rows + slots.4, p5 = rows + slots.5
        let p6 = rows + slots.6, p7 = rows + slots.7
        @inline(__always) func load16(_ q: UnsafePointer<Int16>, _ i: Int) -> SIMD8<Int16> {
            UnsafeRawPointer(q + i).loadUnaligned(as: SIMD8<Int16>.self)
        }
        let zero = SIMD8<Int32>(repeating: 0), top = SIMD8<Int32>(repeating: 255)
        var i = 0
        while i + 8 <= count {
            // Symmetric taps: the pairs of rows summed first, in 16 bits (half chroma lies in 0.5 * 64 ...
            // 255.5 * 64 in full range, 16 * 64 ... 240 * 64 + 63 limited, so a sum of two fits), then widened once. 2.9 -> 1.2 ms a showcase-sized frame
            // against widening all eight rows (a stand-alone copy of the kernels, best of 9).
            let a = SIMD8<Int32>(truncatingIfNeeded: load16(p0, i) &+ load16(p7, i))
            let b = SIMD8<Int32>(truncatingIfNeeded: load16(p1, i) &+ load16(p6, i))
            let c = SIMD8<Int32>(truncatingIfNeeded: load16(p2, i) &+ load16(p5, i))
            let d = SIMD8<Int32>(truncatingIfNeeded: load16(p3, i) &+ load16(p4, i))
            let s = YUV420.t0 &* a &+ YUV420.t1 &* b &+ YUV420.t2 &* c &+ YUV420.t3 &* d
            var l = (s &+ (1 << 17)) &>> 18
            l = l.replacing(with: zero, where: l .< zero)
            l = l.replacing(with: top, where: l .> top)
            UnsafeMutableRawPointer(out + i).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: l), as: SIMD8<UInt8>.self)
            i += 8
        }
        while i < count {
            let s = YUV420.t0 &* (Int32(p0[i]) &+ Int32(p7[i])) &+ YUV420.t1 &* (Int32(p1[i]) &+ Int32(p6[i]))
                &+ YUV420.t2 &* (Int32(p2[i]) &+ Int32(p5[i])) &+ YUV420.t3 &* (Int32(p3[i]) &+ Int32(p4[i]))
            out[i] = UInt8(truncatingIfNeeded: YUV420.chromaLevel(s))
            i += 1
        }
    }
}
