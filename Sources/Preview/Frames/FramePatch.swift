import Raster

/// The pixels of a frame over a few rectangles, as one PNG: the rectangles stacked top to bottom at the image's
/// left edge (the image as wide as the widest, the rest of a narrower one's rows transparent black), and where
/// each goes in the frame. The page draws each band of the image at its place over a frame of the same index and
/// switches (`PreviewSession.patch`); the samples are those of the whole frame's PNG there
/// (`Framebuffer.rgba8(dither:within:)`), so the composite is the renderer's frame byte for byte.
public struct FramePatch: Sendable {
    public let png: [UInt8]
    /// Where each band of the image goes, in frame pixels, in the image's order from the top.
    public let rects: [PixelRect]

    /// The patch of `frame` over `covered` (clipped to the frame; overlapping or touching ones merged into
    /// their bounding box), quantized as the frame's PNG is, with or without `dither`.
    init(_ frame: Framebuffer, covered: [PixelRect], dither: Bool, workers: Workers) throws(PNGError) {
        rects = Self.merged(covered, within: PixelRect(frame))
        let width = max(1, rects.map(\.width).max() ?? 1), height = max(1, rects.reduce(0) { $0 + $1.height })
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        var top = 0
        for r in rects {
            frame.rgba8(dither: dither, within: r, into: &bytes, offset: top * width * 4, stride: width * 4, workers: workers)
            top += r.height
        }
        png = try Self.scanlinesUp(bytes, width: width, height: height).withUnsafeBufferPointer { rows throws(PNGError) in
            try PNG.encode(scanlines: rows, width: width, height: height, bitDepth: 8, options: .frames)
        }
    }

    /// PNG scanlines of 8-bit RGBA `samples` filtered by `up` (the frames' filter, which igzip compresses
    /// band by band): each row's filter byte 2, then each sample minus the one above it, modulo 256.
    static func scanlinesUp(_ samples: [UInt8], width: Int, height: Int) -> [UInt8] {
        let row = width * 4, line = row + 1
        var out = [UInt8](repeating: 0, count: height * line)
        for y in 0..<height {
            out[y * line] = PNGRowFilter.up.rawValue
            let here = y * row, above = here - row, to = y * line + 1
            if y == 0 {
                for i in 0..<row { out[to + i] = samples[here + i] }
            } else {
                for i in 0..<row { out[to + i] = samples[here + i] &- samples[above + i] }
            }
        }
        return out
    }

    /// `rects` clipped to `bounds`, empty ones dropped, and any two that overlap or touch replaced by their
    /// bounding box until none do; in order of their top edge.
    static func merged(_ rects: [PixelRect], within bounds: PixelRect) -> [PixelRect] {
        func holdsPixels(_ r: PixelRect) -> Bool { r.width > 0 && r.height > 0 }
        var out = rects.map { $0.intersection(bounds) }.filter(holdsPixels)
        var joined = true
        while joined {
            joined = false
            search: for i in out.indices {
                for j in out.indices where j > i && holdsPixels(out[i].expanded(by: 1).intersection(out[j])) {
                    out[i] = out[i].union(out[j])
                    out.remove(at: j)
                    joined = true
                    break search
                }
            }
        }
        return out.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// The rectangles as the `X-Forkrender-Patch` header gives them: `x,y,width,height`, `;` between them.
    public var header: String { rects.map(\.description).joined(separator: ";") }
}
