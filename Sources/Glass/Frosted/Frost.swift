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

    /// How far a drawn pixel reads the plane, in pixels along each axis: the blur's reach, and the glow halo's
    /// when the surface is lit (the halo is a function of the plane too). A drawn pixel (x, y) depends only on
    /// plane pixels within this distance of it on both axes and inside `readPixels` (the mirrored reads beyond
    /// the backdrop's edges land within it too), so a change of the plane's rows `a..<b` can change only drawn
    /// rows `a - reach ..< b + reach`.
    public func reach(_ surface: GlassSurface) -> Int { reach(haloReach: lit(surface)?.reach) }

    /// `reach` for a surface the glow halo will light, its reach `haloReach` (nil: unlit), before the halo is
    /// computed: the compositor decides which panels it keeps from the last frame first (`GlowHalo.reach(scale:)`).
    public func reach(haloReach: Int?) -> Int {
        max(blur.reach, Drawing.translucency(self) > 0 ? haloReach ?? 0 : 0)
    }

    /// The halo a drawing of `surface` reads: the surface's, unless the fills let none of its light through.
    func lit(_ surface: GlassSurface) -> GlowHalo? { Drawing.translucency(self) > 0 ? surface.halo : nil }

    /// Every plane pixel a drawing of `surface` reads, within `canvas`: the blur's backdrop within its reach of
    /// the drawn pixels, and with the halo the plane within the halo's reach of them.
    public func readPixels(_ surface: GlassSurface, canvas: PixelRect) -> PixelRect {
        readPixels(surface, canvas: canvas, haloReach: lit(surface)?.reach)
    }

    /// `readPixels` for a surface the glow halo will light, its reach `haloReach` (nil: unlit), before the halo
    /// is computed (see `reach(haloReach:)`).
    public func readPixels(_ surface: GlassSurface, canvas: PixelRect, haloReach: Int?) -> PixelRect {
        let drawn = drawnPixels(surface, canvas: canvas)
        guard !drawn.isEmpty else { return drawn }
        let blurred = drawn.expanded(by: blur.reach).intersection(backdropPixels(surface, canvas: canvas))
        guard let haloReach, Drawing.translucency(self) > 0 else { return blurred }
        return blurred.union(drawn.expanded(by: haloReach).intersection(canvas))
    }

    /// What `apply` and `applyReference` compute once a drawing: the region, the fills and border premultiplied
    /// in the frame's space, and the halo the fills let through. Each blurs the backdrop its own way.
    struct Drawing {
        let region: PixelRect
        let backdrop: PixelRect
        let fills: [SIMD4<Float>]
        let borderColor: SIMD4<Float>, white: SIMD4<Float>
        /// What the fills let through, the share of the halo's light that reaches the eye (0 for opaque).
        let translucency: Float
        let halo: GlowHalo?

        static func translucency(_ frost: Frost) -> Float { frost.fills.reduce(Float(1)) { $0 * (1 - $1.alpha) } }

        /// Nil when the surface covers no pixel of the frame.
        init?(_ frost: Frost, _ surface: GlassSurface, plane: Framebuffer, space: BlendSpace) {
            let canvas = PixelRect(plane)
            region = frost.drawnPixels(surface, canvas: canvas)
            guard !region.isEmpty else { return nil }
            backdrop = frost.backdropPixels(surface, canvas: canvas)
            fills = frost.fills.map { space.premultiply($0) }
            borderColor = frost.border.map { space.premultiply($0.color) } ?? .zero
            white = space.premultiply(Color(red: 1, green: 1, blue: 1))
            translucency = Self.translucency(frost)
            halo = frost.lit(surface)
            // A halo computed for part of the plane (GlowHalo's `reading`) must hold every pixel drawn here.
            if let halo { precondition(halo.isExact(over: region), "the glow halo does not cover the surface at \(region)") }
        }
    }

    /// Draws `surface` into `frame`, reading `plane`.
    public func apply(_ surface: GlassSurface, plane: Framebuffer, into frame: inout Framebuffer, workers: Workers) {
        apply(surface, plane: plane, into: &frame, workers: workers, within: PixelRect(plane))
    }

    /// `apply` for the pixels inside `clip` only: the drawing's pixels there get the bits the whole drawing gives
    /// them, every pixel outside `clip` is left as it was, and the work is that of the clip's rows of the drawn
    /// region (the blur computes the samples those rows interpolate, on the whole region's grid, plus its reach).
    public func apply(_ surface: GlassSurface, plane: Framebuffer, into frame: inout Framebuffer, workers: Workers,
                      within clip: PixelRect) {
        precondition(frame.width == plane.width && frame.height == plane.height, "frame and plane differ in size")
        guard let drawing = Drawing(self, surface, plane: plane, space: frame.space) else { return }
        let shape = surface.shape, region = drawing.region, fills = drawing.fills
        // (`intersection` of rectangles apart has a negative side.)
        let drawn = region.intersection(clip)
        guard drawn.width > 0 && drawn.height > 0 else { return }
        // Region-relative rows and columns to draw.
        let rows = (drawn.y - region.y)..<(drawn.maxY - region.y), columns = drawn.columns
        let blurred = blur.prepare(plane, region: region, backdrop: drawing.backdrop, rows: rows, workers: workers)
        let borderColor = drawing.borderColor, white = drawing.white
        let translucency = drawing.translucency, halo = drawing.halo
        let saturation = self.saturation, highlight = self.highlight, border = self.border
        let lookup = halo?.lookup
        let haloColumns = lookup.map { h in region.columns.map { h.axis(Float($0) + 0.5, count: h.width) } } ?? []
        // Deeper than this a pixel is covered (coverage 1 from 0.5 px in), past the border's inner edge and the
        // highlight's padding box, so its distance changes nothing: a row's run of such pixels skips the shape.
        // One more pixel than needed absorbs the rounding of the distances the run is found from.
        let depth = max(border?.width ?? 0, highlight?.inset ?? 0) + 1
        let stride = frame.width
        frame.withUnsafeMutablePixels { out in
            blurred.withReader { reader in
            fills.withUnsafeBufferPointer { fills in
            (halo?.chroma ?? []).withUnsafeBufferPointer { chroma in
            haloColumns.withUnsafeBufferPointer { haloColumns in
                let run = InteriorRun(saturation: saturation, fills: fills,
                                      halo: lookup.map { InteriorRun.Halo(lookup: $0, chroma: chroma, columns: haloColumns,
                                                                          translucency: translucency) },
                                      highlight: highlight != nil)
                workers.forEachBand(rows.count) { band in
                    let line = reader.makeLine()
                    defer { line.deallocate() }
                    for k in band {
                        let j = rows.lowerBound + k, y = region.y + j, cy = Float(y) + 0.5
                        // The blur's bilinear reconstruction of this row: the interior run's in one pass, the edges' pixel by pixel.
                        let src = reader.row(j, line: line)
                        let shine = highlight.map { white * $0.alpha(atY: cy, box: shape.box) } ?? .zero
                        let haloRow = lookup.map { $0.axis(cy, count: $0.height) }
                        /// The glass pixel before clipping: the backdrop saturated, the fills, the halo.
                        @inline(__always) func body(_ i: Int) -> SIMD4<Float> {
                            var v = saturation.apply(reader.pixel(i, src))
                            for f in fills { v = sourceOver(v, f) }
                            if let lookup, let haloRow {
                                v = GlowHalo.add(lookup.light(chroma, x: haloColumns[i], y: haloRow, translucency: translucency), to: v)
                            }
                            return v
                        }
                        let inside = shape.interior(row: cy, columns: columns, depth: depth).clamped(to: columns)
                        // Covered, no border: `applyReference`'s steps with coverage 1 and inner 1, as row passes.
                        run.draw((inside.lowerBound - region.x)..<(inside.upperBound - region.x), reader: reader, row: src,
                                 haloRow: haloRow, shine: shine, into: out.baseAddress! + y * stride + inside.lowerBound)
                        /// A pixel outside the interior run: its distance, coverage, highlight and border.
                        @inline(__always) func edge(_ x: Int) {
                            let i = x - region.x
                            let d = shape.signedDistance(Point(Float(x) + 0.5, cy))
                            let cov = coverage(distance: d)
                            if cov <= 0 { return }
                            var v = body(i)
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
                        for x in columns.lowerBound..<inside.lowerBound { edge(x) }
                        for x in inside.upperBound..<columns.upperBound { edge(x) }
                    }
                }
            }
            }
            }
            }
        }
    }

    /// Pixels a drawing of `surface` overwrites without reading the frame, as columns of whole bands of `band`
    /// rows (band k is rows k x band ..< (k + 1) x band): every pixel there is covered (coverage 1, a distance of
    /// 0.5 px in) and in the drawn region, so `apply` sets it to the glass pixel whatever the frame held. The frame
    /// slot need not copy the plane there first. A pixel deeper than needed for the rounding
    /// (`PanelShape.interiorSpans`).
    public func overwrittenSpans(_ surface: GlassSurface, canvas: PixelRect, band: Int) -> [(band: Int, columns: Range<Int>)] {
        surface.shape.interiorSpans(within: drawnPixels(surface, canvas: canvas), band: band, depth: 1.5)
    }
}

