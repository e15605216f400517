// The banded IDAT stream (PNGBands.swift) and the band cache (PNGBandCache.swift).
//
// Run: swift test -c release -Xswiftc -enable-testing --filter PNGBandTests

import ChildProcess
import Foundation
import Synchronization
import Testing

import Raster

@Suite struct PNGBandTests {
    /// Filtered scanlines of a `width` x `height` 8-bit image (filter byte 2, `up`): runs of one value, as a
    /// plane's background makes, with noisy patches where `seed` says, so that bands differ between images
    /// while most rows repeat.
    static func scanlines(width: Int, height: Int, depth: Int = 8, seed: UInt64, noisyRows: Set<Int>) -> [UInt8] {
        let line = 1 + width * 4 * depth / 8
        var rng = SplitMix(seed: seed)
        var rows = [UInt8](repeating: 0, count: line * height)
        for y in 0..<height {
            rows[y * line] = 2
            for x in 1..<line {
                rows[y * line + x] = noisyRows.contains(y) && x % 3 != 0 ? UInt8(truncatingIfNeeded: rng.next() >> 11) : UInt8(x % 7 == 0 ? 1 : 0)
            }
        }
        return rows
    }

    static let width = 61, height = 45  // 6 bands, the last of 5 rows

    static func encode(_ rows: [UInt8], depth: Int = 8, options: PNGEncodeOptions = .default,
                       cache: PNGBandCache? = nil) throws -> [UInt8] {
        try rows.withUnsafeBufferPointer {
            try PNG.encode(scanlines: $0, width: width, height: height, bitDepth: depth, options: options, cache: cache)
        }
    }

    /// The zlib stream of a PNG: its IDAT chunks joined.
    static func zlibStream(_ png: [UInt8]) -> [UInt8] {
        PNGTests.chunks(png).filter { $0.type == "IDAT" }.flatMap { png[$0.offset + 8..<$0.offset + 8 + $0.length] }
    }

    /// Python's zlib, run as its own process: each band of `rows` compressed alone through `compressobj`
    /// (a raw stream, 32 KiB window, memLevel 8) and flushed as the band path promises; and the inflated data
    /// of a whole zlib stream, checked against its Adler-32 by zlib itself. Nil when python3 is missing.
    static func python(_ script: String, _ inputs: [[UInt8]], _ args: [String]) throws -> [UInt8]? {
        let dir = try PNGTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for (i, input) in inputs.enumerated() {
            let path = dir.appendingPathComponent("in\(i)").path
            try Data(input).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let out = dir.appendingPathComponent("out").path
        guard let python3 = DevTool.find("python3") else { return nil }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python3)
        p.arguments = ["-c", script] + paths + [out] + args
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
    }

    static let bandsAlone = """
        import sys, zlib
        data = open(sys.argv[1], 'rb').read()
        out_path, band, level, strategy = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
        out = bytearray()
        for start in range(0, len(data), band):
            c = zlib.compressobj(level, zlib.DEFLATED, -15, 8, strategy)
            last = start + band >= len(data)
            out += c.compress(data[start:start + band]) + c.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
        open(out_path, 'wb').write(out)
        """

    static let inflate = """
        import sys, zlib
        open(sys.argv[2], 'wb').write(zlib.decompress(open(sys.argv[1], 'rb').read()))
        """

    static var hasPython: Bool {
        (try? python("open(__import__('sys').argv[1], 'w').write('')", [], [])) != nil
    }

    static var noPython: Comment { Comment(rawValue: DevTool.missing("python3", package: "python3")) }

