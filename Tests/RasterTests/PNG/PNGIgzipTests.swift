// The frames' deflate library, ISA-L's igzip (PNGDeflateLibrary.igzip, cpng_band_deflate): every piece stands
// alone, the stream inflates through an independent inflater (Python's zlib), libpng decodes the file, the band
// cache tells it from zlib, and libpng's whole-image writers refuse it.
//
// Run: swift test -c release -Xswiftc -enable-testing --filter PNGIgzipTests

import CPNG
import Foundation
import Synchronization
import Testing

@testable import Raster

@Suite struct PNGIgzipTests {
    /// Python's zlib inflates each piece alone, as a raw deflate stream with no history: the band's bytes
    /// exactly, and the end of the stream only after the last band's piece. A piece that reached back into the
    /// band before it, or that left bits unflushed, fails here, and so would a piece taken from the cache into
    /// another frame.
    static let inflateEachPiece = """
        import sys, zlib
        pieces, rows = open(sys.argv[1], 'rb').read(), open(sys.argv[2], 'rb').read()
        lengths = [int(n) for n in sys.argv[4].split(',')]
        band = int(sys.argv[5])
        at, out = 0, bytearray()
        for i, n in enumerate(lengths):
            d = zlib.decompressobj(-15)
            data = d.decompress(pieces[at:at + n])
            at += n
            last = i == len(lengths) - 1
            ok = data == rows[i * band:(i + 1) * band] and d.eof == last and d.unused_data == b''
            out.append(1 if ok else 0)
        open(sys.argv[3], 'wb').write(bytes(out))
        """

    /// Bands of runs, of noise (which igzip stores rather than compresses) and of both, at 8 and 16 bits.
    @Test(.enabled(if: PNGBandTests.hasPython, PNGBandTests.noPython), arguments: [8, 16])
    func everyPieceInflatesAloneToItsBand(depth: Int) throws {
        let (w, h) = (PNGBandTests.width, PNGBandTests.height)
        let rows = PNGBandTests.scanlines(width: w, height: h, depth: depth, seed: 21, noisyRows: [0, 1, 9, 16, 17, 18, 19, 20, 21, 22, 23, 44])
        let cache = PNGBandCache()
        let png = try rows.withUnsafeBufferPointer {
            try PNG.encode(scanlines: $0, width: w, height: h, bitDepth: depth, options: .frames, cache: cache)
        }
        let entries = cache.entries(bands: PNG.bandCount(height: h))
        let pieces = entries.map { $0.access { $0.piece!.array } }
        #expect(pieces.count == 6)
        let line = 1 + w * 4 * depth / 8
        let ok = try #require(try PNGBandTests.python(Self.inflateEachPiece, [pieces.flatMap { $0 }, rows],
                                                      [pieces.map { "\($0.count)" }.joined(separator: ","), "\(line * PNG.bandRows)"]))
        #expect(ok == [UInt8](repeating: 1, count: 6), "depth \(depth)")
        // The pieces are the file's stream between its 2-byte header and its Adler-32.
        #expect(Array(PNGBandTests.zlibStream(png).dropFirst(2).dropLast(4)) == pieces.flatMap { $0 })
    }

    /// The zlib header around igzip's pieces: deflate, a 32 KiB window (igzip's 4 KiB history lies within it),
    /// FLEVEL "fastest", a valid check value; and libpng decodes the file to its pixels.
    @Test func theHeaderNamesTheWindowAndTheFastestLevel() throws {
        let (w, h) = (PNGBandTests.width, PNGBandTests.height)
        let rows = PNGBandTests.scanlines(width: w, height: h, seed: 22, noisyRows: [3, 30])
        let png = try PNGBandTests.encode(rows, options: .frames)
        let stream = PNGBandTests.zlibStream(png)
        #expect(stream[0] == 0x78)
        #expect(stream[1] >> 6 == 0, "FLEVEL 0")
        #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
        #expect(try PNG.decode(png).samples == PNG.decode(PNGBandTests.encode(rows, options: .default)).samples)
    }

    /// zlib's and igzip's pieces of the same band at the same level and strategy are different pieces: a
    /// cache shared by both must not hand one library's piece to the other.
    @Test func theCacheTellsTheLibrariesApart() throws {
        let rows = PNGBandTests.scanlines(width: PNGBandTests.width, height: PNGBandTests.height, seed: 23, noisyRows: [5, 25])
        let cold = (zlib: try PNGBandTests.encode(rows, options: .default), igzip: try PNGBandTests.encode(rows, options: .frames))
        #expect(cold.zlib != cold.igzip)
        let shared = PNGBandCache()
        for _ in 0..<2 {
            #expect(try PNGBandTests.encode(rows, options: .default, cache: shared) == cold.zlib)
            #expect(try PNGBandTests.encode(rows, options: .frames, cache: shared) == cold.igzip)
        }
    }

    /// A piece is a function of its band alone: bands of a frame-wide image, each compressed on the calling
    /// thread and again on four threads from copies at 24 other addresses (another stack, another heap
    /// layout), give the same bytes. igzip's level 1 failed this on the showcase's frames (docs/performance.md).
    @Test func piecesDependOnTheBandAlone() throws {
        let (w, h) = (1170, 96)
        let rows = PNGBandTests.scanlines(width: w, height: h, seed: 24, noisyRows: Set(stride(from: 0, to: h, by: 3)))
        let line = 1 + w * 4, band = PNG.bandRows * line
        @Sendable func compress(_ bytes: UnsafePointer<UInt8>, last: Bool) -> [UInt8] {
            guard let d = cpng_band_deflater_new(Int32(CPNG_DEFLATE_IGZIP), 1, 0) else { return [] }
            defer { cpng_band_deflater_free(d) }
            var out = [UInt8](repeating: 0, count: cpng_band_deflate_bound(d, band))
            var n = 0
            let status = out.withUnsafeMutableBufferPointer { cpng_band_deflate(d, bytes, band, last ? 1 : 0, $0.baseAddress, $0.count, &n) }
            return status == Int32(CPNG_OK.rawValue) ? Array(out[0..<n]) : []
        }
        let bands = h / PNG.bandRows
        let expected = rows.withUnsafeBufferPointer { r in (0..<bands).map { compress(r.baseAddress! + $0 * band, last: $0 == bands - 1) } }
        #expect(expected.allSatisfy { !$0.isEmpty })
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            let copies = UnsafeMutableRawBufferPointer.allocate(byteCount: 6 * (band + 4096 + 64), alignment: 4096)
            defer { copies.deallocate() }
            for k in 0..<6 {
                let at = copies.baseAddress!.advanced(by: k * (band + 4096 + 64) + (t * 6 + k) * 64).assumingMemoryBound(to: UInt8.self)
                for b in 0..<bands {
                    rows.withUnsafeBufferPointer { at.update(from: $0.baseAddress! + b * band, count: band) }
                    if compress(at, last: b == bands - 1) != expected[b] { mismatches.withLock { $0 += 1 } }
                }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    /// libpng's whole-image writers compress with zlib: given igzip they fail with a message that says so.
    @Test func wholeImageWritersRefuseIgzip() {
        let pixels = [UInt8](repeating: 128, count: 4 * 3 * 2)
        #expect {
            _ = try PNG.encode(rgba8: pixels, width: 3, height: 2, options: .frames)
        } throws: { error in
            "\(error)".contains("zlib only")
        }
    }
}
