import Raster

/// The Liquid Glass tier (iOS 26): the plane seen through a refracting lens, lightly blurred, washed with the
/// adaptive surface color, tinted by light (tint bleeds, never paints), and lit by a tilt-driven specular band
/// and rim. It reads only the plane and writes only the pixels its shape covers.
///
/// A container's joined shape is drawn in one pass with one `LiquidMaterial` per part: at each pixel the parts'
/// lens displacement and slope, wash, tint, dimming, shimmer and highlight styling are mixed by the smooth
/// union's weights, so members far apart keep their own material exactly and a neck blends monotonically.
///
/// Alpha contract: the output over the shape is opaque (it is the plane seen through glass); it is blended into
/// the frame by the shape's anti-aliased coverage. Color space: the frame's blend space.
/// Allocations: one scratch copy of the plane over the shape's bounds plus the lens's reach, the distance field
/// with one weight per part per pixel, a small lookup table per part (four values a sample) and the halo's cell
/// coordinates per column; nothing per pixel.
public struct LiquidGlass: Sendable {
    /// The material of a lone shape (`apply(plane:shape:into:workers:)`); containers pass one per part.
    public var material: LiquidMaterial
    public var specular: Specular
    /// Light direction in device coordinates (`Specular.light(pitch:roll:)`).
    public var light: SIMD3<Double>
    /// Radius in pixels of the light blur applied to what is seen through the glass (two box passes).
    public var blurRadius: Int
    /// How much of the glass is there (a `materialize` transition animates it from 0 to 1).
    public var opacity: Float = 1
    /// The glow halo of the plane (nil: none), added in proportion to each part's translucency (1 - wash).
    public var halo: GlowHalo?

    public init(material: LiquidMaterial, specular: Specular = Specular(), light: SIMD3<Double>, blurRadius: Int = 1) {
        self.material = material
        self.specular = specular
        self.light = light
        self.blurRadius = max(0, blurRadius)
    }

    public init(lens: Lens, dispersion: Double = 0, specular: Specular = Specular(), light: SIMD3<Double>,
                surface: Color, tint: Color? = nil, blurRadius: Int = 1) {
        self.init(material: LiquidMaterial(lens: lens, dispersion: dispersion, surface: surface, tint: tint),
                  specular: specular, light: light, blurRadius: blurRadius)
    }

    /// Adaptive opacity of the surface wash: larger surfaces are more opaque, smaller ones clearer. Grows with
    /// the logarithm of the area in square points, from 0.04 for a 22 pt button to 0.30 for a full-screen sheet,
    /// anchored at 0.10 for a 44 x 44 pt control (Apple's minimum hit target).
    public static func adaptiveOpacity(areaInPoints area: Double) -> Float {
        let a = 0.10 + 0.035 * DMath.log2(max(area, 1) / (44 * 44))
        return Float(min(max(a, 0.04), 0.30))
    }

    /// Light or dark styling from the luminance of what lies behind (relative luminance, 0...1).
    public static func prefersLightStyling(backdropLuminance l: Double) -> Bool { l >= 0.4 }

    /// Draws joined panels, the compositor's case, one material per part. Calling the generic `apply` from
    /// here, inside this module, lets the compiler specialize it for the union type; called across modules it
    /// would run unspecialized, looking up generic metadata per pixel (measured: 3x slower).
    /// With `fields`, the distance field of the container called `slot` is kept and reused while the shape and
    /// its window stay the same (a navigation bar that does not move costs no distance evaluations after its
    /// first frame); the values are the same either way.
    public func apply(plane: Framebuffer, joined shape: SmoothUnion<PanelUnion>, materials: [LiquidMaterial],
                      into frame: inout Framebuffer, workers: Workers, fields: DistanceFieldCache? = nil,
                      slot: String = "") {
        apply(plane: plane, container: shape, materials: materials, into: &frame, workers: workers) { xs, ys, band in
            guard let fields else { return DistanceField(shape, columns: xs, rows: ys, narrowBand: band, workers: workers) }
            return fields.field(slot: slot, shape: shape, columns: xs, rows: ys, band: band) {
                DistanceField(shape, columns: xs, rows: ys, narrowBand: band, workers: workers)
            }
        }
    }

    /// Draws one shape in `material`.
    public func apply(plane: Framebuffer, shape: some Shape, into frame: inout Framebuffer, workers: Workers) {
        apply(plane: plane, container: SmoothUnion([shape], spacing: 0), materials: [material], into: &frame, workers: workers)
    }

