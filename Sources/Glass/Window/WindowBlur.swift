import Raster

/// The lens window's light blur: the plane, extended past its edges by its edge pixels, under a tent of 4r + 1
/// taps each way (two box passes of radius r across, two down), summed in fixed point.
///
/// Why fixed point: running sums in Float would give bits that depend on where each sum began, that is on where
/// the window lay, so a pixel could not be computed alone. Integer sums are exact, so running sums give every pixel the same bits whatever the window and wherever a sum starts, the
/// four passes are one pass of additions each (integer additions of one cycle's latency, no chains of Float
/// additions to interleave), and a window is a function of the plane around each pixel alone.
///
/// Precision: each value is clamped to 0...`limit` and rounded to a multiple of 2^-bits (`fixedBits`: 2^-21 at
/// the default radii, 4.8e-7, about a tenth of the darkest step of a 16-bit sRGB sample), so that the largest
/// sum, (2r + 1)^4 x limit x 2^bits, stays below 2^31. The plane's premultiplied colors lie in 0...1.
///
/// `blurReference` is the plain definition, one pixel at a time; WindowTests compare the kernel with it bit for
/// bit and with a tent convolution in Double.
extension Window {
    /// Rows of output one worker computes at once: its scratch holds 4r more rows of the passes across (1.25
    /// rows of them a row at r = 2) and stays within a core's 2 MB of L2 for a 1170-pixel-wide window.
    static let blurBand = 32
    /// The largest plane value the sums hold; larger ones are clamped.
    static let limit: Float = 1.5
    /// The largest radius the fixed point holds with 10 bits or more.
    static let maxBlurRadius = 16

    /// Bits after the point of the fixed-point samples for radius r: the most that keep the largest sum below
    /// 2^31, and at most 21, so that a scaled sample stays below 2^22 (the rounding trick in `fixed`).
    static func fixedBits(radius r: Int) -> Int {
        let taps = Double((2 * r + 1) * (2 * r + 1) * (2 * r + 1) * (2 * r + 1))
        var bits = 0
        while bits < 21 && taps * Double(limit) * Double(1 << (bits + 1)) < Double(Int32.max) { bits += 1 }
        return bits
    }

    /// The fixed point of radius r: a box's taps (2r + 1), the scale of a sample (2^`fixedBits`) and what turns
    /// a sum of the tent's (2r + 1)^4 weighted samples back into a color. One place for the kernel, the
    /// background's blur and the reference, which must agree to the bit.
    static func fixedPoint(radius r: Int) -> (taps: Int, scale: Float, norm: Float) {
        let taps = 2 * r + 1
        let scale = Float(1 << fixedBits(radius: r))
        return (taps, scale, 1 / (Float(taps * taps * taps * taps) * scale))
    }

    /// A sample in fixed point: clamped, scaled by 2^bits and rounded to the nearest integer (ties to even) by
    /// adding 1.5 x 2^23, whose Float spacing is 1, and reading the low bits.
    @inline(__always)
    static func fixed(_ v: SIMD4<Float>, scale: Float) -> SIMD4<Int32> {
        var c = v.replacing(with: 0, where: .!(v .> 0))
        c = c.replacing(with: limit, where: c .> limit)
        let shifted = c * scale + 12_582_912
        return unsafeBitCast(shifted, to: SIMD4<Int32>.self) &- 0x4B40_0000
    }

    /// The plane over `columns` x `rows` blurred with radius `r` (0: copied), computed by `workers` in bands;
    /// given the plane's `fill`, only around its boxes (`PlaneFill`), with the same bits.
    init(blurring plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, radius r: Int, fill: PlaneFill? = nil,
         workers: Workers, memory: WindowMemory = .shared) {
        guard r > 0 else {
            self.init(plane, columns: columns, rows: rows, workers: workers, memory: memory)
            return
        }
        precondition(r <= Self.maxBlurRadius, "blur radius \(r) is above \(Self.maxBlurRadius)")
        // A fill over an underlay serves only with its blur at this radius over these rows; else every pixel is read.
        if let fill, fill.underlay.map({ $0.blur.map { b in b.radius == r && b.holds(rows: rows) } ?? false }) ?? true {
            self.init(blurring: plane, columns: columns, rows: rows, radius: r, around: fill, workers: workers, memory: memory)
            return
        }
        let (w, h) = (columns.count, rows.count)
        let px = WindowPixels(count: w * h, memory: memory) { dst in
            plane.withUnsafePixels { src in
                let bands = (h + Self.blurBand - 1) / Self.blurBand
                workers.forEach(bands) { k in
                    let band = (k * Self.blurBand)..<min(h, (k + 1) * Self.blurBand)
                    Self.blur(src, width: plane.width, height: plane.height, columns: columns,
                              rows: (rows.lowerBound + band.lowerBound)..<(rows.lowerBound + band.upperBound), radius: r,
                              into: dst.baseAddress! + band.lowerBound * w, stride: w)
                }
            }
        }
        self.init(x0: columns.lowerBound, y0: rows.lowerBound, width: w, height: h, pixels: px)
    }

