import Raster

/// The frosted surface every non-liquid tier is made of, as one image operation:
///
///     plane --blur(sigma, backdrop, mirrored)--> saturate(s) --> fills (source-over, in order)
///           --> glow halo (the surface's, x the fills' translucency) --> highlight (web) --> border
///           --> clip to the shape, anti-aliased
///
/// Units: sigma and widths in pixels. Colors are straight sRGB, premultiplied into the frame's blend space
/// once per surface. Output: inside the shape the frame pixel becomes the glass pixel; at the anti-aliased
/// edge it is blended by coverage with what the frame held. Deterministic for any worker count (rows are
/// split; each pixel is computed by one piece).
///
/// Contract (every glass look's): read `plane` only (never `frame`, except to blend at the anti-aliased edge),
/// write only pixels the surface's shape covers, and give the same bytes for any worker count.
public struct Frost: Sendable {
    public var blur: GaussianBlur
    public var backdrop: BackdropExtent
    public var saturation: Saturation
    /// Straight colors laid over the blurred backdrop in order (material overlay, then tint).
    public var fills: [Color]
    public var highlight: Highlight?
    public var border: Border?

    public init(blur: GaussianBlur, backdrop: BackdropExtent = .plane, saturation: Saturation = .identity,
                fills: [Color] = [], highlight: Highlight? = nil, border: Border? = nil) {
        self.blur = blur
        self.backdrop = backdrop
        self.saturation = saturation
        self.fills = fills
        self.highlight = highlight
        self.border = border
    }

    /// The pixels a drawing of `surface` covers, within `canvas`: the shape's bounds plus a pixel, within the
    /// backdrop. It reads the glow halo only there and writes only there (where coverage > 0).
    public func drawnPixels(_ surface: GlassSurface, canvas: PixelRect) -> PixelRect {
        PixelRect(covering: surface.shape.bounds.insetBy(-1), clippedTo: backdropPixels(surface, canvas: canvas))
    }

    /// What the blur reads (mirrored at its edges): the whole plane, or the surface's box (`BackdropExtent`).
    func backdropPixels(_ surface: GlassSurface, canvas: PixelRect) -> PixelRect {
        backdrop == .plane ? canvas : PixelRect(covering: surface.box, clippedTo: canvas)
    }

    public func apply(_ surface: GlassSurface, plane: Framebuffer, into frame: inout Framebuffer, workers: Workers) {
        let canvas = PixelRect(plane)
        let shape = surface.shape
        let back = backdropPixels(surface, canvas: canvas)
        let region = drawnPixels(surface, canvas: canvas)
        guard !region.isEmpty else { return }
        // sigma 0 gives back the plane's pixels of the region.
        let backdropPixels = blur.apply(plane, region: region, backdrop: back, workers: workers)

        let space = frame.space
        let fills = self.fills.map { space.premultiply($0) }
        let borderColor = border.map { space.premultiply($0.color) } ?? .zero
        let white = space.premultiply(Color(red: 1, green: 1, blue: 1))
        let saturation = self.saturation, highlight = self.highlight, border = self.border
        // What the fills let through, the share of the halo's light that reaches the eye (0 for opaque).
        let translucency = self.fills.reduce(Float(1)) { $0 * (1 - $1.alpha) }
        let halo = translucency > 0 ? surface.halo : nil
        // A halo computed for part of the plane (GlowHalo's `reading`) must hold every pixel drawn here.
        if let halo { precondition(halo.isExact(over: region), "the glow halo does not cover the surface at \(region)") }
        let w = region.width, stride = frame.width
        frame.withUnsafeMutablePixels { out in
            backdropPixels.withUnsafeBufferPointer { src in
                workers.forEachBand(region.height) { band in
                    for j in band {
                        let y = region.y + j, cy = Float(y) + 0.5
                        let shine = highlight.map { white * $0.alpha(atY: cy, box: shape.box) } ?? .zero
                        for i in 0..<w {
                            let x = region.x + i
                            let d = shape.signedDistance(Point(Float(x) + 0.5, cy))
                            let cov = coverage(distance: d)
                            if cov <= 0 { continue }
                            var v = saturation.apply(src[j * w + i])
                            for f in fills { v = sourceOver(v, f) }
                            if let halo { v = GlowHalo.add(halo.light(at: Point(Float(x) + 0.5, cy), translucency: translucency), to: v) }
                            if let h = highlight {
                                let inner = coverage(distance: d + h.inset)
                                if inner > 0 { v = sourceOver(v, shine * (inner / cov)) }
                            }
                            if let b = border {
                                let f = b.fraction(distance: d, coverage: cov)
                                if f > 0 { v = sourceOver(v, borderColor * f) }
                            }
                            let k = y * stride + x
                            out[k] = cov >= 1 ? v : out[k] * (1 - cov) + v * cov
                        }
                    }
                }
            }
        }
    }
}