    /// Every band's piece equals that band compressed alone by Python's zlib, for the default (`Z_RLE`) and a
    /// `--png-level` setting (`Z_FILTERED`), at 8 and 16 bits; the zlib header names the 32 KiB window.
    @Test(.enabled(if: hasPython, noPython), arguments: [(PNGEncodeOptions.default, 3), (try! PNGEncodeOptions(level: 6), 1)])
    func bandPiecesEqualEachBandCompressedAlone(options: PNGEncodeOptions, strategy: Int) throws {
        for depth in [8, 16] {
            let rows = Self.scanlines(width: Self.width, height: Self.height, depth: depth, seed: 1, noisyRows: [3, 9, 10, 30, 44])
            let stream = Self.zlibStream(try Self.encode(rows, depth: depth, options: options))
            let line = 1 + Self.width * 4 * depth / 8
            let expected = try #require(try Self.python(Self.bandsAlone, [rows],
                                                        ["\(line * PNG.bandRows)", "\(options.level)", "\(strategy)"]))
            #expect(stream.count > 6)
            #expect(stream[0] >> 4 == 7, "CINFO: a 32 KiB window")
            #expect((Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
            #expect(Array(stream.dropFirst(2).dropLast(4)) == expected, "depth \(depth)")
        }
    }

    /// A file decodes to exactly its scanlines through Python's zlib (which checks the Adler-32), and to its
    /// pixels through the repo's own decoder (libpng), compressed by zlib or by igzip.
    @Test(.enabled(if: hasPython, noPython), arguments: [PNGEncodeOptions.default, .frames])
    func filesInflateToTheirScanlinesAndDecodeToTheirPixels(options: PNGEncodeOptions) throws {
        let rows = Self.scanlines(width: Self.width, height: Self.height, seed: 2, noisyRows: Set(0..<Self.height))
        let png = try Self.encode(rows, options: options)
        #expect(try Self.python(Self.inflate, [Self.zlibStream(png)], []) == rows)
        // Undo `up` for the expected pixels.
        let line = 1 + Self.width * 4
        var pixels = [UInt16]()
        var above = [UInt8](repeating: 0, count: line - 1)
        for y in 0..<Self.height {
            for x in 0..<line - 1 { above[x] = above[x] &+ rows[y * line + 1 + x] }
            pixels += above.map { UInt16($0) * 257 }
        }
        #expect(try PNG.decode(png).samples == pixels)
    }

    /// The bytes of an image do not depend on the cache: cold, warmed by the image before it (which shares
    /// most bands), by an unrelated image, by the images in reverse order, by another setting, and by an image
    /// of another height; with zlib and with igzip. The warm cache must actually be used, or this would prove
    /// nothing.
    @Test(arguments: [PNGEncodeOptions.default, .frames]) func bytesDoNotDependOnTheCache(options: PNGEncodeOptions) throws {
        func encode(_ rows: [UInt8], options: PNGEncodeOptions = options, cache: PNGBandCache? = nil) throws -> [UInt8] {
            try Self.encode(rows, options: options, cache: cache)
        }
        let a = Self.scanlines(width: Self.width, height: Self.height, seed: 3, noisyRows: [2, 20, 21])
        var b = a
        let noisy = Self.scanlines(width: Self.width, height: Self.height, seed: 4, noisyRows: [17, 40, 44])
        let line = 1 + Self.width * 4
        for y in [17, 40, 44] { b.replaceSubrange(y * line..<(y + 1) * line, with: noisy[y * line..<(y + 1) * line]) }
        let unrelated = Self.scanlines(width: Self.width, height: Self.height, seed: 5, noisyRows: Set(0..<Self.height))
        let cold = (a: try encode(a), b: try encode(b), unrelated: try encode(unrelated))
        #expect(cold.a != cold.b)

        let warm = PNGBandCache()
        #expect(try encode(a, cache: warm) == cold.a)
        #expect(try encode(b, cache: warm) == cold.b)
        // Bands 2, 5 (rows 17 and 40-44) changed; 0, 1, 3 and 4 came from the cache.
        #expect(warm.statistics.reused == 4 && warm.statistics.compressed == 6 + 2)
        #expect(try encode(b, cache: warm) == cold.b)
        #expect(warm.statistics.reused == 4 + 6)
        // Compressing is timed only when asked (two system calls a band), and the bytes are the same either way.
        #expect(warm.statistics.compressSeconds == 0)
        let timed = PNGBandCache()
        timed.timesCompression = true
        #expect(try encode(unrelated, cache: timed) == cold.unrelated)
        #expect(timed.statistics.compressSeconds > 0)

        let other = PNGBandCache()
        #expect(try encode(unrelated, cache: other) == cold.unrelated)
        #expect(try encode(b, cache: other) == cold.b)
        #expect(try encode(a, cache: other) == cold.a)

        let reverse = PNGBandCache()
        for (rows, png) in [(unrelated, cold.unrelated), (b, cold.b), (a, cold.a), (b, cold.b), (unrelated, cold.unrelated)] {
            #expect(try encode(rows, cache: reverse) == png)
        }

        // The same bytes under another level and strategy make another piece: the key must tell them apart.
        let level6 = try PNGEncodeOptions(level: 6)
        let mixed = PNGBandCache()
        #expect(try encode(a, options: level6, cache: mixed) == encode(a, options: level6))
        #expect(try encode(a, cache: mixed) == cold.a)
        #expect(try encode(a, options: level6, cache: mixed) == encode(a, options: level6))

        // An image of another height replaces the entries: its last band is not the other's last band.
        let short = Array(a[0..<(Self.height - 5) * line])
        let shortCold = try short.withUnsafeBufferPointer {
            try PNG.encode(scanlines: $0, width: Self.width, height: Self.height - 5, bitDepth: 8, options: options)
        }
        let sized = PNGBandCache()
        #expect(try encode(a, cache: sized) == cold.a)
        #expect(try short.withUnsafeBufferPointer {
            try PNG.encode(scanlines: $0, width: Self.width, height: Self.height - 5, bitDepth: 8, options: options, cache: sized)
        } == shortCold)
        #expect(try encode(a, cache: sized) == cold.a)
    }

    /// Encoders on four threads share one cache and take the images in a shuffled order, as a sink's encoders
    /// do: every file equals its cold encoding.
    @Test func sharedByThreadsInAnyOrder() throws {
        let images = (0..<6).map { i in
            Self.scanlines(width: Self.width, height: Self.height, seed: UInt64(10 + i % 3), noisyRows: [i, 8 + i, 30 + 2 * i])
        }
        let cold = try images.map { try Self.encode($0) }
        let cache = PNGBandCache()
        var rng = SplitMix(seed: 7)
        let jobs = (0..<96).map { _ in Int(rng.next() % 6) }
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for j in stride(from: t, to: jobs.count, by: 4) {
                let i = jobs[j]
                if (try? Self.encode(images[i], cache: cache)) != cold[i] { failures.withLock { $0 += 1 } }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(cache.statistics.reused > 0)
        #expect(cache.statistics.reused + cache.statistics.compressed == 96 * PNG.bandCount(height: Self.height))
    }
}
