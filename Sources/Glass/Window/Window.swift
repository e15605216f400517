import Raster

/// A copy of part of a framebuffer, in absolute pixel coordinates, with clamped bilinear sampling.
struct Window: Sendable {
    let x0: Int, y0: Int, width: Int, height: Int
    var pixels: WindowPixels

    /// The window over `columns` x `rows` of `fb`, rows copied by the workers into memory kept from earlier
    /// windows (`WindowPixels`). With `horizontalBox: r > 0` each row is box-filtered on its way in (the first
    /// horizontal pass of `boxBlur`, with the same operations in the same order, so the values are identical): a
    /// serial copy, its zero fill and the pass's own copy of every row cost as much as two of the blur's passes.
    init(_ fb: Framebuffer, columns: Range<Int>, rows: Range<Int>, horizontalBox r: Int = 0, workers: Workers = .single,
         memory: WindowMemory = .shared) {
        let (x0, y0, w, h) = (columns.lowerBound, rows.lowerBound, columns.count, rows.count)
        let px = WindowPixels(count: w * h, memory: memory) { dst in
            fb.withUnsafePixels { src in
                workers.forEachBand(h, bandSize: 8) { band in
                    let from = src.baseAddress! + (y0 + band.lowerBound) * fb.width + x0
                    let to = dst.baseAddress! + band.lowerBound * w
                    if r > 0 {
                        Self.boxRows(band.count, from, stride: fb.width, into: to, width: w, radius: r)
                    } else {
                        for y in 0..<band.count { (to + y * w).update(from: from + y * fb.width, count: w) }
                    }
                }
            }
        }
        (self.x0, self.y0, width, height, pixels) = (x0, y0, w, h, px)
    }

    /// Bilinear sample at a point in absolute pixel coordinates (pixel centers at +0.5), clamped to the window
    /// whose origin and size are given (the kernel passes them as scalars, not the window, to avoid retains).
    @inline(__always)
    static func sample(_ px: UnsafeBufferPointer<SIMD4<Float>>, _ x0: Int, _ y0: Int, _ width: Int, _ height: Int,
                       _ p: Point) -> SIMD4<Float> {
        let fx = min(max(p.x - 0.5 - Float(x0), 0), Float(width - 1))
        let fy = min(max(p.y - 0.5 - Float(y0), 0), Float(height - 1))
        let ix = min(Int(fx), width - 2 < 0 ? 0 : width - 2), iy = min(Int(fy), height - 2 < 0 ? 0 : height - 2)
        let tx = fx - Float(ix), ty = fy - Float(iy)
        let x1 = min(ix + 1, width - 1), y1 = min(iy + 1, height - 1)
        let a = px[iy * width + ix], b = px[iy * width + x1]
        let c = px[y1 * width + ix], d = px[y1 * width + x1]
        return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty
    }

    /// One row of `width` pixels box-filtered (width 2r+1, clamped edges) by a running sum, from `line` into `row`.
    @inline(__always)
    static func boxRow(_ line: UnsafePointer<SIMD4<Float>>, into row: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, radius r: Int) {
        let norm = 1 / Float(2 * r + 1)
        var sum = SIMD4<Float>.zero
        for k in -r...r { sum += line[min(max(k, 0), w - 1)] }
        for i in 0..<w {
            row[i] = sum * norm
            sum += line[min(i + r + 1, w - 1)] - line[max(i - r, 0)]
        }
    }

    /// `count` rows (`stride` apart in `lines`, `width` apart in `rows`) filtered as `boxRow` filters each, four
    /// at a time: a row's running sum is one chain of dependent additions, so one row at a time ran at the add's
    /// latency; four chains side by side overlap (a showcase frame's two windows, four passes, one thread: 4.0-4.4
    /// -> 3.5-3.6 ms of CPU on the AMD EPYC machine, docs/performance.md). Each row's operations and their order
    /// are `boxRow`'s, so the values are identical.
    static func boxRows(_ count: Int, _ lines: UnsafePointer<SIMD4<Float>>, stride: Int,
                        into rows: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, radius r: Int) {
        guard w > 0 else { return }
        var y = 0
        while y + 4 <= count {
            let l = lines + y * stride, o = rows + y * w
            boxRows4(l, l + stride, l + 2 * stride, l + 3 * stride, into: o, o + w, o + 2 * w, o + 3 * w, width: w, radius: r)
            y += 4
        }
        while y < count {
            boxRow(lines + y * stride, into: rows + y * w, width: w, radius: r)
            y += 1
        }
    }

