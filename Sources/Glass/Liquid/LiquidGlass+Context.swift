import Raster

extension LiquidGlass {
    /// Everything the kernel reads for one drawing, built once (as tiny-skia's pipeline context): the pixels to
    /// draw, the plane around them lightly blurred, the distance field with the parts' weights, each part's
    /// constants and lens table (in Double for the reference, in Float planes for the lanes' gathers), the light
    /// of this tilt, and the glow halo's cells with each column's place between them. The fast kernel
    /// (LiquidGlass+Lanes.swift) and its plain reference (LiquidGlass+LanesReference.swift) build it the same
    /// way (only the field's narrow band differs) and read it through one pointer scope, `withPointers`.
    struct Context {
        /// The pixels drawn: the shape's bounds plus a pixel (`LiquidGlass.drawnPixels`).
        let xs: Range<Int>, ys: Range<Int>
        /// The plane around them, lightly blurred (a pixel samples at most the largest displacement of its lens
        /// tables away from itself), and the part of it the kernel samples, clamped to its edges: `view`. A
        /// window may hold more than the view (`makeWindow` promises at least it); what lies beyond is never read,
        /// so a drawing's bits never depend on how much more a window holds.
        let source: Window
        let view: (columns: Range<Int>, rows: Range<Int>)
        let field: DistanceField
        /// The parts' lens tables one after the other (`PartConstants.tableOffset`), a sample's red, green and
        /// blue displacement and slope side by side; `laneTables` holds them in Float, one plane per lane, each
        /// `tables.count` long.
        let tables: [SIMD4<Double>], laneTables: [Float]
        let parts: [PartConstants]
        /// The band's center depends on the tilt alone: once per frame, not per pixel.
        let lighting: Specular.Lighting
        let opacity: Float
        /// Past every part's bezel (this many pixels inward) the lens tables are zero and the glass is flat.
        let flat: Float
        /// The halo's scalars, its chroma per cell and where each column of `xs` falls between cell centers.
        let halo: GlowHalo.Lookup?, chroma: [SIMD4<Float>], haloColumns: [GlowHalo.Lookup.Axis]

        /// The context of `glass` drawing `shape` (part i in `materials[i]`) into a frame like `frame`, with the
        /// field `makeField(columns, rows, narrowBand)` gives over the drawn pixels and the blurred plane
        /// `makeWindow(columns, rows)` gives (a window holding at least those). Nil when nothing is on the
        /// frame. Specialized for the compositor's container type: unspecialized, the per-pixel shape calls of
        /// the field went through generic metadata with a retain and release each.
        @_specialize(exported: false, where S == PanelUnion)
        init?<S: Shape>(_ glass: LiquidGlass, plane: Framebuffer, shape: SmoothUnion<S>, materials: [LiquidMaterial],
                        frame: Framebuffer, workers: Workers,
                        makeField: (Range<Int>, Range<Int>, Float) -> DistanceField,
                        makeWindow: (Range<Int>, Range<Int>) -> Window) {
            precondition(plane.width == frame.width && plane.height == frame.height, "plane and frame differ in size")
            precondition(materials.count == shape.shapes.count, "one material per part")
            let drawn = LiquidGlass.drawnPixels(shape, canvas: PixelRect(frame))
            guard !drawn.isEmpty else { return nil }
            (xs, ys) = (drawn.columns, drawn.rows)
            // A halo computed for part of the plane (GlowHalo's `reading`) must hold every pixel read here.
            if let halo = glass.halo {
                precondition(halo.isExact(over: drawn), "the glow halo does not cover the glass at \(drawn)")
            }
            var tables: [SIMD4<Double>] = []
            let parts = zip(shape.shapes, materials).map { part, m in
                PartConstants(m, box: part.bounds, space: frame.space, tables: &tables)
            }
            // The window: a drawn pixel samples at most `shift` from its own center along the unit inward
            // direction, where `shift` mixes the parts' table values by weights of sum 1 (SmoothUnion), so at
            // most the largest displacement in any table, inward (convex rims) or outward (concave, lip). One
            // pixel more for the bilinear neighbour and one for the Float mix's rounding. The blur reads the
            // plane beyond the window itself (WindowBlur.swift). `windowMargin` is 0 but in tests, which grow the
            // window to see that no sample lands past it.
            let shift = tables.reduce(0.0) { Swift.max($0, abs($1.x), abs($1.y), abs($1.z)) }
            let grow = Int(shift.rounded(.up)) + 2 + LiquidGlass.windowMargin
            let (sx, sy) = (Swift.max(0, xs.lowerBound - grow)..<Swift.min(frame.width, xs.upperBound + grow),
                            Swift.max(0, ys.lowerBound - grow)..<Swift.min(frame.height, ys.upperBound + grow))
            source = makeWindow(sx, sy)
            precondition(source.holds(columns: sx, rows: sy), "the lens window does not hold \(sx) x \(sy)")
            view = (sx, sy)
            // The distance field and the parts' weights over the bounds plus a one-pixel margin, evaluated once
            // per pixel (in parallel); the gradient then comes from neighbouring samples. (Evaluating the shape
            // five times per pixel, as central differences at the pixel would, cost 5x: the continuous corner's
            // distance takes several pow calls.) The fast kernel asks for it exact only within the bezel of the
            // edge (plus coverage's pixel and the gradient's neighbour): see DistanceField's narrow band.
            flat = parts.map { Float($0.tableLength - 1) / Float(BezelTable.samplesPerPixel) }.max() ?? 0
            field = makeField(xs, ys, flat + 2)
            lighting = Specular.Lighting(glass.specular, light: glass.light)
            opacity = glass.opacity
            // The lens tables in Float, one plane per lane, for the lanes' gathers.
            let stride = tables.count
            var laneTables = [Float](repeating: 0, count: 4 * stride)
            for (j, t) in tables.enumerated() { for lane in 0..<4 { laneTables[lane * stride + j] = Float(t[lane]) } }
            (self.tables, self.laneTables, self.parts) = (tables, laneTables, parts)
            let lookup = glass.halo?.lookup
            halo = lookup
            chroma = glass.halo?.chroma ?? []
            haloColumns = lookup.map { h in drawn.columns.map { h.axis(Float($0) + 0.5, count: h.width) } } ?? []
        }

