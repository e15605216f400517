import Dots
import Raster

/// The backdrop as the plane draws it, kept between frames: the document's image resampled to its placement
/// (`ImageResample`), faded by its opacity and composited over the plane's background, for the part of the
/// placement a frame needs (the canvas's share of a still image, the whole placed image of a scrolled one).
///
/// A pure function of the document and the part, so a kept one and a fresh one have the same bits; a still
/// image is made on frame 0 and copied from here after, where a frame redraws the plane (the plane's record
/// says where: `PlaneSpriteRecord`).
struct BackdropCache: Sendable {
    static let descriptor = KeptStoreDescriptor(
        "BackdropCache", place: "Scene/Compositing, in the session's `FrameState`",
        holds: "the backdrop image resampled to its placement, faded by its opacity and composited over the plane's background, in the blend space",
        key: "the part of the placement it holds (the image, fit, opacity and background are the session document's)",
        dropped: "replaced when the part changes; with the session",
        bound: "the placed part: 16 B per pixel of it, counted as the estimate's backdrop")

    struct Kept: KeptValue {
        var part: PixelRect?
        var pixels: Framebuffer?
        mutating func dropKept() { (part, pixels) = (nil, nil) }
    }

    let store: KeptStore<Kept>

    init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    /// The plane's backdrop for a frame at time `t` of `document` (nil when it has none): the placed pixels
    /// (kept, or made and kept) at the frame's scroll offset.
    func backdrop(_ document: SceneDocument, time t: Double) -> PlaneBackdrop? {
        guard let spec = document.plane.backdrop else { return nil }
        let canvas = PixelRect(x: 0, y: 0, width: document.canvas.pixelWidth, height: document.canvas.pixelHeight)
        let offset = spec.offset(at: t, scale: document.canvas.scale)
        // A still image needs only what lies on the canvas; a scrolled one all of it.
        let whole = PixelRect(x: 0, y: 0, width: spec.placement.width, height: spec.placement.height)
        let onCanvas = spec.placement.intersection(canvas)
        let part = spec.scrolls ? whole
            : PixelRect(x: onCanvas.x - spec.placement.x, y: onCanvas.y - spec.placement.y, width: onCanvas.width, height: onCanvas.height)
        guard !part.isEmpty else { return nil }
        let pixels: Framebuffer
        if let hit = store.access({ $0.part == part ? $0.pixels : nil }) {
            pixels = hit
        } else {
            pixels = Self.placed(spec, part: part, background: document.blending.premultiply(document.plane.configuration.background))
            store.access { $0 = Kept(part: part, pixels: pixels) }
        }
        return PlaneBackdrop(pixels: pixels, x: spec.placement.x + part.x + offset.x,
                             y: spec.placement.y + part.y + offset.y, key: 1)
    }

    /// `part` of the placed image (in placement pixels), each pixel the resampled image's at the backdrop's
    /// opacity, source-over the background.
    static func placed(_ spec: BackdropSpec, part: PixelRect, background: SIMD4<Float>) -> Framebuffer {
        var px = ImageResample(width: spec.placement.width, height: spec.placement.height).apply(spec.image, region: part)
        let opacity = spec.opacity
        px.withUnsafeMutablePixels { p in
            for i in p.indices { p[i] = sourceOver(background, p[i] * opacity) }
        }
        return px
    }
}
