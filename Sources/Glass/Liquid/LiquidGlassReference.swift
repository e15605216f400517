#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

extension LiquidGlass {
    /// The plain reference of `apply(plane:container:materials:into:workers:)`: the same model evaluated
    /// exactly at every pixel of the bounds (distance field everywhere, lens tables and three samples
    /// everywhere, band and rim at every pixel). Tests compare the fast kernel with it.
    func applyReference<S: Shape>(plane: Framebuffer, container shape: SmoothUnion<S>, materials: [LiquidMaterial],
                                into frame: inout Framebuffer, workers: Workers) {
        guard let (xs, ys, source, tables, parts) = inputs(plane: plane, shape: shape, materials: materials,
                                                           frame: frame, workers: workers) else { return }
        let partCount = parts.count
        let w = frame.width
        // The distance field and the parts' weights over the bounds plus a one-pixel margin, evaluated once per
        // pixel (in parallel); the gradient then comes from neighbouring samples. (Evaluating the shape five
        // times per pixel, as central differences at the pixel would, cost 5x: the continuous corner's distance
        // takes several pow calls.)
        let field = DistanceField(shape, columns: xs, rows: ys, narrowBand: nil, workers: workers)
        // The kernel reads plain pointers and scalars only: touching arrays inside structs per pixel cost a
        // retain and a release each time (measured: 17% of the frame).
        let lighting = Specular.Lighting(specular, light: light)
        let (fieldStride, fieldX0, fieldY0) = (field.stride, field.x0, field.y0)
        let view = (x0: source.x0, y0: source.y0, width: source.width, height: source.height)
        frame.withUnsafeMutablePixels { out in
            source.pixels.withUnsafeBufferPointer { src in
                field.values.withUnsafeBufferPointer { f in
                field.weights.withUnsafeBufferPointer { wt in
                tables.withUnsafeBufferPointer { tp in
                parts.withUnsafeBufferPointer { pc in
                workers.forEachBand(ys.count) { band in
                    for row in band {
                        let y = ys.lowerBound + row
                        for x in xs {
                            let p = Point(Float(x) + 0.5, Float(y) + 0.5)
                            let k = (y - fieldY0) * fieldStride + (x - fieldX0)
                            let sd = f[k]
                            let cov = coverage(distance: sd) * opacity
                            guard cov > 0 else { continue }
                            // Inward direction: minus the distance field's gradient (central differences).
                            var g = Point(f[k + 1] - f[k - 1], f[k + fieldStride] - f[k - fieldStride])
                            let gl = (g * g).sum().squareRoot()
                            g = gl > 0 ? g / gl : Point(0, 0)
                            let inward = -g
                            let d = Double(max(0, -sd))
                            // The parts' material mixed by their weights here (parts of weight 0 are skipped, so a
                            // lone member's pixels are exactly its own material's).
                            var shift = SIMD3<Double>(0, 0, 0), s = 0.0
                            var mix = Mix()
                            var gain: Float = 0, u = 0.0, shimmer = 0.0
                            for i in 0..<partCount {
                                let a = wt[k * partCount + i]
                                guard a > 0 else { continue }
                                let c = pc[i], ad = Double(a)
                                let lens = Self.interpolate(tp, c.tableOffset, c.tableLength, d)
                                for ch in 0..<3 { shift[ch] += ad * lens[ch] }
                                s += ad * lens[3]
                                mix.add(c, weight: a)
                                gain += a * c.gain
                                // Position along this part's own diagonal, mixed like the rest: one band runs
                                // on across a neck (mixing each part's band instead drew two parallel bands
                                // over an overlap). A shimmer belongs to its own part.
                                let ui = Double((p.x - c.minX) + (p.y - c.minY)) / 2.0.squareRoot() / c.diagonal
                                u += ad * ui
                                if c.shimmerStrength > 0 {
                                    shimmer += ad * Double(c.gain) * c.shimmerStrength * specular.profile(u: ui, center: c.shimmerPosition)
                                }
                            }
                            var seen = SIMD4<Float>(0, 0, 0, 1)
                            for ch in 0..<3 {
                                let q = p + inward * Float(shift[ch])
                                seen[ch] = Window.sample(src, view.x0, view.y0, view.width, view.height, q)[ch]
                            }
                            let len = (s * s + 1).squareRoot()
                            let n = SIMD3(Double(-inward.x) * s / len, Double(-inward.y) * s / len, 1 / len)
                            let light = Double(gain) * lighting.intensity(u: u, normal: n) + shimmer
                            let haloLight = halo?.light(at: p, translucency: mix.clear)
                            seen = mix.light(seen, halo: haloLight, spec: Float(min(1, light)))
                            let i = y * w + x
                            out[i] = out[i] * (1 - cov) + seen * cov
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
