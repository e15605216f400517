// The frame encoded band by band (PNG.encode(_:depth:...), PNGScanlineWriter, PNGBandPiece, cpng_write_pieces)
// against the whole-frame path it replaced and against zlib's own Adler-32 and inflate (Python's zlib).
//
// Run: swift test -c release -Xswiftc -enable-testing --filter PNGFrameEncodeTests

import CPNG
import Foundation
import Testing

@testable import Raster

@Suite struct PNGFrameEncodeTests {
    static func banded(_ fb: Framebuffer, depth: Int, dither: Bool = true, filter: PNGRowFilter = .up,
                       options: PNGEncodeOptions = .default, cache: PNGBandCache? = nil) throws -> [UInt8] {
        var seconds = 0.0
        return try PNG.encode(fb, depth: depth, dither: dither, filter: filter, options: options, cache: cache,
                              quantizeSeconds: &seconds)
    }

    /// The whole frame's scanlines first, then compressed: the independent computation of the same bytes.
    static func whole(_ fb: Framebuffer, depth: Int, dither: Bool = true, filter: PNGRowFilter = .up,
                      options: PNGEncodeOptions = .default) throws -> (png: [UInt8], rows: [UInt8]) {
        var rows: [UInt8] = []
        fb.pngScanlines(depth: depth, dither: dither, filter: filter, into: &rows)
        let png = try rows.withUnsafeBufferPointer { r throws(PNGError) in
            try PNG.encode(scanlines: r, width: fb.width, height: fb.height, bitDepth: depth, options: options)
        }
        return (png, rows)
    }

    static func options(_ filter: PNGRowFilter, level: Int? = nil, library: PNGDeflateLibrary = .zlib) throws -> PNGEncodeOptions {
        var o = try level.map { try PNGEncodeOptions(level: $0) } ?? .default
        o.filters = filter == .none ? .none : filter == .sub ? .sub : .up
        o.library = library
        return o
    }

