import Raster

/// The pixels of a frame over a few rectangles, as raw 8-bit RGBA, and where each goes in the frame. The body is
/// the rectangles' rows one after the other (each rectangle `width x height x 4` bytes, in the order the header
/// lists them), so the page copies them onto its canvas as they are (`putImageData`): no image to encode on the
/// server or to decode in the page. The page puts each rectangle in its place over a frame of the same index and
/// switches (`PreviewSession.patch`); the samples are those of the whole frame's PNG there
/// (`Framebuffer.rgba8(dither:within:)`), so the composite is the renderer's frame byte for byte.
///
/// Why raw: a tilt's patch of the showcase at scale 3 is 340,000 pixels (1.36 MB). Compressing it and decoding
/// it took more of the two cores than the bytes take to cross the loopback (docs/performance.md, "The preview at
/// the device's resolution").
public struct FramePatch: Sendable {
    /// The rectangles' RGBA rows, one rectangle after the other.
    public let bytes: [UInt8]
    /// Each rectangle's place in the frame, in the order of `bytes`.
    public let rects: [PixelRect]

    /// The patch of `frame` over `covered` (clipped to the frame; overlapping or touching ones merged into
    /// their bounding box), quantized as the frame's PNG is, with or without `dither`.
    init(_ frame: Framebuffer, covered: [PixelRect], dither: Bool, workers: Workers) {
        rects = Self.merged(covered, within: PixelRect(frame))
        var bytes = [UInt8](repeating: 0, count: rects.reduce(0) { $0 + $1.width * $1.height * 4 })
        var offset = 0
        for r in rects {
            frame.rgba8(dither: dither, within: r, into: &bytes, offset: offset, workers: workers)
            offset += r.width * r.height * 4
        }
        self.bytes = bytes
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

    /// The rectangles as the `X-Forkrender-Patch` header gives them: `x,y,width,height`, `;` between them, in
    /// the order of their bytes.
    public var header: String { rects.map { "\($0)" }.joined(separator: ";") }
}
