import Dots
import Glass
import Raster
import SceneFormat

/// Liquid Glass over a transparent canvas, by difference matting.
///
/// Liquid Glass is nearly affine in the plane it samples: out = M + L(plane), L linear (the lens's refraction,
/// the blur, the saturation, the veil's mix). A plane of premultiplied colour P and coverage a over an unknown
/// constant background B is P + B (1 - a), so the glass over it shows M + L(P) + B L(1 - a): a premultiplied
/// colour K = M + L(P) and a transmission L(1 - a) of whatever lies behind the frame. Drawn once over the plane
/// composited on black (giving K) and once on white (giving K + L(1 - a)), the drawing's pixel is colour K and
/// alpha 1 - (white - black). The transmission is one number per pixel, so the three channels' differences
/// are folded by their Rec. 709 luma weights: exact for neutral glass (the channels agree), and for tinted glass
/// the alpha whose composite over a grey background has the right luma (the max channel would make a
/// tinted bar too clear over every background). The alpha is clamped to [0, 1] and the colour to [0, alpha], so
/// the pixel stays a premultiplied one (what a straight-alpha PNG can hold anyway).
///
/// Only the liquid drawings' written regions change: the frame there is composited on black and on white into
/// two scratch frames, the drawing draws into each with its plane, and a pixel that neither draw changed keeps
/// the frame's own bytes (the glass wrote nothing there). The styling is the same in both (`LiquidStyling`: over
/// a transparent canvas, decided over the appearance's background), so the two draws differ only by the plane.
///
/// The four buffers are the session's (`LiquidMatteCache`), reused from frame to frame: the composites are made
/// again only in the rows where the plane changed since the plane they hold (`plane`), and each draw keeps its
/// lens window and halo cells over its own composite, as an opaque canvas keeps its one's. A composite pixel is
/// a function of the plane pixel under it alone, so a kept composite brought up to date holds the bits of a new one.
struct LiquidMatte {
    /// The plane composited over opaque black and over opaque white.
    private(set) var black: Framebuffer, white: Framebuffer
    /// The frame composited over black and over white in a drawing's regions, drawn into by that drawing.
    var overBlack: Framebuffer, overWhite: Framebuffer
    /// The plane the composites hold everywhere; an empty record when they hold none.
    private(set) var plane = PlaneSpriteRecord()

    /// Buffers for a canvas of this size and space, holding no plane yet.
    init(width: Int, height: Int, space: BlendSpace) {
        (black, white) = (.unfilled(width: width, height: height, space: space), .unfilled(width: width, height: height, space: space))
        (overBlack, overWhite) = (.unfilled(width: width, height: height, space: space), .unfilled(width: width, height: height, space: space))
    }

    /// Whether these buffers are for `plane`'s canvas.
    func fits(_ plane: Framebuffer) -> Bool {
        black.width == plane.width && black.height == plane.height && black.space == plane.space
    }

    /// A premultiplied pixel over an opaque grey `b` (0 black, 1 white): the same expression wherever it is
    /// compared bit for bit.
    @inline(__always)
    static func over(_ p: SIMD4<Float>, _ b: Float) -> SIMD4<Float> {
        SIMD4(p.x + b * (1 - p.w), p.y + b * (1 - p.w), p.z + b * (1 - p.w), 1)
    }

    /// The plane composited over `grey` (0 or 1).
    func composite(over grey: Float) -> Framebuffer { grey == 0 ? black : white }

    /// Makes the composites hold `plane` (which `record` describes) over black and over white: only in the rows
    /// where it may differ from the plane they hold (`PlaneSpriteRecord.changedRows`), everywhere when the two
    /// cannot be compared or there is no record.
    mutating func composite(_ plane: Framebuffer, record: PlaneSpriteRecord?, workers: Workers) {
        let (w, h) = (plane.width, plane.height)
        let spans = record.flatMap { $0.changedRows(since: self.plane) } ?? RowSpans(height: h, width: w) { _ in true }
        self.plane = record ?? PlaneSpriteRecord()
        spans.withUnsafeLists { starts, list in
            plane.withUnsafePixels { src in
                black.withUnsafeMutablePixels { k in
                    white.withUnsafeMutablePixels { wt in
                        workers.forEachBand(h, bandSize: 16) { rows in
                            for y in rows { for j in starts[y]..<starts[y + 1] { for x in list[j] {
                                let i = y * w + x
                                (k[i], wt[i]) = (Self.over(src[i], 0), Self.over(src[i], 1))
                            } } }
                        }
                    }
                }
            }
        }
    }

