import Raster

extension GaussianBlur {
    /// The plain scalar reference: direct convolution with the composite kernel (`kernel`), separably, over
    /// the mirror-extended backdrop. Slow (cost grows with sigma) and obviously right; tests compare `apply`
    /// against it.
    package func reference(_ source: Framebuffer, region: PixelRect, backdrop: PixelRect) -> [SIMD4<Float>] {
        let k = kernel, reach = (k.count - 1) / 2
        let bw = backdrop.width, bh = backdrop.height
        // Horizontal: every backdrop row, output columns only.
        var rows = [[SIMD4<Double>]](repeating: [], count: bh)
        for y in 0..<bh {
            var line = [SIMD4<Double>](repeating: .zero, count: region.width)
            for i in 0..<region.width {
                let c = region.x - backdrop.x + i
                var acc = SIMD4<Double>.zero
                for j in -reach...reach {
                    let x = backdrop.x + mirror(c + j, bw)
                    acc += k[j + reach] * SIMD4<Double>(source[x, backdrop.y + y])
                }
                line[i] = acc
            }
            rows[y] = line
        }
        var out = [SIMD4<Float>](repeating: .zero, count: region.width * region.height)
        for jy in 0..<region.height {
            let c = region.y - backdrop.y + jy
            for i in 0..<region.width {
                var acc = SIMD4<Double>.zero
                for j in -reach...reach { acc += k[j + reach] * rows[mirror(c + j, bh)][i] }
                out[jy * region.width + i] = SIMD4<Float>(acc)
            }
        }
        return out
    }

    /// `apply`'s stages taken plainly, one after the other over the whole grid, on one thread: every row the
    /// mirrored backdrop gives decimated across (repeats too), then down, the separable convolution, and a
    /// bilinear interpolation at every output pixel. The same arithmetic in the same order as `apply`, which
    /// decimates each source row once, only the rows asked for, four samples at a time, and interpolates a row's
    /// samples once instead of at every pixel; tests and `Frost.applyReference` compare the two bit for bit.
    package func stagedReference(_ source: Framebuffer, region: PixelRect, backdrop: PixelRect) -> [SIMD4<Float>] {
        precondition(PixelRect(source).contains(backdrop) && backdrop.contains(region))
        if region.isEmpty { return [] }
        if sigma == 0 {
            return region.rows.flatMap { y in region.columns.map { x in source[x, y] } }
        }
        let f = factor, r = taps.count - 1
        let across = Grid(output: region.x - backdrop.x, count: region.width, factor: f, radius: r)
        let down = Grid(output: region.y - backdrop.y, count: region.height, factor: f, radius: r)
        let nx = across.samples, ny = down.samples
        let span = f == 1 ? 1 : 2 * f, lead = f == 1 ? 0 : f / 2
        let weights = f == 1 ? [Float(1)] : Self.tent(f)
        let columns = (0..<((nx - 1) * f + span)).map { backdrop.x + mirror(across.first - lead + $0, backdrop.width) }
        let rows = (0..<((ny - 1) * f + span)).map { backdrop.y + mirror(down.first - lead + $0, backdrop.height) }
        // Decimate: each grid row of source pixels to the grid's columns, then the rows to the grid's.
        let wide: [[SIMD4<Float>]] = rows.map { y in
            (0..<nx).map { i in
                if f == 1 { return source[columns[i], y] }
                var acc = SIMD4<Float>.zero
                for k in 0..<span { acc += weights[k] * source[columns[i * f + k], y] }
                return acc
            }
        }
        let low: [[SIMD4<Float>]] = f == 1 ? wide : (0..<ny).map { j in
            var line = [SIMD4<Float>](repeating: .zero, count: nx)
            for k in 0..<span { for i in 0..<nx { line[i] += weights[k] * wide[j * f + k][i] } }
            return line
        }
        // Convolve: across (kept columns), then down (kept rows).
        let kw = nx - 2 * r, kh = ny - 2 * r
        let h: [[SIMD4<Float>]] = low.map { row in
            (0..<kw).map { x in
                var acc = taps[0] * row[x + r]
                for k in stride(from: 1, through: r, by: 1) { acc += taps[k] * (row[x + r - k] + row[x + r + k]) }
                return acc
            }
        }
        let kept: [[SIMD4<Float>]] = (0..<kh).map { y in
            var line = h[y + r].map { taps[0] * $0 }
            for k in stride(from: 1, through: r, by: 1) {
                for x in 0..<kw { line[x] += taps[k] * (h[y + r - k][x] + h[y + r + k][x]) }
            }
            return line
        }
        // Reconstruct: bilinear between the kept samples around each output pixel's center.
        let xs = across.lerps(), ys = down.lerps()
        var out = [SIMD4<Float>](repeating: .zero, count: region.width * region.height)
        for y in 0..<region.height {
            let (j, t) = ys[y]
            let a = kept[j], b = kept[min(j + 1, down.kept - 1)]
            for x in 0..<region.width {
                let (i, s) = xs[x]
                if f == 1 { out[y * region.width + x] = a[i]; continue }
                let left = a[i] + t * (b[i] - a[i]), right = a[i + 1] + t * (b[i + 1] - a[i + 1])
                out[y * region.width + x] = left + s * (right - left)
            }
        }
        return out
    }
}
