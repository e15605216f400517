import Testing
@testable import Raster

/// The SIMD quantizer and the fused PNG scanline writer against the plain per-channel rule.
@Suite struct QuantizeKernelTests {
    /// The reference: `Quantize.level` of `Quantize.straight`, one channel at a time (the rule as documented).
    static func reference(_ fb: Framebuffer, maxValue: Float, dither: Bool) -> [Int32] {
        var out: [Int32] = []
        for y in 0..<fb.height {
            for x in 0..<fb.width {
                let s = Quantize.straight(fb[x, y], fb.space)
                let d: Float = dither ? Quantize.offsets[(y & 7) * 8 + (x & 7)] : 0
                out += [Quantize.level(s.x, d, maxValue), Quantize.level(s.y, d, maxValue),
                        Quantize.level(s.z, d, maxValue), Quantize.level(s.w, 0, maxValue)]
            }
        }
        return out
    }

    /// `Framebuffer.awkward` (Raster's `Quantize+Testing.swift`, shared with MediaTests).
    static func awkwardFrame(space: BlendSpace, width: Int = 37, height: Int = 19) -> Framebuffer {
        Framebuffer.awkward(space: space, width: width, height: height)
    }

    @Test(arguments: [BlendSpace.srgb, .linear], [false, true])
    func eightBitEqualsTheReference(space: BlendSpace, dither: Bool) {
        for fb in [Self.awkwardFrame(space: space), Self.repeatingFrame(space: space)] {
            let expected = Self.reference(fb, maxValue: 255, dither: dither).map { UInt8($0) }
            #expect(fb.rgba8(dither: dither) == expected)
            #expect(fb.rgba8(dither: dither, workers: Workers(3)) == expected)
        }
    }

    @Test(arguments: [false, true])
    func sixteenBitEqualsTheReference(dither: Bool) {
        let fb = Self.awkwardFrame(space: .srgb)
        #expect(fb.rgba16(dither: dither) == Self.reference(fb, maxValue: 65535, dither: dither).map { UInt16($0) })
    }

    /// Rows of repeated pixels, the case where the kernel copies the bytes of the group 8 pixels to the left:
    /// runs of one pixel (copied), a period of 4 (equal bits, but a different dither phase: must be converted),
    /// a period of 8 with one pixel changed in a group, and +0 against -0 (equal as floats, different bits).
    static func repeatingFrame(space: BlendSpace) -> Framebuffer {
        var fb = Framebuffer(width: 67, height: 16, space: space)
        var rng = SplitMix(seed: 11)
        let palette: [SIMD4<Float>] = (0..<8).map { k in
            let a: Float = k == 5 ? 0.5 : 1
            let c = SIMD4(Float(rng.next() % 1000) / 999, Float(rng.next() % 1000) / 999, Float(rng.next() % 1000) / 999, 1)
            return SIMD4(c.x * a, c.y * a, c.z * a, a)
        }
        for y in 0..<fb.height {
            for x in 0..<fb.width {
                switch y % 4 {
                case 0: fb[x, y] = palette[y % 8]
                case 1: fb[x, y] = palette[x % 4]
                case 2: fb[x, y] = x == 37 ? palette[7] : palette[x % 8]
                default: fb[x, y] = x % 16 < 8 ? SIMD4(0, 0.5, 0.5, 1) : SIMD4(-0.0, 0.5, 0.5, 1)
                }
            }
        }
        return fb
    }

