import Raster

/// A copy of part of a framebuffer, in absolute pixel coordinates, with clamped bilinear sampling.
struct Window: Sendable {
    let x0: Int, y0: Int, width: Int, height: Int
    var pixels: [SIMD4<Float>]

    /// The window over `columns` x `rows` of `fb`, rows copied by the workers into memory that is not zeroed
    /// first. With `horizontalBox: r > 0` each row is box-filtered on its way in (the first horizontal pass of
    /// `boxBlur`, with the same operations in the same order, so the values are identical): a serial copy, its
    /// zero fill and the pass's own copy of every row cost as much as two of the blur's passes.
    init(_ fb: Framebuffer, columns: Range<Int>, rows: Range<Int>, horizontalBox r: Int = 0, workers: Workers = .single) {
        let (x0, y0, w, h) = (columns.lowerBound, rows.lowerBound, columns.count, rows.count)
        let px = [SIMD4<Float>](unsafeUninitializedCapacity: w * h) { dst, count in
            fb.withUnsafePixels { src in
                workers.forEachBand(h, bandSize: 8) { band in
                    for y in band {
                        let from = src.baseAddress! + (y0 + y) * fb.width + x0, to = dst.baseAddress! + y * w
                        if r > 0 { Self.boxRow(from, into: to, width: w, radius: r) } else { to.initialize(from: from, count: w) }
                    }
                }
            }
            count = w * h
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

    /// One box pass of width 2r+1 with clamped edges, by running sums; each row or column written by one worker.
    /// Columns are filtered a band of them at a time, row after row (the same operations per column, in the
    /// same order, as one column at a time, so the values are identical): walking one column down the window
    /// touched a new cache line per pixel and made this pass 10% of a showcase frame. `boxBlurReference` is the
    /// plain version, which tests compare with this one.
    mutating func boxBlur(radius r: Int, horizontal: Bool, workers: Workers) {
        let w = width, h = height
        let norm = 1 / Float(2 * r + 1)
        pixels.withUnsafeMutableBufferPointer { px in
            if horizontal {
                workers.forEachBand(h, bandSize: 8) { band in
                    let line = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w)
                    defer { line.deallocate() }
                    for l in band {
                        let row = px.baseAddress! + l * w
                        line.update(from: row, count: w)
                        Self.boxRow(line, into: row, width: w, radius: r)
                    }
                }
                return
            }
            let bandWidth = 32
            // Each worker takes one run of adjacent column bands. Dealt in turn, neighbouring bands went to
            // different workers, and a band's edge (512 bytes into a row) lies on a cache line only where the
            // row's start does (a row is 16 w bytes): in most rows each of the about 35 edges across the
            // navigation bar's window was a line both workers wrote, passed back and forth whenever both ran at
            // once (two threads took 25.2 ms of CPU a frame for the glass stage, 21.7 after this; one thread
            // 20.7). In runs, at most one such line a row. Each column's sums are unchanged, so are the values.
            let bands = (w + bandWidth - 1) / bandWidth
            workers.forEachBand(bands, bandSize: (bands + workers.count - 1) / workers.count) { run in
                let col = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: bandWidth * h)
                let sum = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: bandWidth)
                defer { col.deallocate(); sum.deallocate() }
                for band in run {
                    let columns = (band * bandWidth)..<min(w, (band + 1) * bandWidth)
                    let bw = columns.count
                    // The band's columns for every row, then one running sum per column.
                    for i in 0..<h { (col + i * bw).update(from: px.baseAddress! + i * w + columns.lowerBound, count: bw) }
                    sum.update(repeating: .zero, count: bw)
                    for k in -r...r {
                        let src = col + min(max(k, 0), h - 1) * bw
                        for x in 0..<bw { sum[x] += src[x] }
                    }
                    for i in 0..<h {
                        let out = px.baseAddress! + i * w + columns.lowerBound
                        let add = col + min(i + r + 1, h - 1) * bw, drop = col + max(i - r, 0) * bw
                        for x in 0..<bw {
                            out[x] = sum[x] * norm
                            sum[x] += add[x] - drop[x]
                        }
                    }
                }
            }
        }
    }

    /// The plain box pass that `boxBlur` must equal bit for bit (WindowTests): each row or column copied out,
    /// then filtered by the running sum over the copy, the same operations in the same order.
    mutating func boxBlurReference(radius r: Int, horizontal: Bool) {
        let norm = 1 / Float(2 * r + 1)
        let (lines, length, w) = horizontal ? (height, width, width) : (width, height, width)
        for l in 0..<lines {
            let index = { (i: Int) in horizontal ? l * w + i : i * w + l }
            let line = (0..<length).map { pixels[index($0)] }
            var sum = SIMD4<Float>.zero
            for k in -r...r { sum += line[min(max(k, 0), length - 1)] }
            for i in 0..<length {
                pixels[index(i)] = sum * norm
                sum += line[min(i + r + 1, length - 1)] - line[max(i - r, 0)]
            }
        }
    }
}