        /// The context as plain pointers and scalars, valid only inside `withPointers`: the kernels read
        /// nothing else per pixel (touching arrays inside structs per pixel cost a retain and a release each
        /// time, measured: 17% of the frame; the halo's chroma read through the struct's array did the same).
        struct Pointers {
            /// The view's first pixel on, rows `viewStride` apart (`Window.sample`).
            let src: UnsafeBufferPointer<SIMD4<Float>>, viewX0: Int, viewY0: Int, viewWidth: Int, viewHeight: Int
            let viewStride: Int
            let field: UnsafeBufferPointer<Float>, weights: UnsafeBufferPointer<Float>
            let fieldStride: Int, fieldX0: Int, fieldY0: Int
            let tables: UnsafeBufferPointer<SIMD4<Double>>
            /// `Context.laneTables`: one plane per lane (red, green, blue, slope), each `tableStride` long.
            let laneTables: UnsafeBufferPointer<Float>, tableStride: Int
            let parts: UnsafeBufferPointer<PartConstants>
            let lighting: Specular.Lighting
            let opacity: Float, flat: Float
            let halo: GlowHalo.Lookup?, chroma: UnsafeBufferPointer<SIMD4<Float>>
            let haloColumn: UnsafeBufferPointer<GlowHalo.Lookup.Axis>
        }

        /// Runs `body` with the context's pointers: the one pointer scope of both kernels.
        func withPointers<R>(_ body: (Pointers) -> R) -> R {
            source.pixels.withUnsafeBufferPointer { whole in
            field.values.withUnsafeBufferPointer { f in
            field.weights.withUnsafeBufferPointer { wt in
            tables.withUnsafeBufferPointer { tp in
            laneTables.withUnsafeBufferPointer { lp in
            parts.withUnsafeBufferPointer { pc in
            chroma.withUnsafeBufferPointer { chroma in
            haloColumns.withUnsafeBufferPointer { haloColumn in
                let first = (view.rows.lowerBound - source.y0) * source.width + (view.columns.lowerBound - source.x0)
                let src = UnsafeBufferPointer(rebasing: whole[first...])
                return body(Pointers(src: src, viewX0: view.columns.lowerBound, viewY0: view.rows.lowerBound,
                              viewWidth: view.columns.count, viewHeight: view.rows.count, viewStride: source.width,
                              field: f, weights: wt, fieldStride: field.stride,
                              fieldX0: field.x0, fieldY0: field.y0, tables: tp, laneTables: lp,
                              tableStride: tables.count, parts: pc, lighting: lighting, opacity: opacity, flat: flat,
                              halo: halo, chroma: chroma, haloColumn: haloColumn))
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
}
