import CPNG
import Raster
import Testing

/// The Adler-32 behind the band encoder (`cpng_adler32`: ISA-L's) against the checksum's definition
/// (RFC 1950 section 8.2), one byte at a time.
@Suite struct Adler32Tests {
    static func definition(_ bytes: [UInt8], from adler: UInt32 = 1) -> UInt32 {
        var s1 = adler & 0xFFFF, s2 = adler >> 16
        for b in bytes {
            s1 = (s1 + UInt32(b)) % 65521
            s2 = (s2 + s1) % 65521
        }
        return s2 << 16 | s1
    }

    static func kernel(_ bytes: [UInt8], from adler: UInt32 = 1) -> UInt32 {
        bytes.withUnsafeBufferPointer { cpng_adler32(adler, $0.baseAddress, $0.count) }
    }

    /// Lengths around vector blocks and the reductions modulo 65521 (every 5552 bytes in zlib's form), random
    /// bytes and all-255 bytes (the largest sums, where an overflowing lane would show), from the start and
    /// continuing a checksum.
    @Test(arguments: [0, 1, 15, 16, 17, 31, 5551, 5552, 5553, 347 * 16 - 1, 347 * 16, 347 * 16 + 1, 100_003, 1 << 20])
    func equalsTheDefinition(length: Int) {
        var rng = SplitMix(seed: UInt64(length) + 3)
        let random = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let full = [UInt8](repeating: 255, count: length)
        for bytes in [random, full] {
            #expect(Self.kernel(bytes) == Self.definition(bytes))
            #expect(Self.kernel(bytes, from: 0xFFF0_FFF0) == Self.definition(bytes, from: 0xFFF0_FFF0))
        }
    }
}
