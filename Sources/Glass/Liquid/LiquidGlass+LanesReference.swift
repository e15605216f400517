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
    package func applyReference<S: Shape>(plane: Framebuffer, container shape: SmoothUnion<S>, materials: [LiquidMaterial],
                                 into frame: inout Framebuffer, workers: Workers) {
        // The fast kernel's context, with the distance field exact everywhere (no narrow band).
        guard let context = Context(self, plane: plane, shape: shape, materials: materials, frame: frame,
                                    workers: workers, makeField: { xs, ys, _ in
            DistanceField(shape, columns: xs, rows: ys, narrowBand: nil, workers: workers)
        }, makeWindow: { xs, ys in
            Window(blurring: plane, columns: xs, rows: ys, blur: blur, workers: workers)
        }) else { return }
        let (xs, ys, w) = (context.xs, context.ys, frame.width)
        context.withPointers { inputs in
            let (f, wt, tp, pc, partCount) = (inputs.field, inputs.weights, inputs.tables, inputs.parts, inputs.parts.count)
            let (fieldStride, fieldX0, fieldY0) = (inputs.fieldStride, inputs.fieldX0, inputs.fieldY0)
            let (lighting, opacity, view) = (inputs.lighting, inputs.opacity, inputs)
            frame.withUnsafeMutablePixels { out in
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
                            var u = 0.0, shimmer = 0.0
                            for i in 0..<partCount {
                                let a = wt[k * partCount + i]
                                guard a > 0 else { continue }
                                let c = pc[i], ad = Double(a)
                                let lens = Self.interpolate(tp, c.tableOffset, c.tableLength, d)
                                for ch in 0..<3 { shift[ch] += ad * lens[ch] }
                                s += ad * lens[3]
                                mix.add(c, weight: a)
                                // Position along this part's own diagonal, mixed like the rest: one band runs
                                // on across a neck (mixing each part's band instead drew two parallel bands
                                // over an overlap). A shimmer belongs to its own part.
                                let ui = Double((p.x - c.minX) + (p.y - c.minY)) / 2.0.squareRoot() / c.diagonal
                                u += ad * ui
                                if c.shimmerStrength > 0 {
                                    shimmer += ad * c.shimmerStrength * specular.profile(u: ui, center: c.shimmerPosition)
                                }
                            }
                            var seen = SIMD4<Float>(0, 0, 0, 1)
                            for ch in 0..<3 {
                                let q = p + inward * Float(shift[ch])
                                seen[ch] = Window.sample(view.src, view.viewX0, view.viewY0, view.viewWidth, view.viewHeight, stride: view.viewStride, q)[ch]
                            }
                            let len = (s * s + 1).squareRoot()
                            let n = SIMD3(Double(-inward.x) * s / len, Double(-inward.y) * s / len, 1 / len)
                            let light = lighting.band(u: u) + shimmer
                            let mirror = lighting.reflection(normal: n)
                            let haloLight = inputs.halo?.light(inputs.chroma, at: p, translucency: mix.clear)
                            seen = mix.light(seen, halo: haloLight, reflection: (Float(mirror.share), Float(mirror.grey)),
                                             spec: Float(min(1, light)))
                            let i = y * w + x
                            out[i] = out[i] * (1 - cov) + seen * cov
                        }
                    }
                }
            }
        }
    }
}