    /// The SSE2 kernel (`row8`, through `cpng_quantize_row8`) gives the Swift kernel's bytes (`row8Reference`)
    /// for runs of every row of the awkward and repeating frames, from every phase of the dither and of any length,
    /// and for opaque pixels of NaN, infinite, negative-zero and huge colour, which the per-channel rule cannot
    /// take (its conversion traps on NaN) but the kernels must agree on to the bit: a frame's bytes never depend
    /// on which of the two ran.
    @Test(arguments: [false, true])
    func theSSE2KernelGivesTheSwiftKernelsBytes(dither: Bool) {
        var odd = Framebuffer(width: 45, height: 2)
        let strange: [Float] = [.nan, .infinity, -.infinity, -0.0, 1e30, -1e30, .leastNonzeroMagnitude, 0.5]
        for x in 0..<45 {
            odd[x, 0] = SIMD4(strange[x % 8], strange[(x / 8) % 8], strange[(x * 3) % 8], 1)
            odd[x, 1] = SIMD4(strange[(x + 1) % 8], 0.25, strange[x % 8], x % 5 == 0 ? 1.0e9 : 1)
        }
        var compared = 0
        for (k, fb) in [Self.awkwardFrame(space: .srgb, width: 61, height: 19), Self.repeatingFrame(space: .srgb), odd].enumerated() {
            // The strange values only in whole groups of four: a row's tail takes the per-pixel rule in both
            // kernels, whose conversion traps on NaN.
            let whole = k == 2
            let w = fb.width
            fb.withUnsafePixels { px in
                (dither ? Quantize.offsets : Quantize.noOffsets).withUnsafeBufferPointer { o in
                    for y in 0..<fb.height {
                        for start in stride(from: 0, to: w, by: 8) {
                            for count in Set([w - start, min(5, w - start), min(13, w - start), min(32, w - start)]
                                                .map { whole ? $0 & ~3 : $0 }) where count > 0 {
                                var fast = [UInt8](repeating: 0xA5, count: 4 * count)
                                var plain = fast
                                let src = px.baseAddress! + y * w + start, offsets = o.baseAddress! + (y & 7) * 8
                                fast.withUnsafeMutableBytes {
                                    QuantizeKernel.row8(src, count, offsets, 255, .srgb, $0.baseAddress!)
                                }
                                plain.withUnsafeMutableBytes {
                                    QuantizeKernel.row8Reference(src, count, offsets, 255, .srgb, $0.baseAddress!)
                                }
                                #expect(fast == plain, "row \(y) from \(start), \(count) pixels")
                                compared += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(compared > 300)
    }

    /// Every opaque level of every channel, each exactly at, just below and just above its rounding threshold.
    /// A part of the frame quantized alone (the preview's patches) has the whole frame's bytes there, at any
    /// column (the dither's offsets follow the pixel, not the part), written with a stride into a larger buffer.
    @Test(arguments: [BlendSpace.srgb, .linear], [false, true])
    func partOfTheFrameQuantizesAsTheWhole(space: BlendSpace, dither: Bool) {
        let fb = Self.awkwardFrame(space: space, width: 45, height: 21)
        let whole = fb.rgba8(dither: dither)
        for rect in [PixelRect(x: 0, y: 0, width: 45, height: 21), PixelRect(x: 3, y: 5, width: 29, height: 9),
                     PixelRect(x: 17, y: 20, width: 1, height: 1), PixelRect(x: 8, y: 1, width: 37, height: 12)] {
            let stride = 50 * 4, offset = 12
            var part = [UInt8](repeating: 7, count: offset + rect.height * stride)
            fb.rgba8(dither: dither, within: rect, into: &part, offset: offset, stride: stride, workers: Workers(3))
            for (k, y) in rect.rows.enumerated() {
                let got = part[(offset + k * stride)..<(offset + k * stride + rect.width * 4)]
                let want = whole[((y * 45 + rect.x) * 4)..<((y * 45 + rect.maxX) * 4)]
                #expect(Array(got) == Array(want), "\(rect) row \(y)")
            }
            #expect(part[0..<offset].allSatisfy { $0 == 7 }, "bytes before the offset were written")
        }
    }

    /// Scanlines of whole 8-bit rows (the preview's patches): the filter byte, then each sample filtered by the
    /// rule of PNG's section 9.2 (none: as it is; up: minus the sample above, zero above the first row; sub:
    /// minus the sample 4 bytes left, zero before the first pixel), in bands over the workers.
    @Test(arguments: PNGRowFilter.allCases)
    func scanlinesOfSamplesFollowTheFilterRule(filter: PNGRowFilter) {
        let width = 37, height = 70
        var rng = SplitMix(seed: 3)
        let samples = (0..<(width * height * 4)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let got = filter.scanlines(rgba8: samples, width: width, workers: Workers(3))
        #expect(got.count == height * (1 + width * 4))
        for y in 0..<height {
            let line = y * (1 + width * 4)
            #expect(got[line] == filter.rawValue)
            for i in 0..<(width * 4) {
                let cur = samples[y * width * 4 + i]
                let prior: UInt8 = switch filter {
                case .none: 0
                case .up: y == 0 ? 0 : samples[(y - 1) * width * 4 + i]
                case .sub: i < 4 ? 0 : samples[y * width * 4 + i - 4]
                }
                if got[line + 1 + i] != cur &- prior { Issue.record("row \(y) sample \(i)"); return }
            }
        }
    }

    @Test func everyOpaqueLevelRoundsLikeTheReference() {
        var fb = Framebuffer(width: 256 * 3, height: 8)
        for y in 0..<8 {
            for k in 0..<256 {
                for (j, delta) in [Float(0), -0.5, 0.5].enumerated() {
                    let v = (Float(k) + delta) / 255
                    fb[k * 3 + j, y] = SIMD4(v, v.nextDown, v.nextUp, 1)
                }
            }
        }
        #expect(fb.rgba8(dither: true) == Self.reference(fb, maxValue: 255, dither: true).map { UInt8($0) })
    }

    /// Undoes a PNG row filter (spec section 9.2) on scanlines of `line` bytes with `bpp` bytes per pixel.
    static func unfilter(_ data: [UInt8], line: Int, bpp: Int) -> [UInt8] {
        var out: [UInt8] = []
        let rows = data.count / line
        var above = [UInt8](repeating: 0, count: line - 1)
        for r in 0..<rows {
            let type = data[r * line]
            var row = Array(data[(r * line + 1)..<((r + 1) * line)])
            for i in 0..<row.count {
                switch type {
                case 1: row[i] = row[i] &+ (i >= bpp ? row[i - bpp] : 0)
                case 2: row[i] = row[i] &+ above[i]
                default: break
                }
            }
            out += row
            above = row
        }
        return out
    }

    @Test(arguments: PNGRowFilter.allCases, [8, 16])
    func scanlinesUnfilterToTheSamples(filter: PNGRowFilter, depth: Int) {
        for fb in [Self.awkwardFrame(space: .srgb, width: 41, height: 70), Self.repeatingFrame(space: .srgb)] {
            Self.checkScanlines(fb, filter: filter, depth: depth)
        }
    }

    static func checkScanlines(_ fb: Framebuffer, filter: PNGRowFilter, depth: Int) {
        var rows: [UInt8] = []
        fb.pngScanlines(depth: depth, dither: true, filter: filter, into: &rows)
        var banded: [UInt8] = []
        fb.pngScanlines(depth: depth, dither: true, filter: filter, into: &banded, workers: Workers(3))
        #expect(rows == banded, "scanlines must not depend on the worker count")
        let line = fb.scanlineBytes(depth: depth)
        #expect(rows.count == line * fb.height)
        #expect((0..<fb.height).allSatisfy { rows[$0 * line] == filter.rawValue })
        let samples = Self.unfilter(rows, line: line, bpp: 4 * depth / 8)
        if depth == 8 {
            #expect(samples == fb.rgba8(dither: true))
        } else {
            let expected = fb.rgba16(dither: true).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            #expect(samples == expected)
        }
    }

    /// The fused path's file decodes (through libpng) to exactly the samples the plain path encodes.
    @Test(arguments: [8, 16])
    func scanlinePNGDecodesToTheSamples(depth: Int) throws {
        let fb = Self.awkwardFrame(space: .srgb, width: 33, height: 21)
        var rows: [UInt8] = []
        fb.pngScanlines(depth: depth, dither: false, filter: .up, into: &rows)
        let png = try rows.withUnsafeBufferPointer { r throws(PNGError) in
            try PNG.encode(scanlines: r, width: fb.width, height: fb.height, bitDepth: depth)
        }
        let decoded = try PNG.decode(png)
        #expect(decoded.width == fb.width && decoded.height == fb.height && decoded.sourceBitDepth == depth)
        if depth == 8 {
            #expect(decoded.rgba8 == fb.rgba8())
        } else {
            #expect(decoded.samples == fb.rgba16())
        }
        // A size that does not match the rows is refused, not read out of bounds.
        #expect(throws: PNGError.self) {
            try rows.withUnsafeBufferPointer { r throws(PNGError) in
                try PNG.encode(scanlines: r, width: fb.width + 1, height: fb.height, bitDepth: depth)
            }
        }
    }
}
