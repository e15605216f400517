import Raster

/// The Liquid Glass tier (iOS 26): the plane seen through a refracting lens, blurred, passed through the
/// variant's veil (gain, saturation, offset: measured on Apple's glass), tinted by light (tint bleeds, never
/// paints), mirrored at its rounded edge, and lit by a tilt-driven specular band. It reads only the plane and
/// writes only the pixels its shape covers.
///
/// A container's joined shape is drawn in one pass with one `LiquidMaterial` per part: at each pixel the parts'
/// lens displacement and slope, veil, tint and shimmer are mixed by the smooth union's weights, so members far
/// apart keep their own material exactly and a neck blends monotonically.
///
/// Alpha contract: the output over the shape is opaque (it is the plane seen through glass); it is blended into
/// the frame by the shape's anti-aliased coverage. Color space: the frame's blend space.
/// Allocations, all in the drawing's `Context` (built once, LiquidGlass+Context.swift): one scratch copy of the
/// plane over the shape's bounds plus the lens's reach, the distance field with one weight per part per pixel, a
/// small lookup table per part (four values a sample) and the halo's cell coordinates per column; nothing per
/// pixel.
public struct LiquidGlass: Sendable {
    /// The material of a lone shape (`apply(plane:shape:into:workers:)`); containers pass one per part.
    public var material: LiquidMaterial
    public var specular: Specular
    /// Light direction in device coordinates (`Specular.light(pitch:roll:)`).
    public var light: SIMD3<Double>
    /// The blur of what is seen through the glass: two box passes each way (`Tent`, WindowBlur.swift).
    public var blur: Tent
    /// How much of the glass is there (a `materialize` transition animates it from 0 to 1).
    public var opacity: Float = 1
    /// The glow halo of the plane (nil: none), added in proportion to each part's translucency (the veil's gain).
    public var halo: GlowHalo?

    public init(material: LiquidMaterial, specular: Specular = Specular(), light: SIMD3<Double>, blur: Tent = Tent(radius: 1)) {
        self.material = material
        self.specular = specular
        self.light = light
        self.blur = blur
    }

    public init(lens: Lens, dispersion: Double = 0, specular: Specular = Specular(), light: SIMD3<Double>,
                veil: GlassDefaults.Liquid.Veil, tint: Color? = nil, blur: Tent = Tent(radius: 1)) {
        self.init(material: LiquidMaterial(lens: lens, dispersion: dispersion, veil: veil, tint: tint),
                  specular: specular, light: light, blur: blur)
    }

    /// Light or dark styling from the mean Rec. 709 luma of what lies behind (of the encoded values, 0...1).
    public static func prefersLightStyling(backdropLuma l: Double) -> Bool { l >= GlassDefaults.Liquid.lightStylingLuma }

    /// Draws joined panels, the compositor's case, one material per part. Calling the generic `Context.init`
    /// from here, inside this module, lets the compiler specialize it for the union type; called across modules
    /// it would run unspecialized, looking up generic metadata per pixel (measured: 3x slower).
    /// With `fields`, the distance field of the container called `slot` is kept and reused while the shape and
    /// its window stay the same (a navigation bar that does not move costs no distance evaluations after its
    /// first frame); with the plane's `fill`, the lens window is blurred only around the plane's boxes
    /// (`PlaneFill`); given the window of this container's last drawing and where the plane changed since
    /// (`reusing`), the window is that one blurred again only where the plane changed (`KeptWindow`); a window
    /// blurred afresh takes `windowFill(rows)`, when given, for `fill` (a still image's blur made for its rows:
    /// `UnderlayBlur`). The values are the same either way. Returns the lens window drawn through, for the next frame's `reusing` (nil when
    /// nothing was drawn or the window is not blurred).
    @discardableResult
    public func apply(plane: Framebuffer, joined shape: SmoothUnion<PanelUnion>, materials: [LiquidMaterial],
                      into frame: inout Framebuffer, workers: Workers, fields: DistanceFieldCache? = nil,
                      slot: String = "", fill: PlaneFill? = nil, reusing kept: WindowReuse? = nil,
                      windowFill: ((_ rows: Range<Int>) -> PlaneFill?)? = nil) -> KeptWindow? {
        applyJoined(plane: plane, shape: shape, materials: materials, into: &frame, workers: workers, fields: fields,
                    slot: slot, fill: fill, reusing: kept, windowFill: windowFill, keepingBody: false).window
    }

