import Raster

/// The pixels of a frame over a few rectangles, as one PNG, and where each goes in the frame. The rectangles are
/// packed into the image on shelves (the tallest first, each shelf as tall as its first, as wide as the widest
/// rectangle; the rest transparent black), so the page decodes little more than the pixels it draws. The page
/// copies each rectangle of the image to its place over a frame of the same index and switches
/// (`PreviewSession.patch`); the samples are those of the whole frame's PNG there
/// (`Framebuffer.rgba8(dither:within:)`), so the composite is the renderer's frame byte for byte.
public struct FramePatch: Sendable {
    public let png: [UInt8]
    /// Each rectangle's place in the frame and its top-left corner in the image.
    public let places: [(rect: PixelRect, x: Int, y: Int)]

    /// The patch of `frame` over `covered` (clipped to the frame; overlapping or touching ones merged into
    /// their bounding box), quantized as the frame's PNG is, with or without `dither`.
    init(_ frame: Framebuffer, covered: [PixelRect], dither: Bool, workers: Workers) throws(PNGError) {
        let (places, width, height) = Self.packed(Self.merged(covered, within: PixelRect(frame)))
        self.places = places
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for p in places {
            frame.rgba8(dither: dither, within: p.rect, into: &bytes, offset: (p.y * width + p.x) * 4, stride: width * 4,
                        workers: workers)
        }
        let rows = PNGRowFilter.up.scanlines(rgba8: bytes, width: width, workers: workers)
        png = try rows.withUnsafeBufferPointer { rows throws(PNGError) in
            try PNG.encode(scanlines: rows, width: width, height: height, bitDepth: 8, options: .frames)
        }
    }

    /// Shelf packing: the rectangles by height, tallest first, each on the first shelf with room left, or on a
    /// new one below. The image is as wide as the widest rectangle (1 x 1 when there are none).
    static func packed(_ rects: [PixelRect]) -> (places: [(rect: PixelRect, x: Int, y: Int)], width: Int, height: Int) {
        let width = max(1, rects.map(\.width).max() ?? 1)
        var shelves: [(y: Int, height: Int, used: Int)] = []
        var places: [(rect: PixelRect, x: Int, y: Int)] = []
        for r in rects.sorted(by: { ($0.height, $0.width) > ($1.height, $1.width) }) {
            if let k = shelves.firstIndex(where: { width - $0.used >= r.width }) {
                places.append((r, shelves[k].used, shelves[k].y))
                shelves[k].used += r.width
            } else {
                let y = shelves.last.map { $0.y + $0.height } ?? 0
                shelves.append((y, r.height, r.width))
                places.append((r, 0, y))
            }
        }
        return (places, width, max(1, shelves.last.map { $0.y + $0.height } ?? 1))
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

    /// The places as the `X-Forkrender-Patch` header gives them: `x,y,width,height,imageX,imageY` (the rectangle
    /// in the frame, then its corner in the image), `;` between them.
    public var header: String { places.map { "\($0.rect),\($0.x),\($0.y)" }.joined(separator: ";") }
}
