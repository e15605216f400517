import Raster

extension LiquidGlass.Context.Pointers {
    /// The kernel's geometry and light for eight pixels of a row at once, in Float lanes: coverage, the inward
    /// direction from the distance field's gradient, the parts' lens tables mixed by their weights (red, green
    /// and blue displacement and slope), the position along the diagonal, the band's and shimmers' Gaussians and
    /// the rim; then their color in the same lanes, as planes of red, green and blue (`ColorPlanes`): the
    /// window's samples (`Window.sample8`: coordinates, clamps and weights in lanes, four loads per pixel), the
    /// material mixed by the parts' weights and its light (`MixLanes`: veil, tint, halo, the edge's mirror, the added
    /// light), and the coverage blend. The color lanes compute what the per-pixel `Window.sample` and `Mix`
    /// compute, bit for bit (`ColorLaneTests`). Reference: `applyReference`, in Double, unchanged.
    ///
    /// Lanes never mix pixels: every value of a lane depends on its own pixel only, and chunks of eight start at
    /// the row's first column whatever the bands, so the bytes do not depend on the thread count. A row's last
    /// chunk may be short: its missing lanes read a distance far outside (coverage 0) and are never written.
    ///
    /// Approximation: the lens, position, band, shimmer and rim are Float here, Double in the reference (and
    /// `exp` a polynomial, `DMath.exp`); what that moves is measured in docs/liquid-glass.md.
    ///
    /// It reads the context's pointers (valid only inside `Context.withPointers`) and writes `out`, the frame's
    /// pixels, `frameWidth` to a row.
    ///
    /// Draws row `y` over `xs`; with `keeping`, also writes each chunk's unlit color and light inputs to
    /// `keeping[c]` for the row's chunk c (`LiquidBody`: the chunks of the row, in order).
    func row(_ y: Int, columns xs: Range<Int>, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, frameWidth: Int,
             keeping: UnsafeMutablePointer<LiquidBody.Chunk>? = nil) {
        // The window sampler's lanes: coordinates through Float bits, indices in Int32.
        precondition(viewWidth < 1 << 22 && viewHeight < 1 << 22 && viewStride * viewHeight <= Int(Int32.max),
                     "window of \(viewWidth) x \(viewHeight) pixels is too large for the kernel's lanes")
        // A lone part's material in lanes once a row, not once a chunk (and never copied: 448 bytes).
        let lone = parts.count == 1 ? LiquidGlass.MixLanes(parts[0]) : LiquidGlass.MixLanes()
        // The halo's cells interpolated to this row once (a row of pixels shares its cell row and weight):
        // each pixel then interpolates two of them instead of four cells. On the stack (about 50 cells on
        // a phone-sized frame): no allocation per row.
        withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: max(1, halo?.width ?? 0)) { haloRow in
            if let halo {
                let r = halo.axis(Float(y) + 0.5, count: halo.height)
                for i in 0..<halo.width {
                    haloRow[i] = chroma[r.i0 * halo.width + i] * (1 - r.t) + chroma[r.i1 * halo.width + i] * r.t
                }
            }
            var x = xs.lowerBound
            while x < xs.upperBound {
                chunk(x: x, y: y, count: min(8, xs.upperBound - x), first: xs.lowerBound, haloRow: haloRow.baseAddress!,
                      lone: lone, into: out, frameWidth: frameWidth, keeping: keeping.map { $0 + (x - xs.lowerBound) / 8 })
                x += 8
            }
        }
    }

    /// Eight field values from index k (or `count` of them, the rest `fill`).
    @inline(__always)
    private func load(_ p: UnsafeBufferPointer<Float>, _ k: Int, _ count: Int, fill: Float) -> SIMD8<Float> {
        if count == 8 {
            assert(k >= 0 && k + 8 <= p.count)
            return UnsafeRawPointer(p.baseAddress! + k).loadUnaligned(as: SIMD8<Float>.self)
        }
        var v = SIMD8<Float>(repeating: fill)
        for l in 0..<count { v[l] = p[k + l] }
        return v
    }

    /// Part i's weights at the eight pixels from field index k.
    @inline(__always)
    private func partWeights(_ k: Int, _ count: Int, part i: Int) -> SIMD8<Float> {
        let n = parts.count
        if n == 1 { return load(weights, k, count, fill: 0) }
        if count == 8 {
            // Built from eight loads in registers: writing the lanes one at a time into a vector in memory
            // and reading it back stalls store forwarding.
            let w = weights.baseAddress! + (k &* n &+ i)
            assert(k >= 0 && (k + 7) * n + i < weights.count)
            return SIMD8(w[0], w[n], w[2 &* n], w[3 &* n], w[4 &* n], w[5 &* n], w[6 &* n], w[7 &* n])
        }
        var v = SIMD8<Float>(repeating: 0)
        for l in 0..<count { v[l] = weights[(k + l) * n + i] }
        return v
    }

    /// Eight entries of one table plane at the lanes' indices.
    @inline(__always)
    private func gather(_ t: UnsafePointer<Float>, _ i: SIMD8<Int32>) -> SIMD8<Float> {
        SIMD8(t[Int(i[0])], t[Int(i[1])], t[Int(i[2])], t[Int(i[3])],
              t[Int(i[4])], t[Int(i[5])], t[Int(i[6])], t[Int(i[7])])
    }

    /// Eight pixels from (x, y), `n` of them in the row: coverage, the inward direction (minus the distance
    /// field's gradient, central differences), the parts' lens tables, material and light mixed by their weights
    /// (a lone part at full weight, every pixel of a single panel, takes its own material without arithmetic, as
    /// `Mix(_:)` does), what the glass shows, the halo (`haloChroma`) and the coverage blend (`blend`). The parts' loop and the lens samples stay in this body, so that the
    /// optimizer inlines every stage into one function (one call a chunk, no copy of the mixed material).
    /// With `keeping`, the chunk's tilt-independent values go there (`LiquidBody.Chunk`; untouched when no pixel
    /// is covered, so it keeps its count of 0).
    private func chunk(x: Int, y: Int, count n: Int, first: Int, haloRow: UnsafeMutablePointer<SIMD4<Float>>,
                       lone: LiquidGlass.MixLanes, into out: UnsafeMutableBufferPointer<SIMD4<Float>>, frameWidth: Int,
                       keeping: UnsafeMutablePointer<LiquidBody.Chunk>?) {
        let zero = SIMD8<Float>(repeating: 0)
        let k = (y - fieldY0) * fieldStride + (x - fieldX0)
        let sd = load(field, k, n, fill: 1e9)
        let cov = coverage(sd)
        let active = cov .> 0
        guard LaneMasks.any(active) else { return }
        let d = (-sd).replacing(with: 0, where: -sd .< 0)
        // Past every part's bezel the lens is flat: no displacement, no slope, no rim. A chunk with no
        // lensed pixel skips the gradient, the tables and the rim; a flat lane of a lensed chunk gets zeros
        // from them, the same values.
        let lensed = (d .< flat) .& active
        let anyLensed = LaneMasks.any(lensed)
        var ix = zero, iy = zero
        if anyLensed {
            let gx = load(field, k + 1, n, fill: 0) - load(field, k - 1, n, fill: 0)
            let gy = load(field, k + fieldStride, n, fill: 0) - load(field, k - fieldStride, n, fill: 0)
            let gl = (gx * gx + gy * gy).squareRoot()
            let none = .!(gl .> 0) .| .!lensed
            (ix, iy) = ((-(gx / gl)).replacing(with: 0, where: none), (-(gy / gl)).replacing(with: 0, where: none))
        }
        let (below, within) = tablePosition(d)
        let px = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + (Float(x) + 0.5), py = Float(y) + 0.5
        var shiftR = zero, shiftG = zero, shiftB = zero, slope = zero, u = zero, shimmer = zero
        var mix = LiquidGlass.MixLanes(), isLone = false
        for i in 0..<parts.count {
            let a = partWeights(k, n, part: i)
            let c = parts[i]
            if parts.count == 1, LaneMasks.all((a .== 1) .| .!active) { isLone = true } else { mix.add(c, weight: a) }
            if anyLensed {
                // Past this part's table both its values are zero, as `interpolate` returns.
                let outside = .!((below + 1 .< Float(c.tableLength)) .& lensed)
                let index = below.replacing(with: 0, where: outside) + Float(c.tableOffset)
                let i0 = LaneIntegers.rounded(index).integer, i1 = i0 &+ 1
                let t = laneTables.baseAddress!
                let planes = (t, t + tableStride, t + 2 * tableStride, t + 3 * tableStride)
                let wa = (1 - within).replacing(with: 0, where: outside), wb = within.replacing(with: 0, where: outside)
                let red = gather(planes.0, i0) * wa + gather(planes.0, i1) * wb
                shiftR += a * red
                if c.achromatic { // The green and blue planes hold red's numbers: the same products.
                    shiftG += a * red
                    shiftB += a * red
                } else {
                    shiftG += a * (gather(planes.1, i0) * wa + gather(planes.1, i1) * wb)
                    shiftB += a * (gather(planes.2, i0) * wa + gather(planes.2, i1) * wb)
                }
                slope += a * (gather(planes.3, i0) * wa + gather(planes.3, i1) * wb)
            }
            // Position along this part's own diagonal, mixed like the rest; a shimmer belongs to its part.
            let ui = ((px - c.minX) + (py - c.minY)) * c.perDiagonal
            u += a * ui
            if c.shimmerStrength > 0 {
                shimmer += a * c.shimmerGain * lighting.specular.profile8(u: ui, center: c.shimmerCenter)
            }
        }
        let normal = anyLensed ? Specular.Lighting.normal8(slope: slope, inwardX: ix, inwardY: iy) : nil
        let spec = lighting.specular8(u: u, shimmer: shimmer)
        let mirror = normal.map { lighting.reflection8(normalX: $0.x, normalY: $0.y) } ?? (zero, zero)
        let seen = seen(x: x, y: y, n: n, flat: active .& .!lensed, lensed: anyLensed ? lensed : nil, px: px, py: py,
                        inward: (ix, iy), shift: (shiftR, shiftG, shiftB))
        let glow = haloChroma(x: x, n: n, first: first, haloRow: haloRow)
        let body = isLone ? lone.body(seen, halo: glow) : mix.body(seen, halo: glow)
        LiquidGlass.blend(LiquidGlass.MixLanes.finish(body, reflection: mirror, spec: spec), cov: cov, x: x, y: y, n: n,
                          into: out, frameWidth: frameWidth)
        keeping?.pointee = LiquidBody.Chunk(body: body, cov: cov, u: u, normal: normal, shimmer: shimmer, x: x, y: y,
                                            count: n)
    }

    /// What the glass shows at eight pixels: the window at their own centers where `flat`, and where `lensed`
    /// (nil: no lane is) sampled at each channel's displacement along the inward direction; without dispersion
    /// one sample serves all three. Lanes that are neither are 0.
    @inline(__always)
    private func seen(x: Int, y: Int, n: Int, flat: SIMDMask<SIMD8<Int32>>, lensed: SIMDMask<SIMD8<Int32>>?,
                      px: SIMD8<Float>, py: Float, inward: (x: SIMD8<Float>, y: SIMD8<Float>),
                      shift: (r: SIMD8<Float>, g: SIMD8<Float>, b: SIMD8<Float>)) -> ColorPlanes {
        let zero = SIMD8<Float>(repeating: 0)
        var seen = LaneMasks.any(flat) ? direct(x: x, y: y, count: n) : ColorPlanes(r: zero, g: zero, b: zero)
        guard let lensed else { return seen }
        let (ix, iy, shiftR, shiftG, shiftB) = (inward.x, inward.y, shift.r, shift.g, shift.b)
        // Each channel's sample at its own displacement; without dispersion one sample serves all three.
        var lens = Window.sample8(src, viewX0, viewY0, viewWidth, viewHeight, stride: viewStride, x: px + ix * shiftR, y: py + iy * shiftR)
        let dispersed = .!((shiftG .== shiftR) .& (shiftB .== shiftR)) .& lensed
        if LaneMasks.any(dispersed) {
            let g = Window.sample8(src, viewX0, viewY0, viewWidth, viewHeight, stride: viewStride, x: px + ix * shiftG, y: py + iy * shiftG)
            let b = Window.sample8(src, viewX0, viewY0, viewWidth, viewHeight, stride: viewStride, x: px + ix * shiftB, y: py + iy * shiftB)
            lens.g = lens.g.replacing(with: g.g, where: dispersed)
            lens.b = lens.b.replacing(with: b.b, where: dispersed)
        }
        seen = ColorPlanes(r: seen.r.replacing(with: lens.r, where: lensed),
                           g: seen.g.replacing(with: lens.g, where: lensed),
                           b: seen.b.replacing(with: lens.b, where: lensed))
        return seen
    }

    /// Coverage of eight pixels from their signed distances, times the glass's opacity.
    @inline(__always)
    private func coverage(_ sd: SIMD8<Float>) -> SIMD8<Float> {
        var cov = 0.5 - sd
        cov = cov.replacing(with: 0, where: cov .< 0)
        return cov.replacing(with: 1, where: cov .> 1) * opacity
    }

    /// The lens tables' sample below depth d and the weight of the next: d * 8 is exact in Float, so index and
    /// weight are the Double kernel's. Integer lanes through Float bits (`LaneIntegers`).
    @inline(__always)
    private func tablePosition(_ d: SIMD8<Float>) -> (below: SIMD8<Float>, within: SIMD8<Float>) {
        let position = (d * Float(BezelTable.samplesPerPixel)).replacing(with: Float(1 << 20), where: d .> Float(1 << 17))
        var below = LaneIntegers.rounded(position).value
        below = below.replacing(with: below - 1, where: below .> position)
        return (below, position - below)
    }

    /// The halo's chroma at eight pixels of the row, from the row's interpolated cells, or nil without a halo.
    @inline(__always)
    private func haloChroma(x: Int, n: Int, first: Int, haloRow: UnsafeMutablePointer<SIMD4<Float>>) -> ColorPlanes? {
        guard halo != nil else { return nil }
        if n == 8, haloColumn[x &- first].i0 == haloColumn[x &+ 7 &- first].i0 {
            // The eight columns between the same two cells (cells are 24 px at scale 3, so two chunks in
            // three): the lerp in lanes from the two cells, each lane's values as `at` below computes them.
            let c = haloColumn.baseAddress! + (x &- first)
            let t = SIMD8(c[0].t, c[1].t, c[2].t, c[3].t, c[4].t, c[5].t, c[6].t, c[7].t), u = 1 - t
            let h0 = haloRow[c[0].i0], h1 = haloRow[c[0].i1]
            return ColorPlanes(r: h0.x * u + h1.x * t, g: h0.y * u + h1.y * t, b: h0.z * u + h1.z * t)
        }
        @inline(__always) func at(_ l: Int) -> SIMD4<Float> {
            guard l < n else { return .zero }
            let c = haloColumn[x &+ l &- first]
            return haloRow[c.i0] * (1 - c.t) + haloRow[c.i1] * c.t
        }
        return ColorPlanes(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7))
    }

    /// What the window shows at the eight pixels' own centers, read directly (a flat pixel's sample: at a
    /// pixel center the bilinear weights are 0 and 1). Lanes past `count` are 0.
    @inline(__always)
    private func direct(x: Int, y: Int, count n: Int) -> ColorPlanes {
        let i = (y - viewY0) * viewStride + (x - viewX0)
        assert(i >= 0 && i + n <= src.count)
        let p = src.baseAddress! + i
        if n == 8 { return ColorPlanes(p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]) }
        @inline(__always) func at(_ l: Int) -> SIMD4<Float> { l < n ? p[l] : .zero }
        return ColorPlanes(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7))
    }
}

extension LiquidGlass {
    /// The coverage blend of `color` over the frame's `n` pixels from (x, y): the kernel's last step, and the
    /// kept drawing's (`LiquidBody.relight`).
    @inline(__always)
    static func blend(_ color: ColorPlanes, cov: SIMD8<Float>, x: Int, y: Int, n: Int,
                      into out: UnsafeMutableBufferPointer<SIMD4<Float>>, frameWidth: Int) {
        let to = out.baseAddress! + y * frameWidth + x
        assert(y * frameWidth + x + n <= out.count)
        if n == 8, LaneMasks.all(cov .== 1) {
            // Fully covered (most of the glass): out * 0 + seen * 1 is seen, without reading out.
            for l in 0..<8 { to[l] = color[lane: l] }
        } else {
            for l in 0..<n where cov[l] > 0 {
                let c = cov[l], s = color[lane: l]
                to[l] = c == 1 ? s : to[l] * (1 - c) + s * c
            }
        }
    }
}