    /// `apply(plane:joined:...)`, and what the drawing computed that a tilt does not change (`LiquidBody`, nil
    /// when nothing was drawn), for `relight` to light the same frame's drawing by another tilt.
    public func applyKeepingBody(plane: Framebuffer, joined shape: SmoothUnion<PanelUnion>, materials: [LiquidMaterial],
                                 into frame: inout Framebuffer, workers: Workers, fields: DistanceFieldCache? = nil,
                                 slot: String = "", fill: PlaneFill? = nil, reusing kept: WindowReuse? = nil,
                                 windowFill: ((_ rows: Range<Int>) -> PlaneFill?)? = nil)
        -> (window: KeptWindow?, body: LiquidBody?) {
        applyJoined(plane: plane, shape: shape, materials: materials, into: &frame, workers: workers, fields: fields,
                    slot: slot, fill: fill, reusing: kept, windowFill: windowFill, keepingBody: true)
    }

    /// Draws the kept `body` of this drawing (made by `applyKeepingBody` for the same frame, lit by another tilt)
    /// into `frame`, lit by this glass's light: the pixels `apply` draws, bit for bit, without the lens, the
    /// blur, the field or the material (LiquidBody).
    public func relight(_ body: LiquidBody, into frame: inout Framebuffer, workers: Workers) {
        body.relight(Specular.Lighting(specular, light: light), into: &frame, workers: workers)
    }

    private func applyJoined(plane: Framebuffer, shape: SmoothUnion<PanelUnion>, materials: [LiquidMaterial],
                             into frame: inout Framebuffer, workers: Workers, fields: DistanceFieldCache?, slot: String,
                             fill: PlaneFill?, reusing kept: WindowReuse?,
                             windowFill: ((_ rows: Range<Int>) -> PlaneFill?)?, keepingBody: Bool)
        -> (window: KeptWindow?, body: LiquidBody?) {
        let context = Context(self, plane: plane, shape: shape, materials: materials, frame: frame, workers: workers,
                              makeField: { xs, ys, band in
            guard let fields else { return DistanceField(shape, columns: xs, rows: ys, narrowBand: band, workers: workers) }
            return fields.field(slot: slot, shape: shape, columns: xs, rows: ys, band: band) {
                DistanceField(shape, columns: xs, rows: ys, narrowBand: band, workers: workers)
            }
        }, makeWindow: { xs, ys in
            if let kept, let window = Window(blurring: plane, columns: xs, rows: ys, blur: blur, reusing: kept, fill: fill,
                                             workers: workers) {
                return window
            }
            return Window(blurring: plane, columns: xs, rows: ys, blur: blur, fill: windowFill?(ys) ?? fill,
                          workers: workers)
        })
        guard let context else { return (nil, nil) }
        var body = keepingBody ? LiquidBody(columns: context.xs, rows: context.ys) : nil
        draw(context, into: &frame, workers: workers, keeping: &body)
        return (blur.isNone ? nil : KeptWindow(context.source, blur: blur), body)
    }

    /// Draws one shape in `material`.
    public func apply(plane: Framebuffer, shape: some Shape, into frame: inout Framebuffer, workers: Workers) {
        apply(plane: plane, container: SmoothUnion([shape], spacing: 0), materials: [material], into: &frame, workers: workers)
    }

    /// Draws a smooth union whose part i is made of `materials[i]`.
    public func apply<S: Shape>(plane: Framebuffer, container shape: SmoothUnion<S>, materials: [LiquidMaterial],
                                into frame: inout Framebuffer, workers: Workers) {
        let context = Context(self, plane: plane, shape: shape, materials: materials, frame: frame, workers: workers,
                              makeField: { xs, ys, band in
            DistanceField(shape, columns: xs, rows: ys, narrowBand: band, workers: workers)
        }, makeWindow: { xs, ys in
            Window(blurring: plane, columns: xs, rows: ys, blur: blur, workers: workers)
        })
        if let context { draw(context, into: &frame, workers: workers) }
    }