/// What a surface's blur may read: the image its backdrop is, beyond whose edges pixels are mirrored.
public enum BackdropExtent: Sendable, Hashable {
    /// The whole plane (UIVisualEffectView and RenderEffect read what lies around the view too); mirrored at
    /// the canvas edges.
    case plane
    /// Only the surface's own box (the CSS border box: browsers clip the backdrop to it before filtering and
    /// mirror its edge pixels outward, so content just outside the element never bleeds in).
    case box
}

/// Half-sample symmetric extension ("mirror", edge pixel repeated: ... 2 1 0 | 0 1 2 ... n-1 | n-1 n-2 ...):
/// maps any index onto `0..<n`. This is Skia's kMirror tile mode and the `reflect` edge mode browsers use for
/// backdrop-filter blurs.
@inlinable
func mirror(_ i: Int, _ n: Int) -> Int {
    if i >= 0 && i < n { return i }
    if i < 0 && i >= -n { return -1 - i }
    if i >= n && i < 2 * n { return 2 * n - 1 - i }
    let period = 2 * n
    var m = i % period
    if m < 0 { m += period }
    return m < n ? m : period - 1 - m
}

/// The edge of a surface: a band of `width` pixels just inside the shape's outline, filled with `color`
/// source-over (the seed's "1px separator-color to define edges without shadow", and CSS `border`).
///
/// Geometry: the band between signed distances -width and 0, anti-aliased on both sides; on a circular corner
/// its inner edge is the arc of radius r - width, as CSS draws a border's inner radius.
public struct Border: Sendable, Hashable {
    /// Straight sRGB color.
    public var color: Color
    /// Width in pixels (> 0).
    public var width: Float