    /// Draws a smooth union whose part i is made of `materials[i]`.
    public func apply<S: Shape>(plane: Framebuffer, container shape: SmoothUnion<S>, materials: [LiquidMaterial],
                                into frame: inout Framebuffer, workers: Workers) {
        apply(plane: plane, container: shape, materials: materials, into: &frame, workers: workers) { xs, ys, band in
            DistanceField(shape, columns: xs, rows: ys, narrowBand: band, workers: workers)
        }
    }

    /// The kernel; `makeField(columns, rows, narrowBand)` supplies the distance field. Specialized for the
    /// compositor's container type: unspecialized, the per-pixel shape and closure calls went through generic
    /// metadata with a retain and release each.
    @_specialize(exported: false, where S == PanelUnion)
    func apply<S: Shape>(plane: Framebuffer, container shape: SmoothUnion<S>, materials: [LiquidMaterial],
                         into frame: inout Framebuffer, workers: Workers,
                         makeField: (Range<Int>, Range<Int>, Float) -> DistanceField) {
        guard let (xs, ys, source, tables, parts) = inputs(plane: plane, shape: shape, materials: materials,
                                                           frame: frame, workers: workers) else { return }
        // A halo computed for part of the plane (GlowHalo's `reading`) must hold every pixel read here.
        if let halo {
            let read = PixelRect(x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count)
            precondition(halo.isExact(over: read), "the glow halo does not cover the glass at \(read)")
        }
        // The distance field and the parts' weights over the bounds plus a one-pixel margin, evaluated once per
        // pixel (in parallel); the gradient then comes from neighbouring samples. (Evaluating the shape five
        // times per pixel, as central differences at the pixel would, cost 5x: the continuous corner's distance
        // takes several pow calls.)
        // Exact only within the bezel of the edge (plus coverage's pixel and the gradient's neighbour): past
        // the bezel the lens tables are zero and the glass is flat (see DistanceField's narrow band).
        let bezel = parts.map { Float($0.tableLength - 1) / Float(BezelTable.samplesPerPixel) }.max() ?? 0
        let field = makeField(xs, ys, bezel + 2)
        // The band's center depends on the tilt alone: once per frame, not per pixel.
        let lighting = Specular.Lighting(specular, light: light)
        // The lens tables in Float, one plane per lane, for the lanes' gathers.
        let tableStride = tables.count, w = frame.width
        var laneTables = [Float](repeating: 0, count: 4 * tableStride)
        for (j, t) in tables.enumerated() { for lane in 0..<4 { laneTables[lane * tableStride + j] = Float(t[lane]) } }
        // The kernel reads plain pointers and scalars only: touching arrays inside structs per pixel cost a
        // retain and a release each time (measured: 17% of the frame).
        // The halo's scalars here and its chroma through a pointer: reading the struct's array per pixel
        // retained and released it.
        let haloLookup = halo?.lookup
        let haloColumns = haloLookup.map { h in xs.map { h.axis(Float($0) + 0.5, count: h.width) } } ?? []
        frame.withUnsafeMutablePixels { out in
            source.pixels.withUnsafeBufferPointer { src in
                field.values.withUnsafeBufferPointer { f in
                field.weights.withUnsafeBufferPointer { wt in
                laneTables.withUnsafeBufferPointer { tp in
                parts.withUnsafeBufferPointer { pc in
                (halo?.chroma ?? []).withUnsafeBufferPointer { chroma in
                haloColumns.withUnsafeBufferPointer { haloColumn in
                let lanes = Lanes(out: out, frameWidth: w, src: src, viewX0: source.x0, viewY0: source.y0,
                                  viewWidth: source.width, viewHeight: source.height, field: f, weights: wt,
                                  fieldStride: field.stride, fieldX0: field.x0, fieldY0: field.y0,
                                  tables: tp, tableStride: tableStride, parts: pc, lighting: lighting,
                                  opacity: opacity, flat: bezel, halo: haloLookup, chroma: chroma, haloColumn: haloColumn)
                // Bands of 4 rows handed out in turn: with 16 (the default) the navigation bar's 194 rows made 13
                // bands, 7 for one worker and 6 for the other.
                workers.forEachBand(ys.count, bandSize: 4) { band in
                    for row in band { lanes.row(ys.lowerBound + row, columns: xs) }
                }
                }
                }
                }
                }
                }
                }
            }
        }
    }