    /// Every filter, depth and dither, on frames whose height is not a multiple of the band (70 rows: 9 bands,
    /// the last of 6) and one of exactly two bands: the same file as the whole-frame scanlines compressed, with
    /// zlib (the default strategy and a chosen level) and with igzip.
    @Test(arguments: PNGRowFilter.allCases, [8, 16])
    func equalsTheWholeFramePath(filter: PNGRowFilter, depth: Int) throws {
        let frames = [QuantizeKernelTests.awkwardFrame(space: .srgb, width: 41, height: 70),
                      QuantizeKernelTests.awkwardFrame(space: .linear, width: 5, height: 3),
                      QuantizeKernelTests.repeatingFrame(space: .srgb)]
        for fb in frames {
            for dither in [true, false] {
                for (level, library) in [(nil, PNGDeflateLibrary.zlib), (6, .zlib), (nil, .igzip)] {
                    let o = try Self.options(filter, level: level, library: library)
                    let expected = try Self.whole(fb, depth: depth, dither: dither, filter: filter, options: o).png
                    #expect(try Self.banded(fb, depth: depth, dither: dither, filter: filter, options: o) == expected,
                            "\(fb.width)x\(fb.height) dither \(dither) level \(String(describing: level)) \(library)")
                }
            }
        }
    }

    /// Kept samples (`PNGKeptSamples`): a sequence of frames, each differing from the one before in random spans
    /// (one pixel, within 8 columns, across the dither's period, to either edge, rectangles over rows), encoded
    /// with kept samples and told the changed columns (against the kept frame's tag: the frame two back when
    /// both kept frames are in use), gives each frame's cold bytes, for every filter, dithered and not, with
    /// and without a band cache vouching for bands. The kept frames are used (only the first two frames make
    /// new ones) and a frame told nothing (changed columns unknown) still gets its bytes.
    @Test(arguments: PNGRowFilter.allCases, [false, true])
    func keptSamplesChangeNothing(filter: PNGRowFilter, dither: Bool) throws {
        let (w, h) = (61, 45)
        var rng = SplitMix(seed: 41)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var frames = [QuantizeKernelTests.awkwardFrame(space: .srgb, width: w, height: h)]
        var changes: [[[Range<Int>]]] = [[]]
        for k in 1..<12 {
            var fb = frames[k - 1]
            var spans = [[Range<Int>]](repeating: [], count: h)
            for _ in 0..<(1 + k % 4) {
                let y0 = next(h), rows = k % 3 == 0 ? 1 + next(12) : 1
                let x0 = k % 5 == 0 ? 0 : next(w), x1 = k % 7 == 0 ? w : min(w, x0 + 1 + next(k % 2 == 0 ? 4 : 25))
                for y in y0..<min(h, y0 + rows) {
                    spans[y].append(x0..<x1)
                    for x in x0..<x1 { fb[x, y] = SIMD4(Float(next(256)) / 255, Float(next(256)) / 255, Float(next(101)) / 100, 1) }
                }
            }
            frames.append(fb)
            changes.append(spans.map { $0.sorted { $0.lowerBound < $1.lowerBound } })
        }
        let recorded = changes
        /// The columns of frame `a` that may differ from frame `b`: every span changed between them.
        @Sendable func changed(_ a: Int, _ b: Int) -> RowSpans {
            a == b ? RowSpans(height: h) : RowSpans(rows: (0..<h).map { y in (min(a, b) + 1...max(a, b)).flatMap { recorded[$0][y] } })
        }
        let o = try Self.options(filter, library: .igzip)
        for vouching in [false, true] {
            let kept = PNGKeptSamples(), cache = PNGBandCache()
            for (i, fb) in frames.enumerated() {
                // Frame 6 is told nothing.
                let changes = FrameChanges(frame: i, unchanged: { band, other in
                    vouching && (max(0, band * PNG.bandRows - 1)..<min(h, (band + 1) * PNG.bandRows)).allSatisfy { changed(i, other).isEmpty(row: $0) }
                }, changedColumns: { other in i == 6 ? nil : changed(i, other) })
                var seconds = 0.0
                let bytes = try PNG.encode(fb, depth: 8, dither: dither, filter: filter, options: o, cache: cache,
                                           changes: changes, kept: kept, quantizeSeconds: &seconds)
                let cold = try Self.banded(fb, depth: 8, dither: dither, filter: filter, options: o)
                #expect(bytes == cold, "frame \(i) vouching \(vouching)")
            }
            #expect(kept.count == 1, "one encoder at a time keeps one frame")
        }
    }

    /// The first step spread over workers (the render loop quantizes a PNG folder's frames with the render's):
    /// over frames of 5 bands of 32 rows, each differing from the one before in random spans across band
    /// boundaries, three workers bring their kept samples to the bytes one worker does, which are each frame's
    /// cold bytes, for every filter.
    @Test(arguments: PNGRowFilter.allCases)
    func quantizingOnWorkersGivesTheOneWorkerBytes(filter: PNGRowFilter) throws {
        let (w, h) = (53, 150)
        var rng = SplitMix(seed: 77)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var fb = QuantizeKernelTests.awkwardFrame(space: .srgb, width: w, height: h)
        var changes: [RowSpans] = [RowSpans(height: h)]
        var frames = [fb]
        for _ in 1..<8 {
            var spans = [[Range<Int>]](repeating: [], count: h)
            for _ in 0..<6 {
                let y0 = next(h), x0 = next(w), x1 = min(w, x0 + 1 + next(30))
                for y in y0..<min(h, y0 + 1 + next(40)) {
                    spans[y].append(x0..<x1)
                    for x in x0..<x1 { fb[x, y] = SIMD4(Float(next(256)) / 255, Float(next(256)) / 255, Float(next(101)) / 100, 1) }
                }
            }
            changes.append(RowSpans(rows: spans))
            frames.append(fb)
        }
        let recorded = changes
        @Sendable func changed(_ a: Int, _ b: Int) -> RowSpans {
            a == b ? RowSpans(height: h) : RowSpans(rows: (0..<h).map { y in (min(a, b) + 1...max(a, b)).flatMap { recorded[$0][y] } })
        }
        let o = try Self.options(filter, library: .igzip)
        let one = PNGKeptSamples(capacity: 1), three = PNGKeptSamples(capacity: 1)
        for (i, frame) in frames.enumerated() {
            let changes = FrameChanges(frame: i, unchanged: { _, _ in false }, changedColumns: { changed(i, $0) })
            var seconds = 0.0
            let a = try #require(PNG.quantize(frame, dither: true, filter: filter, changes: changes, kept: one, quantizeSeconds: &seconds))
            let b = try #require(PNG.quantize(frame, dither: true, filter: filter, changes: changes, kept: three, workers: Workers(3),
                                              quantizeSeconds: &seconds))
            let cold = try Self.banded(frame, depth: 8, dither: true, filter: filter, options: o)
            #expect(try PNG.encode(a, options: o, quantizeSeconds: &seconds) == cold, "frame \(i), one worker")
            #expect(try PNG.encode(b, options: o, quantizeSeconds: &seconds) == cold, "frame \(i), three workers")
        }
    }

    /// The two steps of an 8-bit encode with kept samples (`PNG.quantize`, which reads the float frame, then
    /// `PNG.encode(_:options:...)`, which does not: the pipeline gives the buffer back between them) give the bytes
    /// of an encode without kept samples, for each filter; the kept frame is busy between the steps, and one
    /// dropped without its second step goes back to its sink.
    @Test(arguments: [PNGRowFilter.none, .sub, .up])
    func twoStepsGiveTheOneStepBytes(filter: PNGRowFilter) throws {
        let fb = QuantizeKernelTests.awkwardFrame(space: .srgb, width: 61, height: 45)
        let o = try Self.options(filter, library: .igzip)
        let changes = FrameChanges(frame: 0, unchanged: { _, _ in false }, changedColumns: { _ in nil })
        var seconds = 0.0
        let cold = try Self.banded(fb, depth: 8, dither: true, filter: filter, options: o)
        let kept = PNGKeptSamples(capacity: 1)
        let quantized = try #require(PNG.quantize(fb, dither: true, filter: filter, changes: changes, kept: kept, quantizeSeconds: &seconds))
        #expect(PNG.quantize(fb, dither: true, filter: filter, changes: changes, kept: kept, quantizeSeconds: &seconds) == nil,
                "the one kept frame is the first step's until its second")
        #expect(try PNG.encode(quantized, options: o, quantizeSeconds: &seconds) == cold)
        do {
            let dropped = PNG.quantize(fb, dither: true, filter: filter, changes: changes, kept: kept, quantizeSeconds: &seconds)
            #expect(dropped != nil)
        }
        #expect(PNG.quantize(fb, dither: true, filter: filter, changes: changes, kept: kept, quantizeSeconds: &seconds) != nil,
                "a dropped first step gave its kept frame back")
    }

    /// A warm cache (filled by another frame that shares most bands, then by the frame itself) changes no byte
    /// and is used.
    @Test func aWarmCacheChangesNothing() throws {
        let a = QuantizeKernelTests.awkwardFrame(space: .srgb, width: 41, height: 70)
        var b = a
        for x in 0..<b.width { b[x, 20] = SIMD4(0.25, 0.5, 0.75, 1) }
        let cache = PNGBandCache()
        for fb in [a, b, b, a] {
            #expect(try Self.banded(fb, depth: 8, cache: cache) == Self.whole(fb, depth: 8).png)
        }
        // b differs from a in band 2 (rows 20 and, through `up`, 21) only: a 9 compressed; b 8 reused, 1
        // compressed; b again 9 reused; a again 8 reused, 1 compressed.
        #expect(cache.statistics.reused == 8 + 9 + 8 && cache.statistics.compressed == 9 + 1 + 1)
    }

    /// Runs of rows written in any order, one writer, give the rows of the whole frame: a run that does not
    /// start where the last one ended quantizes the row above again.
    @Test(arguments: PNGRowFilter.allCases)
    func runsInAnyOrder(filter: PNGRowFilter) {
        let fb = QuantizeKernelTests.awkwardFrame(space: .srgb, width: 41, height: 70)
        var expected: [UInt8] = []
        fb.pngScanlines(depth: 8, dither: true, filter: filter, into: &expected)
        let line = fb.scanlineBytes(depth: 8)
        var got = [UInt8](repeating: 0xAA, count: expected.count)
        let runs = [40..<48, 48..<56, 0..<8, 8..<9, 9..<40, 64..<70, 56..<64]
        fb.withPNGScanlineWriter(depth: 8, dither: true, filter: filter) { writer in
            got.withUnsafeMutableBufferPointer { out in
                for rows in runs { writer.write(rows, into: out.baseAddress! + rows.lowerBound * line) }
            }
        }
        let wrongRows = (0..<fb.height).filter { y in got[y * line..<(y + 1) * line] != expected[y * line..<(y + 1) * line] }
        #expect(wrongRows.isEmpty)
    }

    /// zlib's `adler32_combine`, which joins the bands' checksums, against the checksum's definition over the
    /// joined bytes, at every split of some lengths (the empty run included).
    @Test func combinedChecksumsEqualTheWhole() {
        var rng = SplitMix(seed: 99)
        for length in [0, 1, 17, 300, 5553, 70_001] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let whole = Adler32Tests.definition(bytes)
            for split in Set([0, 1, length / 3, length / 2, max(0, length - 1), length]) where split <= length {
                let first = Adler32Tests.definition(Array(bytes[..<split]))
                let second = Adler32Tests.definition(Array(bytes[split...]))
                #expect(cpng_adler32_combine(first, second, length - split) == whole, "length \(length) split \(split)")
            }
        }
    }

    /// The file's Adler-32 (the last 4 bytes of the zlib stream) is zlib's `adler32` over the frame's scanlines,
    /// computed by Python's zlib; and Python's zlib inflates the stream to exactly those scanlines, with a cold
    /// and a warm cache.
    @Test(.enabled(if: PNGBandTests.hasPython, PNGBandTests.noPython)) func zlibAgrees() throws {
        let fb = QuantizeKernelTests.awkwardFrame(space: .srgb, width: 41, height: 70)
        let rows = try Self.whole(fb, depth: 8).rows
        let adler = try #require(try PNGBandTests.python("""
            import sys, zlib
            open(sys.argv[2], 'wb').write(zlib.adler32(open(sys.argv[1], 'rb').read()).to_bytes(4, 'big'))
            """, [rows], []))
        let cache = PNGBandCache()
        var near = fb
        near[3, 3] = SIMD4(1, 0, 0, 1)
        _ = try Self.banded(near, depth: 8, cache: cache)
        for png in [try Self.banded(fb, depth: 8), try Self.banded(fb, depth: 8, cache: cache)] {
            let stream = PNGBandTests.zlibStream(png)
            #expect(Array(stream.suffix(4)) == adler)
            #expect(try PNGBandTests.python(PNGBandTests.inflate, [stream], []) == rows)
        }
        #expect(cache.statistics.reused > 0)
    }

    /// A stream over 1 MiB is cut into IDAT chunks of 1 MiB and the rest, a chunk boundary falling inside a
    /// band's piece; libpng decodes the file (checking every chunk's CRC) to the frame's samples, and Python's
    /// zlib inflates the joined chunks to the scanlines.
    @Test func streamsOverOneMebibyteSpanChunks() throws {
        var fb = Framebuffer(width: 640, height: 520)
        var rng = SplitMix(seed: 5)
        fb.withUnsafeMutablePixels { p in
            for i in p.indices {
                p[i] = SIMD4(Float(rng.next() % 256) / 255, Float(rng.next() % 256) / 255, Float(rng.next() % 256) / 255, 1)
            }
        }
        let png = try Self.banded(fb, depth: 8, dither: false)
        let idat = PNGTests.chunks(png).filter { $0.type == "IDAT" }
        #expect(idat.count == 2)
        #expect(idat.first?.length == 1 << 20)
        #expect(try PNG.decode(png).rgba8 == fb.rgba8())
        #expect(png == (try Self.whole(fb, depth: 8, dither: false).png))
        if PNGBandTests.hasPython {
            let rows = try Self.whole(fb, depth: 8, dither: false).rows
            #expect(try PNGBandTests.python(PNGBandTests.inflate, [PNGBandTests.zlibStream(png)], []) == rows)
        }
    }
}