    /// The fast kernel over a context: rows of eight-pixel lanes (LiquidGlass+Lanes.swift); with a `body`, each
    /// row also keeps its chunks there (LiquidBody: rows of the context's rows, chunks from its first column).
    func draw(_ context: Context, into frame: inout Framebuffer, workers: Workers) {
        var none: LiquidBody? = nil
        draw(context, into: &frame, workers: workers, keeping: &none)
    }

    func draw(_ context: Context, into frame: inout Framebuffer, workers: Workers, keeping body: inout LiquidBody?) {
        let (xs, ys, w) = (context.xs, context.ys, frame.width)
        let perRow = body?.chunksPerRow ?? 0
        precondition(body.map { $0.columns == xs && $0.rows == ys } ?? true, "the body is not the drawing's")
        var chunks = body?.chunks ?? []
        body?.chunks = []  // uniquely held while the rows write it
        context.withPointers { p in
            frame.withUnsafeMutablePixels { out in
                chunks.withUnsafeMutableBufferPointer { kept in
                    // Nil without a body (an empty array's buffer may still have an address).
                    let keep = perRow > 0 ? kept.baseAddress : nil
                    // Bands of 4 rows handed out in turn: with 16 (the default) the navigation bar's 194 rows made 13
                    // bands, 7 for one worker and 6 for the other.
                    workers.forEachBand(ys.count, bandSize: 4) { band in
                        for row in band {
                            p.row(ys.lowerBound + row, columns: xs, into: out, frameWidth: w, keeping: keep.map { $0 + row * perRow })
                        }
                    }
                }
            }
        }
        body?.chunks = chunks
    }

    /// The pixels a drawing of `shape` covers with its rows, within `canvas`: the shape's bounds plus a pixel.
    /// It reads the glow halo there (and only there) and writes only inside `writtenRegions`.
    public static func drawnPixels(_ shape: SmoothUnion<some Shape>, canvas: PixelRect) -> PixelRect {
        PixelRect(covering: shape.bounds.insetBy(-1), clippedTo: canvas)
    }

    /// Rectangles holding every pixel a drawing of `shape` may write, one per panel, within `canvas`.
    ///
    /// The rows cover `drawnPixels`, but a pixel is written only where coverage > 0, that is where the joined
    /// field is below 0.5; the field is at least the least of the panels' distances minus the blend's reach
    /// (`SmoothUnion.reach`; a union's members join by a plain minimum), so a pixel farther than reach + 0.5
    /// from every panel's box is never written: one rectangle per panel, its bounds grown by the reach and
    /// 2 px (one more than needed, which costs nothing measurable: the frame slot copies whole 16-row bands).
    /// Why not the union's box: the showcase's two controls, apart, span a box about 800 px wide of which two
    /// 214 px squares are glass; the slot restored the gap from the plane every frame.
    public static func writtenRegions(_ shape: SmoothUnion<PanelUnion>, canvas: PixelRect) -> [PixelRect] {
        shape.shapes.flatMap(\.members).map {
            PixelRect(covering: $0.bounds.insetBy(-(shape.reach + 2)), clippedTo: canvas)
        }
    }