    /// What the kernel and its reference read: the pixels to draw (the shape's bounds plus a pixel), the plane
    /// around them lightly blurred (samples land at most twice the thickness inward; the two box passes read
    /// 2 r beyond them), and each part's constants with their lens tables. Nil when nothing is on the frame.
    func inputs<S: Shape>(plane: Framebuffer, shape: SmoothUnion<S>, materials: [LiquidMaterial], frame: Framebuffer,
                          workers: Workers)
        -> (xs: Range<Int>, ys: Range<Int>, source: Window, tables: [SIMD4<Double>], parts: [PartConstants])? {
        precondition(plane.width == frame.width && plane.height == frame.height, "plane and frame differ in size")
        precondition(materials.count == shape.shapes.count, "one material per part")
        let thickest = materials.map(\.lens.thickness).max() ?? 0
        let reach = Int((thickest * 2 + Double(2 * blurRadius) + 2).rounded(.up))
        let (xs, ys) = shape.bounds.insetBy(-1).pixelBounds(clippedTo: frame.width, frame.height)
        guard !xs.isEmpty, !ys.isEmpty else { return nil }
        let (sx, sy) = shape.bounds.insetBy(Float(-reach)).pixelBounds(clippedTo: frame.width, frame.height)
        let source = Self.blurred(plane, columns: sx, rows: sy, radius: blurRadius, workers: workers)
        var tables: [SIMD4<Double>] = []
        let parts = zip(shape.shapes, materials).map { part, m in
            PartConstants(m, box: part.bounds, space: frame.space, tables: &tables)
        }
        return (xs, ys, source, tables, parts)
    }

    /// A part's material reduced to the scalars the kernel mixes, with its lens table appended to `tables`: per
    /// sample the displacement for red, green and blue and the slope, side by side, so that one index and one
    /// bounds check serve all four (they were four tables, read one after the other).
    struct PartConstants {
        var wash: SIMD4<Float>, filter: SIMD4<Float>, glow: SIMD4<Float>
        var dimming: Float, shade: Float, gain: Float, translucency: Float
        var minX: Float, minY: Float, diagonal: Double
        var shimmerPosition: Double, shimmerStrength: Double
        /// For the lanes, in Float: 1 / (sqrt 2 x diagonal), the shimmer's center and gain x strength.
        var perDiagonal: Float, shimmerCenter: Float, shimmerGain: Float
        var tableOffset: Int, tableLength: Int

        init(_ m: LiquidMaterial, box: Rect, space: BlendSpace, tables: inout [SIMD4<Double>]) {
            wash = space.premultiply(m.surface)
            if let tint = m.tint {
                let t = space.premultiply(tint.withAlpha(1)), a = tint.alpha
                filter = SIMD4(1 - a + a * t.x, 1 - a + a * t.y, 1 - a + a * t.z, 1)
                glow = SIMD4(t.x, t.y, t.z, 0) * (a * 0.35)
            } else {
                (filter, glow) = (SIMD4(1, 1, 1, 1), .zero)
            }
            (dimming, shade, gain) = (m.dimming, m.bodyShade, m.highlightGain)
            translucency = 1 - m.surface.alpha
            (minX, minY) = (box.minX, box.minY)
            diagonal = Double(box.width + box.height) / 2.0.squareRoot()
            (shimmerPosition, shimmerStrength) = m.shimmer ?? (0, 0)
            perDiagonal = Float(1 / (2.0.squareRoot() * diagonal))
            (shimmerCenter, shimmerGain) = (Float(shimmerPosition), Float(Double(m.highlightGain) * shimmerStrength))
            // Kept by lens (LensTables): building them was 0.4 ms a frame, serial.
            let own = LensTables.shared.tables(lens: m.lens, dispersion: m.dispersion)
            tableOffset = tables.count
            tableLength = own.count
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

    /// The plane over a window, blurred by two box passes of `radius` (a light frosting of what the lens shows).
    static func blurred(_ plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, radius: Int, workers: Workers) -> Window {
        guard radius > 0 else { return Window(plane, columns: columns, rows: rows, workers: workers) }
        // Horizontal, vertical, horizontal, vertical; the first pass runs as the window is copied.
        var win = Window(plane, columns: columns, rows: rows, horizontalBox: radius, workers: workers)
        win.boxBlur(radius: radius, horizontal: false, workers: workers)
        win.boxBlur(radius: radius, horizontal: true, workers: workers)
        win.boxBlur(radius: radius, horizontal: false, workers: workers)
        return win
    }
}
