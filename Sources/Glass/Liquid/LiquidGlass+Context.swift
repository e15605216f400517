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
        /// The plane around them, lightly blurred: samples land at most twice the thickness inward, and the two
        /// box passes read 2 r beyond them.
        let source: Window
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
        /// field `makeField(columns, rows, narrowBand)` gives over the drawn pixels. Nil when nothing is on the
        /// frame. Specialized for the compositor's container type: unspecialized, the per-pixel shape calls of
        /// the field went through generic metadata with a retain and release each.
        @_specialize(exported: false, where S == PanelUnion)
        init?<S: Shape>(_ glass: LiquidGlass, plane: Framebuffer, shape: SmoothUnion<S>, materials: [LiquidMaterial],
                        frame: Framebuffer, workers: Workers,
                        makeField: (Range<Int>, Range<Int>, Float) -> DistanceField) {
            precondition(plane.width == frame.width && plane.height == frame.height, "plane and frame differ in size")
            precondition(materials.count == shape.shapes.count, "one material per part")
            let drawn = LiquidGlass.drawnPixels(shape, canvas: PixelRect(frame))
            guard !drawn.isEmpty else { return nil }
            (xs, ys) = (drawn.columns, drawn.rows)
            // A halo computed for part of the plane (GlowHalo's `reading`) must hold every pixel read here.
            if let halo = glass.halo {
                precondition(halo.isExact(over: drawn), "the glow halo does not cover the glass at \(drawn)")
            }
            let thickest = materials.map(\.lens.thickness).max() ?? 0
            let reach = Int((thickest * 2 + Double(2 * glass.blurRadius) + 2).rounded(.up))
            let (sx, sy) = shape.bounds.insetBy(Float(-reach)).pixelBounds(clippedTo: frame.width, frame.height)
            source = LiquidGlass.blurred(plane, columns: sx, rows: sy, radius: glass.blurRadius, workers: workers)
            var tables: [SIMD4<Double>] = []
            let parts = zip(shape.shapes, materials).map { part, m in
                PartConstants(m, box: part.bounds, space: frame.space, tables: &tables)
            }
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
            let src: UnsafeBufferPointer<SIMD4<Float>>, viewX0: Int, viewY0: Int, viewWidth: Int, viewHeight: Int
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
            source.pixels.withUnsafeBufferPointer { src in
            field.values.withUnsafeBufferPointer { f in
            field.weights.withUnsafeBufferPointer { wt in
            tables.withUnsafeBufferPointer { tp in
            laneTables.withUnsafeBufferPointer { lp in
            parts.withUnsafeBufferPointer { pc in
            chroma.withUnsafeBufferPointer { chroma in
            haloColumns.withUnsafeBufferPointer { haloColumn in
                body(Pointers(src: src, viewX0: source.x0, viewY0: source.y0, viewWidth: source.width,
                              viewHeight: source.height, field: f, weights: wt, fieldStride: field.stride,
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
