import Dispatch
import Foundation
import Raster
import SceneFormat
import Compose
import Output

/// The encoding benchmark of `forkrender bench`: one frame of the scene (the showcase's frame 60, 1170 x 2532) quantized, filtered and
/// compressed, each step timed against a memory-bound peer in the same run, on one thread, best of `repeats`
/// interleaved runs (a load elsewhere on a shared machine then hits every row alike).
public enum EncodeBenchmark {
    public struct Figures: Sendable {
        /// Milliseconds: one read of the float frame plus one write of the 8-bit samples (the memory-speed bound).
        public var readWrite = Double.infinity
        /// Milliseconds: a memory copy of the float frame.
        public var copy = Double.infinity
        /// Milliseconds: quantize to 8-bit samples with the dither (`rgba8`).
        public var quantize = Double.infinity
        /// Milliseconds: quantize and filter into PNG scanlines in one pass (`pngScanlines`, filter up).
        public var scanlines = Double.infinity
        /// Milliseconds: compress scanlines and frame the PNG (`PNG.encode(scanlines:)`) with the frames'
        /// settings (igzip).
        public var deflate = Double.infinity
        /// Milliseconds: the same with zlib at the zlib default (level 1, `Z_RLE`), what igzip replaced.
        public var zlibDeflate = Double.infinity
        /// Milliseconds: the whole encode of a frame band by band, cold (`PNG.encode(_:depth:...)`, no cache):
        /// quantize, filter, compress and frame, what an encoder does for a frame none of whose bands repeat.
        public var bandByBand = Double.infinity
        /// Milliseconds: libpng alone encoding the same 8-bit samples with zlib at forkrender's zlib default
        /// (level 1, filter up, `Z_RLE`; `PNGEncodeOptions.default`): the peer.
        public var libpng = Double.infinity
        public var pngBytes = 0
        public var zlibBytes = 0
        public var bandBytes = 0
        public var libpngBytes = 0
    }

    /// Frame `index` of `document` (at most its last), the frame every encoding figure is measured on: for the
    /// showcase at device scale, frame 60.
    public static func frame(of document: SceneDocument, index: Int = 60) -> Framebuffer {
        var compositor = Compositor(document: document, workers: .allCores)
        return compositor.render(frame: min(index, document.frameCount - 1))
    }

    public static func measure(_ frame: Framebuffer, repeats: Int = 7) -> Figures {
        var f = Figures()
        let settings = EncodeSettings()
        var scanlines: [UInt8] = []
        var samples: [UInt8] = []
        var copy = frame
        copy.fill(.zero)  // a separate, faulted-in destination
        var bytes = [UInt8](repeating: 0, count: frame.pixelCount * 4)
        for _ in 0..<max(1, repeats) {
            f.readWrite = min(f.readWrite, time {
                var acc = SIMD4<Float>.zero
                frame.withUnsafePixels { p in for v in p { acc += v } }
                bytes.withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(truncatingIfNeeded: Int(acc.w) & 1)) }
            })
            f.copy = min(f.copy, time { copy.copyPixels(from: frame) })
            f.quantize = min(f.quantize, time { samples = frame.rgba8(dither: true) })
            f.scanlines = min(f.scanlines, time {
                frame.pngScanlines(depth: 8, dither: true, filter: .up, into: &scanlines)
            })
            f.deflate = min(f.deflate, time {
                f.pngBytes = (try? scanlines.withUnsafeBufferPointer { rows throws(PNGError) in
                    try PNG.encode(scanlines: rows, width: frame.width, height: frame.height, bitDepth: 8,
                                   options: settings.png)
                })?.count ?? 0
            })
            f.zlibDeflate = min(f.zlibDeflate, time {
                f.zlibBytes = (try? scanlines.withUnsafeBufferPointer { rows throws(PNGError) in
                    try PNG.encode(scanlines: rows, width: frame.width, height: frame.height, bitDepth: 8,
                                   options: .default)
                })?.count ?? 0
            })
            f.bandByBand = min(f.bandByBand, time {
                var quantizing = 0.0
                f.bandBytes = (try? PNG.encode(frame, depth: 8, dither: true, filter: .up, options: settings.png,
                                               quantizeSeconds: &quantizing))?.count ?? 0
            })
            f.libpng = min(f.libpng, time {
                f.libpngBytes = (try? PNG.encode(rgba8: samples, width: frame.width, height: frame.height,
                                                 options: .default))?.count ?? 0
            })
        }
        return f
    }

    /// Milliseconds `body` takes.
    static func time(_ body: () -> Void) -> Double {
        let t0 = DispatchTime.now()
        body()
        return t0.secondsSince * 1000
    }

    /// The report on `frame`, frame `index` of the scene called `name`.
    public static func report(frame: Framebuffer, name: String, index: Int, repeats: Int = 7) -> String {
        let f = measure(frame, repeats: repeats)
        func row(_ name: String, _ ms: Double, _ peer: Double, _ peerName: String) -> String {
            name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + String(format: "%7.2f ms  x%.2f of %@", ms, ms / peer, peerName)
        }
        return [
            "encode: \(name) frame \(index), \(frame.width)x\(frame.height), 1 thread, best of \(repeats)",
            row("read float frame + write bytes", f.readWrite, f.readWrite, "itself"),
            row("copy float frame (memcpy)", f.copy, f.readWrite, "read+write"),
            row("quantize (rgba8, dither)", f.quantize, f.readWrite, "read+write"),
            row("quantize + up filter (scanlines)", f.scanlines, f.readWrite, "read+write"),
            row("igzip + libpng chunks", f.deflate, f.libpng, "libpng alone"),
            row("zlib + libpng chunks (Z_RLE)", f.zlibDeflate, f.libpng, "libpng alone"),
            row("quantize + filter + igzip, by band", f.bandByBand, f.libpng, "libpng alone"),
            row("  the same in two steps (above)", f.scanlines + f.deflate, f.libpng, "libpng alone"),
            row("libpng alone (same 8-bit frame)", f.libpng, f.libpng, "itself"),
            String(format: "  bytes: %d (igzip, scanlines path), %d (igzip, band by band), %d (zlib), %d (libpng alone)",
                   f.pngBytes, f.bandBytes, f.zlibBytes, f.libpngBytes),
        ].joined(separator: "\n")
    }
}