    /// The window blurred around `fill`'s boxes: the boxes grown by the tent's reach (2r) and merged row by row
    /// (`RowSpans`), cut into rectangles (runs of at most `blurBand` rows with the same spans, one rectangle per
    /// span) that the workers blur, and every other pixel the background's blur (`blurOfConstant`), or the
    /// underlay's (`UnderlayBlur`). Each pixel is written once, by one worker.
    private init(blurring plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, radius r: Int, around fill: PlaneFill,
                 workers: Workers, memory: WindowMemory) {
        let (x0, y0, w, h) = (columns.lowerBound, rows.lowerBound, columns.count, rows.count)
        let spans = Self.spans(around: fill.boxes, columns: columns, rows: rows, reach: 2 * r)
        let rects = Self.rectangles(spans)
        let constant = Self.blurOfConstant(fill.background, radius: r)
        let under = fill.underlay?.blur
        let px = WindowPixels(count: w * h, memory: memory) { dst in
            let base = dst.baseAddress!
            spans.withUnsafeLists { starts, list in
                workers.forEachBand(h, bandSize: Self.blurBand) { band in
                    for y in band {
                        let row = base + y * w
                        // Columns x ..< end of the row hold no box's reach: the fill's blur.
                        func fill(_ x: Int, _ end: Int) {
                            if let under {
                                under.copy(row: y0 + y, columns: (x0 + x)..<(x0 + end), to: row + x)
                            } else {
                                (row + x).update(repeating: constant, count: end - x)
                            }
                        }
                        var x = 0
                        for s in list[starts[y]..<starts[y + 1]] {
                            fill(x, s.lowerBound)
                            x = s.upperBound
                        }
                        fill(x, w)
                    }
                }
            }
            plane.withUnsafePixels { src in
                workers.forEach(rects.count) { k in
                    let (c, v) = rects[k]
                    Self.blur(src, width: plane.width, height: plane.height, columns: (x0 + c.lowerBound)..<(x0 + c.upperBound),
                              rows: (y0 + v.lowerBound)..<(y0 + v.upperBound), radius: r,
                              into: base + v.lowerBound * w + c.lowerBound, stride: w)
                }
            }
        }
        self.init(x0: x0, y0: y0, width: w, height: h, pixels: px)
    }

    /// The blur of a kept window of the same columns, rows and radius (`KeptWindow`), with the pixels within the
    /// tent's reach (2r) of a changed rectangle blurred again, and only those: the others have the plane around
    /// them unchanged, so their kept bits are the blur's. Nil when the kept window lies elsewhere or has another
    /// radius (its memory goes back to the pool). The showcase's ambient waves recolor every dot under its bar in
    /// every frame, so there this saves only the window's fill (about half of the fill pass); a still bar over
    /// a plane where a ripple moves is blurred only around it.
    init?(blurring plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, radius r: Int, reusing reuse: WindowReuse,
          workers: Workers) {
        guard r > 0, reuse.kept.radius == r, var window = reuse.kept.take(), window.x0 == columns.lowerBound,
              window.y0 == rows.lowerBound, window.width == columns.count, window.height == rows.count else { return nil }
        let (x0, y0, w) = (columns.lowerBound, rows.lowerBound, columns.count)
        let rects = Self.rectangles(Self.spans(around: reuse.changed, columns: columns, rows: rows, reach: 2 * r))
        window.pixels.withUnsafeMutableBufferPointer { dst in
            plane.withUnsafePixels { src in
                workers.forEach(rects.count) { k in
                    let (c, v) = rects[k]
                    Self.blur(src, width: plane.width, height: plane.height, columns: (x0 + c.lowerBound)..<(x0 + c.upperBound),
                              rows: (y0 + v.lowerBound)..<(y0 + v.upperBound), radius: r,
                              into: dst.baseAddress! + v.lowerBound * w + c.lowerBound, stride: w)
                }
            }
        }
        self = window
    }

    /// The window's pixels (relative to its first) within `reach` of any of `boxes` (frame pixels), merged row by row.
    static func spans(around boxes: [PixelRect], columns: Range<Int>, rows: Range<Int>, reach: Int) -> RowSpans {
        let (x0, y0, w, h) = (columns.lowerBound, rows.lowerBound, columns.count, rows.count)
        var grown: [(columns: Range<Int>, rows: Range<Int>)] = []
        for b in boxes {
            let c = max(x0, b.x - reach)..<max(max(x0, b.x - reach), min(x0 + w, b.maxX + reach))
            let v = max(y0, b.y - reach)..<max(max(y0, b.y - reach), min(y0 + h, b.maxY + reach))
            if !c.isEmpty && !v.isEmpty { grown.append(((c.lowerBound - x0)..<(c.upperBound - x0), (v.lowerBound - y0)..<(v.upperBound - y0))) }
        }
        return RowSpans(height: h, boxes: grown)
    }