    /// Calls `body(i)` for the index of every pixel of `regions` (clipped to the frame), band by band.
    static func forEachPixel(in regions: [PixelRect], of canvas: PixelRect, workers: Workers, _ body: (Int) -> Void) {
        for r in regions {
            let c = r.intersection(canvas)
            guard c.width > 0 && c.height > 0 else { continue }
            workers.forEachBand(c.height) { rows in
                for y in rows { for x in c.columns { body((c.y + y) * canvas.width + x) } }
            }
        }
    }

    /// Copies `frame` over black and over white into the scratch frames in `regions`.
    mutating func prepare(_ frame: Framebuffer, regions: [PixelRect], workers: Workers) {
        frame.withUnsafePixels { f in
            overBlack.withUnsafeMutablePixels { k in
                overWhite.withUnsafeMutablePixels { wt in
                    Self.forEachPixel(in: regions, of: PixelRect(frame), workers: workers) { i in
                        k[i] = Self.over(f[i], 0)
                        wt[i] = Self.over(f[i], 1)
                    }
                }
            }
        }
    }

    /// Writes the matte of the two draws into `frame` in `regions`; a pixel both left as `prepare` made it keeps
    /// the frame's own.
    func resolve(into frame: inout Framebuffer, regions: [PixelRect], workers: Workers) {
        let canvas = PixelRect(frame)
        overBlack.withUnsafePixels { k in
            overWhite.withUnsafePixels { wt in
                frame.withUnsafeMutablePixels { f in
                    Self.forEachPixel(in: regions, of: canvas, workers: workers) { i in
                        let t = f[i], kb = k[i], kw = wt[i]
                        if kb == Self.over(t, 0) && kw == Self.over(t, 1) { return }
                        let d = kw - kb
                        let transmitted = 0.2126 * d.x + 0.7152 * d.y + 0.0722 * d.z
                        let alpha = min(max(1 - transmitted, 0), 1)
                        let rgb = Self.clamped(kb, within: alpha)
                        f[i] = SIMD4(rgb.x, rgb.y, rgb.z, alpha)
                    }
                }
            }
        }
    }

    /// A colour within [0, alpha] channel by channel: a premultiplied pixel of that alpha.
    @inline(__always)
    static func clamped(_ p: SIMD4<Float>, within alpha: Float) -> SIMD3<Float> {
        SIMD3(min(max(p.x, 0), alpha), min(max(p.y, 0), alpha), min(max(p.z, 0), alpha))
    }
}

extension GlassLayer {
    /// Draws one liquid drawing over a transparent canvas through `matte` (LiquidMatte): over the plane on black,
    /// over the plane on white, each with its own glow halo read from that plane (its neutral axis from that
    /// background to the dots' ink, as an opaque render over black or white takes), then the matte into `frame`.
    /// Each draw reads its composite as an opaque canvas reads its plane: around the dots (the record's fill over
    /// that background), through the lens window and halo cells it kept from the last frame (`LiquidMatteCache`),
    /// which it keeps again unless the frame was cancelled.
    func drawMatted(_ glass: LiquidGlass, shape: SmoothUnion<PanelUnion>, materials: [LiquidMaterial], slot: String,
                    lit: Bool, _ step: Step, matte: inout LiquidMatte, into frame: inout Framebuffer) {
        let (workers, record, kept) = (step.workers, step.record, state.matte)
        matte.prepare(frame, regions: step.written, workers: workers)
        let reading = [LiquidGlass.drawnPixels(shape, canvas: step.canvas)]
        let config = document.plane.configuration
        for grey: Float in [0, 1] {
            var g = glass
            let plane = matte.composite(over: grey)
            let background = Color(red: grey, green: grey, blue: grey, alpha: 1)
            let bare = document.plane.backdrop == nil ? (background: background, ink: config.label) : nil
            let fill = record?.fill.map { PlaneFill(background: LiquidMatte.over($0.background, grey), boxes: $0.boxes) }
            g.halo = lit ? GlowHalo(plane: plane, bare: bare, scale: document.canvas.scale, workers: workers, reading: reading,
                                    reusing: record.flatMap { kept.cells(over: grey, for: $0) }, fill: fill) : nil
            let reusing = record.flatMap { kept.window(slot, over: grey, for: $0) }
            let window = grey == 0
                ? g.apply(plane: plane, joined: shape, materials: materials, into: &matte.overBlack, workers: workers,
                          fields: fields, slot: slot, fill: fill, reusing: reusing)
                : g.apply(plane: plane, joined: shape, materials: materials, into: &matte.overWhite, workers: workers,
                          fields: fields, slot: slot, fill: fill, reusing: reusing)
            guard let record, !workers.isCancelled else { continue }
            if let halo = g.halo { kept.keep(cells: halo.cells, over: grey, plane: record) }
            if let window { kept.keep(window: window, slot, over: grey, plane: record) }
        }
        matte.resolve(into: &frame, regions: step.written, workers: workers)
    }
}
