// The frames' deflate (igzip, PNGEncodeOptions.frames) on real frames: a frame's PNG is a function of its
// scanlines alone, whichever thread compresses them and wherever they lie in memory.
//
// Run: swift test -c release -Xswiftc -enable-testing --filter IgzipFrameBytesTests

import Dispatch
import Foundation
import Synchronization
import Testing

import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

@Suite struct IgzipFrameBytesTests {
    /// Two showcase frames at device scale (the glass panels' dithered gradients over the dots), each encoded
    /// once on this thread and then on four threads from copies of its scanlines at 24 other addresses: the
    /// same bytes every time. A guard, not a proof: igzip's level 1, tried first, whose matches depended on
    /// where its data and stream lay (docs/performance.md, "Deflate with ISA-L"), failed it in 1 of 3 runs
    /// (12 of 48 encodings); five frames at 40 addresses took 7 s and failed it in none of 4 runs.
    @Test func aFramesBytesDependOnItsScanlinesAlone() throws {
        let doc = try SceneDecoder(scale: 3).decode(text: Showcase.json)
        var compositor = Compositor(document: doc, workers: .allCores)
        for frame in [52, 56] {
            let fb = compositor.render(frame: frame)
            var rows: [UInt8] = []
            fb.pngScanlines(depth: 8, dither: true, filter: .up, into: &rows)
            let (w, h) = (fb.width, fb.height)
            let expected = try rows.withUnsafeBufferPointer {
                try PNG.encode(scanlines: $0, width: w, height: h, bitDepth: 8, options: .frames)
            }
            let scanlines = rows
            let mismatches = Mutex(0)
            DispatchQueue.concurrentPerform(iterations: 4) { t in
                let stride = scanlines.count + 4096 + 64
                let copies = UnsafeMutableRawBufferPointer.allocate(byteCount: 6 * stride + 6 * 4 * 64, alignment: 4096)
                defer { copies.deallocate() }
                for k in 0..<6 {
                    let at = copies.baseAddress!.advanced(by: k * stride + (t * 6 + k) * 64).assumingMemoryBound(to: UInt8.self)
                    scanlines.withUnsafeBufferPointer { at.update(from: $0.baseAddress!, count: $0.count) }
                    let png = try? PNG.encode(scanlines: UnsafeBufferPointer(start: at, count: scanlines.count), width: w,
                                              height: h, bitDepth: 8, options: .frames)
                    if png != expected { mismatches.withLock { $0 += 1 } }
                }
            }
            #expect(mismatches.withLock { $0 } == 0, "frame \(frame)")
        }
    }
}