    @inline(__always)
    private static func boxRows4(_ l0: UnsafePointer<SIMD4<Float>>, _ l1: UnsafePointer<SIMD4<Float>>,
                                 _ l2: UnsafePointer<SIMD4<Float>>, _ l3: UnsafePointer<SIMD4<Float>>,
                                 into o0: UnsafeMutablePointer<SIMD4<Float>>, _ o1: UnsafeMutablePointer<SIMD4<Float>>,
                                 _ o2: UnsafeMutablePointer<SIMD4<Float>>, _ o3: UnsafeMutablePointer<SIMD4<Float>>,
                                 width w: Int, radius r: Int) {
        let norm = 1 / Float(2 * r + 1)
        var s0 = SIMD4<Float>.zero, s1 = SIMD4<Float>.zero, s2 = SIMD4<Float>.zero, s3 = SIMD4<Float>.zero
        for k in -r...r {
            let c = min(max(k, 0), w - 1)
            s0 += l0[c]; s1 += l1[c]; s2 += l2[c]; s3 += l3[c]
        }
        for i in 0..<w {
            let a = min(i + r + 1, w - 1), d = max(i - r, 0)
            o0[i] = s0 * norm; s0 += l0[a] - l0[d]
            o1[i] = s1 * norm; s1 += l1[a] - l1[d]
            o2[i] = s2 * norm; s2 += l2[a] - l2[d]
            o3[i] = s3 * norm; s3 += l3[a] - l3[d]
        }
    }

    /// One box pass of width 2r+1 with clamped edges, by running sums. `boxBlurReference` is the plain version,
    /// which tests compare with this one bit for bit.
    ///
    /// Horizontal: each band of 8 rows is one worker's, filtered four rows at a time (`boxRows`) from a copy of
    /// the four rows. Vertical: each worker takes one run of adjacent columns and walks it down the window row
    /// by row, one running sum per column (each column's operations in the same order as one column at a time,
    /// so the values are identical); the original values of the last r + 1 rows it overwrote are kept aside for
    /// the sums' subtraction. Walking one column at a time touched a new cache line per pixel; bands of 32
    /// columns copied out 512 bytes a row first (3.5-3.6 ms of CPU for a showcase frame's two windows, one
    /// thread; 3.3-3.5 in runs, docs/performance.md). One run per worker: a run's edge in the middle of a cache
    /// line is the only line both workers write (bands dealt in turn made about 35 such lines a row across the
    /// navigation bar's window, and two threads took 25.2 ms of CPU a frame for the glass stage against 21.7).
    mutating func boxBlur(radius r: Int, horizontal: Bool, workers: Workers) {
        let w = width, h = height
        guard w > 0, h > 0 else { return }
        pixels.withUnsafeMutableBufferPointer { px in
            let base = px.baseAddress!
            if horizontal {
                workers.forEachBand(h, bandSize: 8) { band in
                    let lines = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: 4 * w)
                    defer { lines.deallocate() }
                    var y = band.lowerBound
                    while y < band.upperBound {
                        let n = min(4, band.upperBound - y)
                        lines.update(from: base + y * w, count: n * w)
                        Self.boxRows(n, lines, stride: w, into: base + y * w, width: w, radius: r)
                        y += n
                    }
                }
            } else {
                let runs = min(workers.count, w)
                workers.forEach(runs) { run in
                    let columns = (w * run / runs)..<(w * (run + 1) / runs)
                    Self.boxColumns(base + columns.lowerBound, count: columns.count, stride: w, height: h, radius: r)
                }
            }
        }
    }

    /// The vertical pass over `count` adjacent columns starting at `top` (rows `stride` apart), in place.
    private static func boxColumns(_ top: UnsafeMutablePointer<SIMD4<Float>>, count n: Int, stride: Int, height h: Int,
                                   radius r: Int) {
        let norm = 1 / Float(2 * r + 1)
        // The running sums, then the original values of rows i, i - 1, ..., i - r in turn (row i in slot i % (r + 1)).
        let sums = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: (r + 2) * n)
        defer { sums.deallocate() }
        let kept = sums + n
        sums.update(repeating: .zero, count: n)
        for k in -r...r {
            let add = top + min(max(k, 0), h - 1) * stride
            for x in 0..<n { sums[x] += add[x] }
        }
        for i in 0..<h {
            let out = top + i * stride
            let keep = kept + (i % (r + 1)) * n
            // Row i + r + 1 is not yet overwritten; the last row (the clamped edge) is, by the time it is added.
            let addRow = min(i + r + 1, h - 1)
            let add = addRow > i ? UnsafePointer(top + addRow * stride) : UnsafePointer(keep)
            let drop = kept + (max(i - r, 0) % (r + 1)) * n
            for x in 0..<n {
                keep[x] = out[x]
                out[x] = sums[x] * norm
                sums[x] += add[x] - drop[x]
            }
        }
    }
}