    /// Pixels a drawing of `shape` at `opacity` overwrites without reading the frame, as columns of whole bands of
    /// `band` rows (band k is rows k x band ..< (k + 1) x band), within `canvas`: at full opacity, the pixels at
    /// least 1.5 px inside any member panel. There the joined field is at most that member's distance (a smooth
    /// minimum is at most the plain one, and a union's members join by the plain minimum; the narrow band fills
    /// deep cells with a value further inside still), so coverage is exactly 1 and the kernel stores the glass
    /// pixel without reading the frame (LiquidGlass+Lanes.swift). The frame slot need not copy the plane there:
    /// 189,000 pixels (3.0 MB) a frame of the showcase's bar. Below full opacity every pixel blends: none. With
    /// `interiors`, only a container called `slot` that kept its shape since the frame before has spans, found
    /// once (InteriorSpansCache says why).
    public static func overwrittenSpans(_ shape: SmoothUnion<PanelUnion>, opacity: Float, canvas: PixelRect, band: Int,
                                        interiors: InteriorSpansCache? = nil, slot: String = "")
        -> [(band: Int, columns: Range<Int>)] {
        guard opacity == 1 else { return [] }
        func make() -> [(band: Int, columns: Range<Int>)] {
            let drawn = drawnPixels(shape, canvas: canvas)
            return shape.shapes.flatMap(\.members).flatMap { $0.interiorSpans(within: drawn, band: band, depth: 1.5) }
        }
        guard let interiors else { return make() }
        return interiors.spans(slot: slot, shape: shape, canvas: canvas, band: band, make: make)
    }

    /// A part's material reduced to the scalars the kernel mixes, with its lens table appended to `tables`: per
    /// sample the displacement for red, green and blue and the slope, side by side, so that one index and one
    /// bounds check serve all four (they were four tables, read one after the other).
    struct PartConstants {
        var filter: SIMD4<Float>, glow: SIMD4<Float>
        var gain: Float, saturation: Float, offset: Float, translucency: Float
        var minX: Float, minY: Float, diagonal: Double
        var shimmerPosition: Double, shimmerStrength: Double
        /// For the lanes, in Float: 1 / (sqrt 2 x diagonal), the shimmer's center and gain x strength.
        var perDiagonal: Float, shimmerCenter: Float, shimmerGain: Float
        var tableOffset: Int, tableLength: Int
        /// Whether the table's red, green and blue displacements are the same numbers at every sample (no
        /// dispersion, the default): the kernel then gathers one of them and uses it for all three, the same
        /// bits as gathering the three (half of a lensed chunk's 64 table loads).
        var achromatic: Bool

        init(_ m: LiquidMaterial, box: Rect, space: BlendSpace, tables: inout [SIMD4<Double>]) {
            if let tint = m.tint {
                let t = space.premultiply(tint.withAlpha(1)), a = tint.alpha
                filter = SIMD4(1 - a + a * t.x, 1 - a + a * t.y, 1 - a + a * t.z, 1)
                glow = SIMD4(t.x, t.y, t.z, 0) * (a * 0.35)
            } else {
                (filter, glow) = (SIMD4(1, 1, 1, 1), .zero)
            }
            (gain, saturation, offset) = (m.veil.gain, m.veil.saturation, m.veil.offset)
            translucency = m.translucency
            (minX, minY) = (box.minX, box.minY)
            diagonal = Double(box.width + box.height) / 2.0.squareRoot()
            (shimmerPosition, shimmerStrength) = m.shimmer ?? (0, 0)
            perDiagonal = Float(1 / (2.0.squareRoot() * diagonal))
            (shimmerCenter, shimmerGain) = (Float(shimmerPosition), Float(shimmerStrength))
            // Kept by lens (LensTables): building them each frame would be serial work.
            let own = LensTables.shared.tables(lens: m.lens, dispersion: m.dispersion)
            tableOffset = tables.count
            tableLength = own.count
            achromatic = own.allSatisfy { $0.x.bitPattern == $0.y.bitPattern && $0.y.bitPattern == $0.z.bitPattern }
            tables.append(contentsOf: own)
        }
    }

    /// Linear interpolation in a part's lens table stored at `offset` in `t` (zero past its end), each lane as
    /// `BezelTable` samples it: red, green and blue displacement and slope at inward distance `d`.
    @inline(__always)
    static func interpolate(_ t: UnsafeBufferPointer<SIMD4<Double>>, _ offset: Int, _ count: Int, _ d: Double) -> SIMD4<Double> {
        let f = d * BezelTable.samplesPerPixel
        let i = Int(f)
        guard i + 1 < count else { return .zero }
        let w = f - Double(i)
        return t[offset + i] * (1 - w) + t[offset + i + 1] * w
    }
}
