// Tests for Raster's PNG layer (PNG.swift over the CPNG shim).
//
// Run: swift test -c release -Xswiftc -enable-testing --filter PNGTests
//
// The encoder-default measurement at the bottom is disabled unless
// PNG_MEASURE=1 is set; see docs/png-measurements.md.

import Foundation
import Testing

import Raster

@Suite struct PNGTests {
    // MARK: - Helpers

    /// Deterministic pseudo-random generator (64-bit LCG, high bits).
    struct LCG {
        var state: UInt64
        mutating func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 32)
        }
    }

    /// A non-trivial 8-bit RGBA image: gradients, a noisy band, fully
    /// transparent and partly transparent pixels.
    static func image8(width: Int, height: Int) -> [UInt8] {
        var rng = LCG(state: 42)
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let noise = y % 7 == 3
                px[i] = noise ? UInt8(truncatingIfNeeded: rng.next()) : UInt8(x * 255 / max(1, width - 1))
                px[i + 1] = noise ? UInt8(truncatingIfNeeded: rng.next()) : UInt8(y * 255 / max(1, height - 1))
                px[i + 2] = UInt8((x * y) & 0xFF)
                px[i + 3] = x % 5 == 0 ? 0 : (x % 5 == 1 ? UInt8((x + y) & 0xFF) : 255)
            }
        }
        return px
    }

    /// A non-trivial 16-bit RGBA image using the full 16-bit range.
    static func image16(width: Int, height: Int) -> [UInt16] {
        var rng = LCG(state: 7)
        var px = [UInt16](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                px[i] = UInt16(x * 65535 / max(1, width - 1))
                px[i + 1] = UInt16(truncatingIfNeeded: rng.next())
                px[i + 2] = UInt16(truncatingIfNeeded: x &* 0x0123 &+ y &* 0x4567)  // distinct high/low bytes
                px[i + 3] = x % 4 == 0 ? 0 : UInt16(truncatingIfNeeded: rng.next() | 1)
            }
        }
        return px
    }

    static func tempDir() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("forkrender-png-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// CRC-32 as used by PNG chunks (to build/repair chunks in tests).
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }

    static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// (type, offset of the chunk's length field, data length) for each chunk.
    static func chunks(_ png: [UInt8]) -> [(type: String, offset: Int, length: Int)] {
        var out: [(String, Int, Int)] = []
        var at = 8
        while at + 8 <= png.count {
            let length = be32(png, at)
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            out.append((type, at, length))
            at += 12 + length
        }
        return out
    }

    // MARK: - Round trips

    @Test func roundTrip8ThroughMemory() throws {
        let (w, h) = (97, 61)
        let px = Self.image8(width: w, height: h)
        let png = try PNG.encode(rgba8: px, width: w, height: h)
        let image = try PNG.decode(png)
        #expect(image.width == w && image.height == h)
        #expect(image.sourceBitDepth == 8)
        #expect(image.sourceColorType == .rgba)
        #expect(!image.interlaced)
        #expect(image.samples == px.map { UInt16($0) * 257 })
        #expect(image.rgba8 == px)
    }

    @Test func roundTrip16ThroughMemory() throws {
        let (w, h) = (83, 47)
        let px = Self.image16(width: w, height: h)
        let png = try PNG.encode(rgba16: px, width: w, height: h)
        let image = try PNG.decode(png)
        #expect(image.width == w && image.height == h)
        #expect(image.sourceBitDepth == 16)
        #expect(image.sourceColorType == .rgba)
        #expect(image.samples == px)
    }

    @Test func roundTripThroughFiles() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (w, h) = (64, 33)

        let px8 = Self.image8(width: w, height: h)
        let path8 = dir.appendingPathComponent("a8.png").path
        try PNG.write(rgba8: px8, width: w, height: h, to: path8)
        let read8 = try PNG.read(path: path8)
        #expect(read8.sourceBitDepth == 8)
        #expect(read8.rgba8 == px8)
        // The file holds the same bytes as the in-memory encoder produces.
        let fileBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path8)))
        #expect(fileBytes == (try PNG.encode(rgba8: px8, width: w, height: h)))

        let px16 = Self.image16(width: w, height: h)
        let path16 = dir.appendingPathComponent("a16.png").path
        try PNG.write(rgba16: px16, width: w, height: h, to: path16)
        let read16 = try PNG.read(path: path16)
        #expect(read16.sourceBitDepth == 16)
        #expect(read16.samples == px16)
    }

    /// 16-bit samples are stored big-endian in the file, as PNG requires.
    @Test func sixteenBitIsBigEndianInFile() throws {
        let png = try PNG.encode(rgba16: [0x1234, 0xABCD, 0x0001, 0xFF00], width: 1, height: 1,
                                 options: PNGEncodeOptions(level: 0, filters: .none))
        // Level 0 stores the filtered row verbatim: filter byte 0, then samples.
        let needle: [UInt8] = [0x00, 0x12, 0x34, 0xAB, 0xCD, 0x00, 0x01, 0xFF, 0x00]
        let found = (0...(png.count - needle.count)).contains { Array(png[$0..<$0 + needle.count]) == needle }
        #expect(found)
    }

    static let optionCases: [PNGEncodeOptions] = {
        var cases: [PNGEncodeOptions] = []
        for level in [0, 1, 9] {
            for filters: PNGFilterSet in [.none, .sub, .up, .average, .paeth, .all, [.sub, .paeth]] {
                cases.append(PNGEncodeOptions(level: level, filters: filters))
            }
        }
        cases.append(PNGEncodeOptions(level: 1, filters: .up, strategy: .rle, srgbChunk: false))
        cases.append(PNGEncodeOptions(level: 6, filters: .all, strategy: .huffmanOnly))
        cases.append(PNGEncodeOptions(level: 3, filters: .sub, strategy: .fixed))
        cases.append(PNGEncodeOptions(level: 3, filters: .sub, strategy: .zlibDefault))
        cases.append(PNGEncodeOptions(level: 3, filters: .sub, strategy: .filtered))
        return cases
    }()

    @Test(arguments: optionCases)
    func roundTripWithOptions(_ options: PNGEncodeOptions) throws {
        let (w, h) = (31, 17)
        let px8 = Self.image8(width: w, height: h)
        #expect(try PNG.decode(PNG.encode(rgba8: px8, width: w, height: h, options: options)).rgba8 == px8)
        let px16 = Self.image16(width: w, height: h)
        #expect(try PNG.decode(PNG.encode(rgba16: px16, width: w, height: h, options: options)).samples == px16)
    }

    @Test func rgba8RoundsCorrectly() {
        let all = (0...65535).map { UInt16($0) }
        let image = PNGImage(width: 16384, height: 1, sourceBitDepth: 16, sourceColorType: .rgba, samples: all)
        let expected = all.map { UInt8((Double($0) * 255 / 65535).rounded()) }
        #expect(image.rgba8 == expected)
        #expect(PNGImage(width: 1, height: 1, sourceBitDepth: 16, sourceColorType: .rgba,
                         samples: [0, 128, 129, 65535]).rgba8 == [0, 0, 1, 255])
    }

    // MARK: - sRGB chunk

    @Test func srgbChunkWhenRequested() throws {
        let px = Self.image8(width: 4, height: 4)
        let with = try PNG.encode(rgba8: px, width: 4, height: 4, options: PNGEncodeOptions.default)
        let types = Self.chunks(with).map(\.type)
        #expect(types.contains("sRGB"))
        #expect(types.contains("gAMA") && types.contains("cHRM"))
        // sRGB must come before IDAT; its single byte is the rendering intent (0 = perceptual).
        let srgb = try #require(Self.chunks(with).first { $0.type == "sRGB" })
        #expect(srgb.length == 1 && with[srgb.offset + 8] == 0)
        #expect(types.firstIndex(of: "sRGB")! < types.firstIndex(of: "IDAT")!)
        #expect(PNGEncodeOptions.default.srgbChunk)

        let without = try PNG.encode(rgba8: px, width: 4, height: 4, options: PNGEncodeOptions(level: 1, filters: .up, srgbChunk: false))
        #expect(!Self.chunks(without).map(\.type).contains("sRGB"))
        #expect(Self.chunks(without).map(\.type) == ["IHDR", "IDAT", "IEND"])
    }

    // MARK: - Other formats (fixtures made by pypng, see PNGFixtures below)

    @Test func paletteWithTRNS() throws {
        let image = try PNG.decode(PNGFixtures.palette2Trns)
        #expect(image.width == 5 && image.height == 4)
        #expect(image.sourceBitDepth == 2 && image.sourceColorType == .palette)
        let palette: [[UInt16]] = [[255, 0, 0, 255], [0, 255, 0, 128], [0, 0, 255, 0], [10, 20, 30, 255]]
        var expected: [UInt16] = []
        for y in 0..<4 { for x in 0..<5 { expected += palette[(x + 2 * y) % 4].map { $0 * 257 } } }
        #expect(image.samples == expected)
    }

    @Test func gray8() throws {
        let image = try PNG.decode(PNGFixtures.gray8)
        #expect(image.width == 7 && image.height == 3)
        #expect(image.sourceBitDepth == 8 && image.sourceColorType == .gray)
        var expected: [UInt16] = []
        for y in 0..<3 {
            for x in 0..<7 {
                let v = UInt16((x * 37 + y * 91) % 256) * 257
                expected += [v, v, v, 65535]
            }
        }
        #expect(image.samples == expected)
    }

    @Test func gray1() throws {
        let image = try PNG.decode(PNGFixtures.gray1)
        #expect(image.width == 9 && image.height == 2)
        #expect(image.sourceBitDepth == 1 && image.sourceColorType == .gray)
        var expected: [UInt16] = []
        for y in 0..<2 {
            for x in 0..<9 {
                let v: UInt16 = (x + y) % 2 == 1 ? 65535 : 0
                expected += [v, v, v, 65535]
            }
        }
        #expect(image.samples == expected)
    }

    @Test func grayAlpha16() throws {
        let image = try PNG.decode(PNGFixtures.grayAlpha16)
        #expect(image.width == 4 && image.height == 3)
        #expect(image.sourceBitDepth == 16 && image.sourceColorType == .grayAlpha)
        var expected: [UInt16] = []
        for y in 0..<3 {
            for x in 0..<4 {
                let g = UInt16((x * 16411 + y * 9001) % 65536)
                expected += [g, g, g, UInt16((x * 3000 + y * 20000) % 65536)]
            }
        }
        #expect(image.samples == expected)
    }

    @Test func rgbWithoutAlpha() throws {
        let image = try PNG.decode(PNGFixtures.rgb8)
        #expect(image.width == 6 && image.height == 5)
        #expect(image.sourceBitDepth == 8 && image.sourceColorType == .rgb)
        var expected: [UInt16] = []
        for y in 0..<5 {
            for x in 0..<6 {
                expected += [x * 40, y * 50, (x * y * 13) % 256].map { UInt16($0) * 257 } + [65535]
            }
        }
        #expect(image.samples == expected)
    }

    @Test func adam7Interlaced() throws {
        let image = try PNG.decode(PNGFixtures.rgba8Adam7)
        #expect(image.width == 11 && image.height == 9)
        #expect(image.interlaced)
        #expect(image.sourceBitDepth == 8 && image.sourceColorType == .rgba)
        var expected: [UInt8] = []
        for y in 0..<9 {
            for x in 0..<11 {
                expected += [(x * 23) % 256, (y * 29) % 256, (x * y) % 256, ((x + y) * 12) % 256].map { UInt8($0) }
            }
        }
        #expect(image.rgba8 == expected)
        #expect(image.samples == expected.map { UInt16($0) * 257 })
    }

    @Test func fixturesReadFromFiles() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("palette.png").path
        try Data(PNGFixtures.palette2Trns).write(to: URL(fileURLWithPath: path))
        #expect(try PNG.read(path: path) == PNG.decode(PNGFixtures.palette2Trns))
    }

    // MARK: - Errors

    @Test func truncatedData() throws {
        let px = Self.image8(width: 40, height: 40)
        let png = try PNG.encode(rgba8: px, width: 40, height: 40)
        for cut in [4, 20, png.count / 2, png.count - 12, png.count - 1] {
            let error = #expect(throws: PNGError.self) { try PNG.decode(Array(png[..<cut])) }
            #expect(error?.message.isEmpty == false)
            #expect(error?.message.contains("truncated") == true, "\(error?.message ?? "")")
        }
    }

    @Test func truncatedFile() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = try PNG.encode(rgba8: Self.image8(width: 40, height: 40), width: 40, height: 40)
        let path = dir.appendingPathComponent("cut.png").path
        try Data(png[..<(png.count / 2)]).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: PNGError.self) { try PNG.read(path: path) }
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("truncated") == true)
    }

    @Test func corruptCRC() throws {
        var png = try PNG.encode(rgba8: Self.image8(width: 40, height: 40), width: 40, height: 40)
        let idat = try #require(Self.chunks(png).first { $0.type == "IDAT" })
        // Data intact, stored CRC wrong. (Flipping a data byte instead is
        // usually caught first by zlib's Adler-32 check; see the next test.)
        png[idat.offset + 8 + idat.length] ^= 0x5A
        let error = #expect(throws: PNGError.self) { try PNG.decode(png) }
        #expect(error?.message.contains("CRC") == true, "\(error?.message ?? "")")

        var png2 = try PNG.encode(rgba8: [1, 2, 3, 4], width: 1, height: 1)
        png2[29] ^= 0x01  // IHDR's CRC
        let ihdrError = #expect(throws: PNGError.self) { try PNG.decode(png2) }
        #expect(ihdrError?.message.contains("CRC") == true, "\(ihdrError?.message ?? "")")
    }

    @Test func corruptImageDataWithValidCRC() throws {
        var png = try PNG.encode(rgba8: Self.image8(width: 40, height: 40), width: 40, height: 40)
        let idat = try #require(Self.chunks(png).first { $0.type == "IDAT" })
        let dataStart = idat.offset + 8
        for i in stride(from: dataStart + 2, to: dataStart + idat.length, by: 3) { png[i] ^= 0xA5 }
        let crc = Self.crc32(png[(idat.offset + 4)..<(dataStart + idat.length)])
        for k in 0..<4 { png[dataStart + idat.length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        let error = #expect(throws: PNGError.self) { try PNG.decode(png) }
        #expect(error?.message.isEmpty == false)
    }

    @Test func corruptIHDR() throws {
        var png = try PNG.encode(rgba8: [1, 2, 3, 4], width: 1, height: 1)
        png[16 + 8] = 3  // bit depth 3 is invalid
        let crc = Self.crc32(png[12..<29])
        for k in 0..<4 { png[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        let error = #expect(throws: PNGError.self) { try PNG.decode(png) }
        #expect(error?.message.isEmpty == false)
    }

    @Test func notAPNG() throws {
        let text = Array("GIF89a, or rather: this is just some text, not an image".utf8)
        let error = #expect(throws: PNGError.self) { try PNG.decode(text) }
        #expect(error?.message.contains("not a PNG") == true)
        let empty = #expect(throws: PNGError.self) { try PNG.decode([]) }
        #expect(empty?.message.contains("empty") == true)

        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("notes.txt").path
        try Data(text).write(to: URL(fileURLWithPath: path))
        let fileError = #expect(throws: PNGError.self) { try PNG.read(path: path) }
        #expect(fileError?.message.contains("not a PNG") == true)
        #expect(fileError?.message.contains(path) == true)
    }

    @Test func missingFileAndUnwritablePath() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nope.png").path
        let readError = #expect(throws: PNGError.self) { try PNG.read(path: missing) }
        #expect(readError?.message.contains(missing) == true)

        let unwritable = dir.appendingPathComponent("no-such-dir/out.png").path
        let writeError = #expect(throws: PNGError.self) {
            try PNG.write(rgba8: [0, 0, 0, 255], width: 1, height: 1, to: unwritable)
        }
        #expect(writeError?.message.contains(unwritable) == true)
    }

    /// A header claiming 65536 x 65536 (2^32 pixels) is refused before any allocation.
    @Test func absurdDimensionsRefused() throws {
        var png = try PNG.encode(rgba8: [1, 2, 3, 4], width: 1, height: 1)
        for (at, v) in [(16, 0x0001_0000), (20, 0x0001_0000)] {
            for k in 0..<4 { png[at + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * k)) }
        }
        let crc = Self.crc32(png[12..<29])
        for k in 0..<4 { png[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        let error = #expect(throws: PNGError.self) { try PNG.decode(png) }
        #expect(error?.message.contains("too large") == true, "\(error?.message ?? "")")
    }

    @Test func invalidEncodeArguments() {
        let wrongCount = #expect(throws: PNGError.self) { try PNG.encode(rgba8: [0, 0, 0], width: 1, height: 1) }
        #expect(wrongCount?.message.contains("got 3") == true)
        let zero = #expect(throws: PNGError.self) { try PNG.encode(rgba8: [], width: 0, height: 5) }
        #expect(zero?.message.contains("0x5") == true)
        let negative = #expect(throws: PNGError.self) { try PNG.encode(rgba16: [], width: -1, height: 1) }
        #expect(negative?.message.isEmpty == false)
        // A level is checked where options are made from a user's value, not at every encode.
        let level = #expect(throws: PNGError.self) { try PNGEncodeOptions(level: 10) }
        #expect(level?.message == "zlib level 10 is outside 0...9")
        let filters = #expect(throws: PNGError.self) {
            try PNG.encode(rgba8: [0, 0, 0, 0], width: 1, height: 1, options: PNGEncodeOptions(level: 6, filters: []))
        }
        #expect(filters?.message.contains("filter") == true)
    }

    // MARK: - Measurement for PNGEncodeOptions.default (disabled by default)

    /// A synthetic forkrender frame: 1170x2532 #F2F2F7 background, a 3x3
    /// anti-aliased dot every 63 px, and two areas of smooth blurred gradient.
    /// With `dither`, the gradient areas get +-1 LSB noise, as a renderer that
    /// dithers its 16-bit result down to 8 bits would produce.
    static func syntheticFrame(dither: Bool = false) -> [UInt8] {
        var rng = LCG(state: 2024)
        let (w, h) = (1170, 2532)
        let bg: [Double] = [242, 242, 247]
        var px = [UInt8](repeating: 255, count: w * h * 4)
        // Soft coloured blobs (a blurred glass highlight), fading into the background.
        let blobs: [(cx: Double, cy: Double, sigma: Double, color: [Double], band: Range<Int>)] = [
            (585, 600, 260, [90, 140, 255], 200..<1000),
            (300, 1750, 200, [255, 170, 90], 1400..<2100),
        ]
        for y in 0..<h {
            for x in 0..<w {
                var c = bg
                var inBlob = false
                for b in blobs where b.band.contains(y) {
                    let dx = Double(x) - b.cx, dy = Double(y) - b.cy
                    let t = 0.8 * exp(-(dx * dx + dy * dy) / (2 * b.sigma * b.sigma))
                    for k in 0..<3 { c[k] = c[k] * (1 - t) + b.color[k] * t }
                    inBlob = inBlob || t > 0.004  // visibly tinted
                }
                let i = (y * w + x) * 4
                for k in 0..<3 {
                    let noise = dither && inBlob ? Double(Int(rng.next() % 3) - 1) : 0
                    px[i + k] = UInt8(min(255, max(0, (c[k] + noise).rounded())))
                }
            }
        }
        // Dots: full coverage in the centre, half on edges, quarter on corners.
        let dot: [Double] = [60, 60, 67]
        for cy in stride(from: 31, to: h - 1, by: 63) {
            for cx in stride(from: 31, to: w - 1, by: 63) {
                for dy in -1...1 {
                    for dx in -1...1 {
                        let cover = dx == 0 && dy == 0 ? 1.0 : (dx == 0 || dy == 0 ? 0.5 : 0.25)
                        let i = ((cy + dy) * w + cx + dx) * 4
                        for k in 0..<3 {
                            px[i + k] = UInt8((Double(px[i + k]) * (1 - cover) + dot[k] * cover).rounded())
                        }
                    }
                }
            }
        }
        return px
    }

    /// Prints a markdown table of encode time and size per level/filter set.
    /// Run: PNG_MEASURE=1 swift test -c release -Xswiftc -enable-testing --filter PNGTests/measureEncodeDefaults
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PNG_MEASURE"] == "1"))
    func measureEncodeDefaults() throws {
        for dither in [false, true] { try measure(frame: Self.syntheticFrame(dither: dither), dither: dither) }
    }

    func measure(frame: [UInt8], dither: Bool) throws {
        let (w, h) = (1170, 2532)
        let filterSets: [(String, PNGFilterSet)] = [
            ("none", .none), ("sub", .sub), ("up", .up), ("paeth", .paeth), ("all", .all),
        ]
        var configs: [(String, String, PNGEncodeOptions)] = []
        for level in [1, 3, 6, 9] {
            for (name, set) in filterSets {
                configs.append(("\(level)", name, PNGEncodeOptions(level: level, filters: set)))
            }
        }
        for level in [2, 4, 5] {
            configs.append(("\(level)", "none", PNGEncodeOptions(level: level, filters: .none)))
        }
        for (name, set) in filterSets {
            configs.append(("1 (Z_RLE)", name, PNGEncodeOptions(level: 1, filters: set, strategy: .rle)))
        }
        let repeats = 5
        print("")
        print("libpng \(PNG.libpngVersion), frame \(w)x\(h) RGBA8, gradients \(dither ? "dithered" : "smooth"), best of \(repeats)")
        print("| level | filters | time (ms) | size (bytes) |")
        print("|---|---|---:|---:|")
        let clock = ContinuousClock()
        for (level, filters, options) in configs {
            var best = Duration.seconds(1000)
            var size = 0
            for _ in 0..<repeats {
                let start = clock.now
                let png = try PNG.encode(rgba8: frame, width: w, height: h, options: options)
                best = min(best, clock.now - start)
                size = png.count
            }
            let ms = Double(best.components.seconds) * 1000 + Double(best.components.attoseconds) / 1e15
            print("| \(level) | \(filters) | \(String(format: "%.1f", ms)) | \(size) |")
        }
        // Sanity: the frame round-trips with the defaults.
        let png = try PNG.encode(rgba8: frame, width: w, height: h)
        print("default \(PNGEncodeOptions.default): \(png.count) bytes")
        #expect(try PNG.decode(png).rgba8 == frame)
    }
}

// MARK: - Fixtures

/// Small PNGs written by pypng (pure Python, independent of libpng), embedded
/// as bytes because SwiftPM warns about unhandled non-Swift files in a test
/// target and Package.swift declares no resources. They were produced by this
/// script (pixel formulas restated in the tests above):
///
///     import png  # pypng 0.20220715.0
///     def save(name, writer, data):
///         with open(name, "wb") as f: writer.write(f, data)
///     def rows(w, h, f):
///         return [[v for x in range(w) for v in f(x, y)] for y in range(h)]
///     PALETTE = [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (10, 20, 30, 255)]
///     save("palette2_trns.png", png.Writer(5, 4, palette=PALETTE, bitdepth=2),
///          rows(5, 4, lambda x, y: [(x + 2 * y) % 4]))
///     save("gray8.png", png.Writer(7, 3, greyscale=True, bitdepth=8),
///          rows(7, 3, lambda x, y: [(x * 37 + y * 91) % 256]))
///     save("gray1.png", png.Writer(9, 2, greyscale=True, bitdepth=1),
///          rows(9, 2, lambda x, y: [(x + y) % 2]))
///     save("gray_alpha16.png", png.Writer(4, 3, greyscale=True, alpha=True, bitdepth=16),
///          rows(4, 3, lambda x, y: [(x * 16411 + y * 9001) % 65536, (x * 3000 + y * 20000) % 65536]))
///     save("rgb8.png", png.Writer(6, 5, greyscale=False, alpha=False, bitdepth=8),
///          rows(6, 5, lambda x, y: [x * 40, y * 50, (x * y * 13) % 256]))
///     save("rgba8_adam7.png", png.Writer(11, 9, greyscale=False, alpha=True, bitdepth=8, interlace=True),
///          rows(11, 9, lambda x, y: [(x * 23) % 256, (y * 29) % 256, (x * y) % 256, ((x + y) * 12) % 256]))
///
/// and converted to Swift literals with a one-line hex dump.
enum PNGFixtures {
    /// palette2_trns.png (113 bytes)
    static let palette2Trns: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x04, 0x02, 0x03, 0x00, 0x00, 0x00, 0x3b, 0x5d, 0x1d,
        0xd3, 0x00, 0x00, 0x00, 0x0c, 0x50, 0x4c, 0x54, 0x45, 0xff, 0x00, 0x00, 0x00, 0xff, 0x00, 0x00,
        0x00, 0xff, 0x0a, 0x14, 0x1e, 0x22, 0x88, 0x29, 0x04, 0x00, 0x00, 0x00, 0x04, 0x74, 0x52, 0x4e,
        0x53, 0xff, 0x80, 0x00, 0xff, 0xa1, 0xa1, 0x94, 0x66, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9c, 0x63, 0x90, 0x66, 0x60, 0xd8, 0xd8, 0xc0, 0x00, 0x26, 0x01, 0x0c, 0xa6, 0x02,
        0x99, 0xc3, 0xd2, 0xc5, 0xf3, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60,
        0x82,
    ]
    /// gray8.png (87 bytes)
    static let gray8: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x03, 0x08, 0x00, 0x00, 0x00, 0x00, 0x7a, 0xa8, 0x4a,
        0x19, 0x00, 0x00, 0x00, 0x1e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x50, 0xf5, 0xca,
        0x9f, 0xb2, 0xf3, 0x1e, 0x43, 0x74, 0xc3, 0xd2, 0x53, 0xef, 0x45, 0x2c, 0x19, 0xb6, 0xdd, 0x06,
        0x8b, 0x00, 0x00, 0x70, 0xfc, 0x09, 0x93, 0x56, 0xb6, 0xc9, 0x5a, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]
    /// gray1.png (71 bytes)
    static let gray1: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x09, 0x00, 0x00, 0x00, 0x02, 0x01, 0x00, 0x00, 0x00, 0x00, 0xa2, 0x2d, 0xcb,
        0x7e, 0x00, 0x00, 0x00, 0x0e, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x08, 0x65, 0x60, 0x58,
        0xd5, 0x00, 0x00, 0x03, 0x83, 0x01, 0x80, 0x2c, 0x36, 0xf9, 0x6e, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]
    /// gray_alpha16.png (116 bytes)
    static let grayAlpha16: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x03, 0x10, 0x04, 0x00, 0x00, 0x00, 0x4e, 0x6d, 0xba,
        0x0e, 0x00, 0x00, 0x00, 0x3b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x07,
        0x69, 0xee, 0x1d, 0x0d, 0x66, 0xe2, 0x05, 0x07, 0x02, 0x95, 0x35, 0x18, 0x94, 0x35, 0xfd, 0x14,
        0x92, 0x5d, 0x22, 0x6f, 0x2c, 0x8e, 0x4f, 0x9d, 0xf0, 0xb8, 0xaa, 0xd0, 0x83, 0xc1, 0x2d, 0x68,
        0x8e, 0x43, 0x5b, 0xee, 0xf2, 0x1f, 0xc7, 0x3a, 0x36, 0x6f, 0x60, 0x5b, 0xbc, 0x3f, 0x03, 0x00,
        0x7b, 0x7f, 0x12, 0xde, 0x02, 0x98, 0xa2, 0x14, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
        0xae, 0x42, 0x60, 0x82,
    ]
    /// rgb8.png (150 bytes)
    static let rgb8: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x06, 0x00, 0x00, 0x00, 0x05, 0x08, 0x02, 0x00, 0x00, 0x00, 0xe9, 0x3a, 0x0a,
        0xb1, 0x00, 0x00, 0x00, 0x5d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x15, 0xcb, 0xa1, 0x11, 0x02,
        0x51, 0x0c, 0x45, 0xd1, 0x2b, 0xb0, 0x34, 0xb0, 0x0d, 0x6c, 0x74, 0xe6, 0x37, 0x40, 0x03, 0x3b,
        0x29, 0x22, 0x62, 0x1b, 0x60, 0x26, 0x9a, 0x22, 0xa2, 0x56, 0xa4, 0x17, 0xcc, 0x93, 0x94, 0x04,
        0xc8, 0x23, 0x0e, 0x80, 0x41, 0x40, 0xc1, 0x80, 0x7e, 0xc6, 0x31, 0xbf, 0x87, 0x6f, 0xe5, 0xfb,
        0xf8, 0x92, 0x3f, 0x20, 0xb1, 0xdc, 0x22, 0x57, 0xe5, 0x31, 0x79, 0x2a, 0x5f, 0xd0, 0x58, 0xef,
        0xd1, 0x47, 0xf5, 0x73, 0xfa, 0x52, 0xbf, 0xff, 0xdb, 0xb4, 0x42, 0x67, 0xe9, 0x1a, 0x7d, 0xa4,
        0xdb, 0x17, 0x13, 0xbf, 0x1e, 0x0f, 0x20, 0x2e, 0xd4, 0x75, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]
    /// rgba8_adam7.png (419 bytes)
    static let rgba8Adam7: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x09, 0x08, 0x06, 0x00, 0x00, 0x01, 0x93, 0x63, 0xe6,
        0xbb, 0x00, 0x00, 0x01, 0x6a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x0d, 0x8e, 0xb1, 0x6a, 0xe4,
        0x30, 0x00, 0x44, 0x27, 0x97, 0xcd, 0x66, 0xb3, 0x98, 0x64, 0x59, 0x36, 0xd8, 0xe1, 0xa2, 0x10,
        0x88, 0x8b, 0x25, 0x70, 0xc2, 0x77, 0xc5, 0x71, 0x08, 0xc3, 0x5d, 0xe3, 0xe0, 0xf2, 0x0a, 0x83,
        0x1a, 0x15, 0xfe, 0x00, 0x75, 0x56, 0xa1, 0x0f, 0x70, 0xe5, 0xca, 0xea, 0xdd, 0xb8, 0xdb, 0x4a,
        0xd5, 0x16, 0x2a, 0xb7, 0x57, 0xc0, 0xed, 0x7d, 0x81, 0xd1, 0x67, 0x9c, 0xa7, 0x1b, 0x98, 0x79,
        0x33, 0xc0, 0x22, 0x07, 0xd4, 0x40, 0x40, 0xed, 0xc2, 0x9f, 0x0b, 0x04, 0x90, 0x41, 0x84, 0xd7,
        0x1e, 0x50, 0xc8, 0x84, 0xda, 0xd5, 0x4e, 0x2d, 0x86, 0x02, 0x49, 0x07, 0x94, 0x33, 0xa0, 0x41,
        0xd5, 0xa6, 0xec, 0x54, 0xa2, 0x67, 0x75, 0x3c, 0x81, 0x86, 0x9d, 0xee, 0x42, 0x76, 0x9a, 0xc3,
        0xdf, 0x7f, 0x00, 0x43, 0x42, 0xd9, 0x2a, 0x13, 0x6c, 0x49, 0xb0, 0xa8, 0x76, 0x6c, 0xa7, 0x67,
        0x76, 0x58, 0x60, 0x16, 0x25, 0xb5, 0x51, 0x2d, 0x6c, 0xa2, 0x3b, 0x9b, 0xf6, 0xce, 0x2e, 0x0d,
        0x9b, 0x5f, 0x10, 0x03, 0x51, 0x01, 0xa4, 0x0d, 0x90, 0x8f, 0x40, 0x35, 0x01, 0x12, 0x31, 0xfb,
        0x92, 0x16, 0x6c, 0x9d, 0x37, 0x6c, 0x5b, 0x8d, 0xec, 0x5e, 0x4e, 0x6c, 0xdf, 0x22, 0x56, 0xab,
        0xbc, 0x50, 0x51, 0xd5, 0xa8, 0x83, 0x1c, 0xd5, 0x73, 0x3b, 0xa9, 0x74, 0x40, 0x6c, 0xd7, 0x55,
        0x61, 0xf7, 0xb2, 0xb1, 0x2f, 0xed, 0x68, 0xdf, 0x87, 0xc9, 0xfe, 0x3c, 0x23, 0x0e, 0x1b, 0x59,
        0x84, 0xa4, 0x6d, 0xc2, 0x71, 0x18, 0xc3, 0xaf, 0xf3, 0x14, 0xca, 0x4f, 0x80, 0x20, 0x8a, 0xc9,
        0x55, 0x42, 0xc9, 0xc2, 0x26, 0xd7, 0x99, 0x20, 0xab, 0xbc, 0x21, 0x37, 0x65, 0x47, 0xd6, 0xd5,
        0x48, 0x6e, 0x6b, 0x47, 0x36, 0x72, 0x22, 0x77, 0x7a, 0x26, 0xdb, 0x16, 0xe0, 0x48, 0x63, 0x7e,
        0x9d, 0x51, 0xbe, 0xce, 0x0b, 0x7e, 0x57, 0x0a, 0xbe, 0xec, 0xf2, 0x87, 0xba, 0xe3, 0x7b, 0x39,
        0xf2, 0x47, 0xed, 0x78, 0xd2, 0x4e, 0xfc, 0x6b, 0x3f, 0xf3, 0x97, 0x01, 0x30, 0xc8, 0x63, 0x73,
        0x53, 0x52, 0xb3, 0xad, 0x0a, 0xf3, 0x50, 0x0b, 0x73, 0x90, 0x8d, 0x79, 0xd2, 0x9d, 0x59, 0x3e,
        0x99, 0xb7, 0xde, 0x99, 0xe3, 0x30, 0x99, 0x6f, 0xa7, 0xd9, 0xfc, 0x38, 0x03, 0x1e, 0x55, 0xec,
        0x6f, 0x6b, 0xea, 0xef, 0x65, 0xe1, 0x1f, 0xb5, 0xf0, 0xcf, 0x6d, 0xe3, 0xdf, 0xfa, 0xce, 0xbf,
        0x0f, 0xa3, 0xff, 0x7e, 0x72, 0x7e, 0xf9, 0xeb, 0x7f, 0x5f, 0x66, 0xff, 0xf1, 0xf9, 0x1f, 0xbe,
        0x42, 0x8a, 0xd6, 0x98, 0xe8, 0x3c, 0xbb, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
        0x42, 0x60, 0x82,
    ]
}
