// The vector registers' upper halves after ISA-L (cpng_clear_upper): the shim's deflate and Adler-32 return with
// them clean, and every piece of work Workers hands out starts clean, read from the processor's XINUSE bits
// (XGETBV, ECX = 1). Left in use, they make every later SSE instruction of the thread several times slower: the
// web twin's render ran 2x slower after the main thread had compressed a PNG (docs/performance.md).
//
// Run: swift test -c release -Xswiftc -enable-testing --filter VectorStateTests

import CPNG
import Synchronization
import SystemISAL
import Testing

@testable import Raster

@Suite struct VectorStateTests {
    /// Whether this processor reports XINUSE (no x86-64 processor without it, or another architecture).
    static let reports = cpng_upper_in_use() >= 0
    static let noReport: Comment = "the processor does not report which vector state is in use"

    /// ISA-L's own Adler-32 over 64 KiB: its AVX2 kernel where the processor has AVX2, which returns without
    /// vzeroupper. Whether it left the upper halves in use (where it did not, the tests below hold trivially).
    static func dirtyThroughISAL() -> Bool {
        let bytes = [UInt8](repeating: 7, count: 65536)
        _ = bytes.withUnsafeBufferPointer { isal_adler32(1, $0.baseAddress, UInt64($0.count)) }
        return cpng_upper_in_use() == 1
    }

    @Test(.enabled(if: reports, noReport)) func theShimsDeflateAndChecksumReturnClean() throws {
        let dirty = Self.dirtyThroughISAL()
        cpng_clear_upper()
        #expect(cpng_upper_in_use() == 0)
        let rows = PNGBandTests.scanlines(width: PNGBandTests.width, height: PNGBandTests.height, seed: 31,
                                          noisyRows: [0, 5, 17, 40])
        let png = try PNGBandTests.encode(rows, options: .frames)  // igzip and ISA-L's Adler-32, this thread
        #expect(cpng_upper_in_use() == 0, "after a PNG through igzip (ISA-L left the state in use: \(dirty))")
        #expect(!png.isEmpty)
    }

    @Test(.enabled(if: reports, noReport)) func everyPieceOfWorkStartsClean() {
        let dirty = Self.dirtyThroughISAL()
        let inUse = Mutex([Int32](repeating: -2, count: 16))
        // The calling thread takes pieces too; its state is the one left dirty.
        Workers(2).forEach(16) { i in
            let state = cpng_upper_in_use()
            inUse.withLock { $0[i] = state }
        }
        #expect(inUse.withLock { $0 } == [Int32](repeating: 0, count: 16),
                "ISA-L left the calling thread's state in use: \(dirty)")
    }
}