    public init(color: Color, width: Float) {
        self.color = color
        self.width = width
    }

    /// The part of a pixel's covered area that is border, given the pixel's coverage and its distance.
    @inlinable
    public func fraction(distance d: Float, coverage cov: Float) -> Float {
        cov > 0 ? (cov - Raster.coverage(distance: d + width)) / cov : 0
    }
}

/// The web tier's specular highlight: a vertical CSS `linear-gradient` pseudo-element over the padding box
/// (the border box inset by the border), from white at `topAlpha` at its top edge to transparent at `end` of
/// its height, then transparent. Colors interpolate premultiplied, as CSS gradients do.
public struct Highlight: Sendable, Hashable {
    /// Alpha of white at the top of the padding box (0...1).
    public var topAlpha: Float
    /// Fraction of the padding box's height where the gradient reaches transparent (0...1].
    public var end: Float
    /// Inset of the padding box from the border box, in pixels (the border width).
    public var inset: Float

    public init(topAlpha: Float, end: Float, inset: Float) {
        self.topAlpha = topAlpha
        self.end = end
        self.inset = inset
    }

    /// The gradient's alpha at a pixel center `y` of a surface whose border box is `box`.
    public func alpha(atY y: Float, box: Rect) -> Float {
        let top = box.minY + inset, height = box.height - 2 * inset
        guard height > 0, y >= top else { return 0 }
        let t = (y - top) / (end * height)
        return topAlpha * max(0, 1 - t)
    }
}