    /// `spans` cut into rectangles for the workers: runs of at most `blurBand` rows with the same spans, one
    /// rectangle per span.
    static func rectangles(_ spans: RowSpans) -> [(columns: Range<Int>, rows: Range<Int>)] {
        let h = spans.height
        var rects: [(columns: Range<Int>, rows: Range<Int>)] = []
        var y = 0
        while y < h {
            guard !spans.isEmpty(row: y) else { y += 1; continue }
            var end = y + 1
            while end < h, end - y < Self.blurBand, spans[end] == spans[y] { end += 1 }
            for s in spans[y] { rects.append((s, y..<end)) }
            y = end
        }
        return rects
    }

    /// The blur of a plane of one color: the tent's integer weights sum to (2r + 1)^4, so every running sum of
    /// `blur` over such a plane ends at (2r + 1)^4 times the color in fixed point, converted as `blur` converts.
    static func blurOfConstant(_ color: SIMD4<Float>, radius r: Int) -> SIMD4<Float> {
        let (taps, scale, norm) = fixedPoint(radius: r)
        let sum = fixed(color, scale: scale) &* SIMD4<Int32>(repeating: Int32(taps * taps * taps * taps))
        return SIMD4<Float>(sum) * norm
    }

    /// The blur over `columns` x `rows` of the plane `src` (`W` x `H`) into `dst`, rows `stride` apart, in
    /// scratch of this call: each source row (clamped to the plane) in fixed point and summed across twice,
    /// then the rows summed down twice, each by a running sum.
    static func blur(_ src: UnsafeBufferPointer<SIMD4<Float>>, width W: Int, height H: Int, columns: Range<Int>,
                     rows: Range<Int>, radius r: Int, into dst: UnsafeMutablePointer<SIMD4<Float>>, stride: Int) {
        let n = columns.count, out = rows.count
        guard n > 0, out > 0, W > 0, H > 0 else { return }
        let (taps, scale, norm) = fixedPoint(radius: r)
        let inputs = out + 4 * r, firstDown = out + 2 * r
        // q: one source row in fixed point over columns - 2r ..< columns + 2r; h1: it summed once across.
        let q = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: n + 4 * r)
        let h1 = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: n + 2 * r)
        let h2 = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: inputs * n)
        let v1 = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: firstDown * n)
        let sum = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: n)
        defer { q.deallocate(); h1.deallocate(); h2.deallocate(); v1.deallocate(); sum.deallocate() }
        let base = src.baseAddress!
        let left = columns.lowerBound - 2 * r
        for k in 0..<inputs {
            let line = base + min(max(rows.lowerBound - 2 * r + k, 0), H - 1) * W
            // The row in fixed point, its ends clamped to the plane's edge pixels.
            var i = 0
            let inside = max(0, -left)..<max(max(0, -left), min(n + 4 * r, W - left))
            while i < inside.lowerBound { q[i] = fixed(line[0], scale: scale); i += 1 }
            while i < inside.upperBound { q[i] = fixed(line[left + i], scale: scale); i += 1 }
            while i < n + 4 * r { q[i] = fixed(line[W - 1], scale: scale); i += 1 }
            runningSum(q, count: n + 2 * r, taps: taps, into: h1)
            runningSum(h1, count: n, taps: taps, into: h2 + k * n)
        }
        // Down: sum[x] runs over `taps` rows of the level above; each step adds the next row and drops the first.
        func down(_ from: UnsafeMutablePointer<SIMD4<Int32>>, rows count: Int, _ emit: (Int, UnsafeMutablePointer<SIMD4<Int32>>) -> Void) {
            sum.update(from: from, count: n)
            for j in 1..<taps { let row = from + j * n; for x in 0..<n { sum[x] = sum[x] &+ row[x] } }
            emit(0, sum)
            for k in 1..<count {
                let add = from + (k + taps - 1) * n, drop = from + (k - 1) * n
                for x in 0..<n { sum[x] = sum[x] &+ add[x] &- drop[x] }
                emit(k, sum)
            }
        }
        down(h2, rows: firstDown) { k, s in (v1 + k * n).update(from: s, count: n) }
        down(v1, rows: out) { k, s in
            let row = dst + k * stride
            for x in 0..<n { row[x] = SIMD4<Float>(s[x]) * norm }
        }
    }

    /// out[j] = in[j] + ... + in[j + taps - 1] for j in 0..<count, by a running sum (exact in integers).
    @inline(__always)
    static func runningSum(_ values: UnsafePointer<SIMD4<Int32>>, count: Int, taps: Int, into out: UnsafeMutablePointer<SIMD4<Int32>>) {
        var s = values[0]
        for i in 1..<taps { s = s &+ values[i] }
        out[0] = s
        var j = 1
        while j < count {
            s = s &+ values[j + taps - 1] &- values[j - 1]
            out[j] = s
            j += 1
        }
    }
}
