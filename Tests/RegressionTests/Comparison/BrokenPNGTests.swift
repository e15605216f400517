import Foundation
import Testing
import Raster
@testable import Regression

/// Fifty-odd broken PNGs generated from one valid image: truncations, flipped bytes, IHDR fields rewritten
/// with a correct CRC (huge, zero and 2^32 - 1 sizes, impossible depth and color combinations), lying chunk
/// lengths and a missing IEND. Each must be refused with an `ImageError` or decode to a consistent image;
/// none may trap or allocate for a size over the cap (the cap is checked from IHDR before libpng runs).
@Suite struct BrokenPNGTests {
    static let valid: [UInt8] = {
        var px: [UInt8] = []
        for i in 0..<(7 * 5) { px += [UInt8(i * 7 % 256), UInt8(i * 13 % 256), 200, 255] }
        return try! PNG.encode(rgba8: px, width: 7, height: 5)
    }()

    /// CRC-32 (ISO 3309, as PNG uses), computed bit by bit: independent of zlib's table-driven one.
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }

    /// The valid image with IHDR's 13 data bytes replaced and its CRC recomputed.
    static func withHeader(width: UInt32, height: UInt32, depth: UInt8 = 8, color: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
        var b = valid
        let data = be32(width) + be32(height) + [depth, color, 0, 0, interlace]
        b.replaceSubrange(16..<29, with: data)
        b.replaceSubrange(29..<33, with: be32(crc(b[12..<29])))
        return b
    }

    static let cases: [(String, [UInt8])] = {
        var out: [(String, [UInt8])] = [("empty", [])]
        for n in [1, 7, 8, 12, 16, 20, 24, 28, 33, 40, 50, valid.count / 2, valid.count - 12, valid.count - 1] {
            out.append(("truncated at \(n)", Array(valid.prefix(n))))
        }
        for i in stride(from: 0, to: valid.count, by: max(1, valid.count / 14)) {
            var b = valid
            b[i] ^= 0x5A
            out.append(("byte \(i) flipped", b))
        }
        for (w, h) in [(16384, 16384), (0xFFFF_FFFF, 0xFFFF_FFFF), (0x7FFF_FFFF, 1), (1, 0x7FFF_FFFF), (0, 5), (7, 0), (65536, 65536), (8001, 8000)] as [(UInt32, UInt32)] {
            out.append(("IHDR \(w) x \(h)", withHeader(width: w, height: h)))
        }
        for (d, c) in [(1, 6), (3, 2), (16, 3), (0, 0), (7, 0), (8, 1), (8, 5), (255, 255), (1, 0), (16, 4)] as [(UInt8, UInt8)] {
            out.append(("depth \(d) color \(c)", withHeader(width: 7, height: 5, depth: d, color: c)))
        }
        out.append(("interlace 2", withHeader(width: 7, height: 5, interlace: 2)))
        out.append(("interlaced with non-interlaced data", withHeader(width: 7, height: 5, interlace: 1)))
        var lying = valid
        lying.replaceSubrange(33..<37, with: be32(0xFFFF_FFF0))  // the first chunk after IHDR claims 4 GB
        out.append(("chunk length 4 GB", lying))
        out.append(("tEXt chunk length 1.5 GB", textChunkClaiming(1_523_384_320)))
        out.append(("no IEND", Array(valid.dropLast(12))))
        out.append(("two signatures", Array(valid.prefix(8)) + valid))
        out.append(("garbage", (0..<300).map { UInt8($0 * 37 % 251) }))
        return out
    }()

    /// The valid image's signature and IHDR, then a tEXt chunk whose length field claims `length` bytes, followed
    /// by 10 bytes only (FuzzPNG's input: 143 bytes made libpng allocate and zero 1.5 GB before reading).
    static func textChunkClaiming(_ length: UInt32) -> [UInt8] {
        Array(valid.prefix(33)) + be32(length) + Array("tEXt".utf8) + Array("date:2026-".utf8)
    }

    /// An ancillary chunk over libpng's 8,000,000-byte chunk limit is refused when its header is read, before
    /// libpng allocates its declared length (libpng 1.6 only warns and goes on: cpng.c's on_warning). Measured
    /// without the fix: 1.5 GB allocated and zeroed, about 0.5 s here (over 10 s under AddressSanitizer).
    @Test func ancillaryChunkOverTheLimitIsRefusedBeforeAllocating() {
        for length in [8_000_001, 200_000_000, 1_523_384_320] as [UInt32] {
            let start = CPUClock.thread
            do {
                _ = try RGBAImage.decode(Self.textChunkClaiming(length), maxPixels: 4_000_000)
                Issue.record("a tEXt chunk of \(length) bytes was accepted")
            } catch {
                #expect(error.message.contains("a chunk declares more than 8,000,000 bytes of data"), "\(error.message)")
            }
            #expect((CPUClock.thread - start) < 0.25, "\(length): \((CPUClock.thread - start)) s")
        }
        // Just under the limit it is an ordinary truncation (libpng allocates 8 MB at most).
        do {
            _ = try RGBAImage.decode(Self.textChunkClaiming(7_999_999), maxPixels: 4_000_000)
            Issue.record("a truncated tEXt chunk was accepted")
        } catch {
            #expect(error.message.contains("truncated"), "\(error.message)")
        }
    }

    @Test func thereAreAtLeastFiftyCases() { #expect(Self.cases.count >= 50) }

    @Test(arguments: cases.indices)
    func refusedOrConsistent(i: Int) {
        let (name, bytes) = Self.cases[i]
        do {
            let image = try RGBAImage.decode(bytes, maxPixels: 4_000_000)
            #expect(image.pixels.count == image.width * image.height * 4, "\(name)")
            #expect(image.width * image.height <= 4_000_000, "\(name)")
        } catch {
            #expect(!error.message.isEmpty, "\(name)")
        }
    }

    /// Sizes over the cap are refused from the header, before libpng allocates: by message, and in time.
    @Test func oversizedHeadersAreRefusedBeforeDecoding() throws {
        for (w, h) in [(16384, 16384), (0xFFFF_FFFF, 0xFFFF_FFFF), (8001, 8000)] as [(UInt32, UInt32)] {
            do {
                _ = try RGBAImage.decode(Self.withHeader(width: w, height: h), maxPixels: 64_000_000)
                Issue.record("\(w) x \(h) was accepted")
            } catch {
                #expect(error.message.contains("\(w) x \(h) pixels, over the limit of 64.0 megapixels"), "\(error.message)")
            }
        }
    }
}
