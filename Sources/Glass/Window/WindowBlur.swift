import Raster

/// The lens window's blur: the plane, extended past its edges by its edge pixels, under a `Tent` each way (two
/// box passes across, two down), summed in fixed point.
///
/// Why fixed point: running sums in Float would give bits that depend on where each sum began, that is on where
/// the window lay, so a pixel could not be computed alone. Integer sums are exact, so running sums give every
/// pixel the same bits whatever the window and wherever a sum starts, each pass costs the same per pixel at any
/// radius, and a window is a function of the plane around each pixel alone.
///
/// Precision (`BlurFixedPoint`): samples clamped to 0...`limit` and rounded to 2^-bits; the across sums rounded
/// down by 2^shift before the down passes, so that every sum stays below 2^31 in Int32: 2^-21 and no shift up to
/// radius 2 (4.8e-7, a tenth of a 16-bit sRGB sample's darkest step), 2^-17 and a step of 5e-6 at radius 39
/// (a sixtieth of an 8-bit sample's darkest step).
///
/// Structure: the across passes once per window, its rows spread over the workers, into scratch; then the down
/// passes by strips of columns, each a running sum down the whole window. No row is summed across twice, so a
/// large radius costs what a small one does, 2 x reach rows and columns more.
///
/// `blurReference` is the plain definition, one pixel at a time; WindowTests compare the kernel with it bit for
/// bit and with the kernel's convolution in Double.
extension Window {
    /// The largest plane value the sums hold; larger ones are clamped.
    static let limit: Float = 1.5
    /// The largest box radius: the fixed point keeps 14 bits or more (`BlurFixedPoint`).
    static let maxBlurRadius = 128
    /// Columns of a strip of the down passes: its ring of (2 large + 1) rows stays within L2 (81 kB at radius 39).
    static let downStrip = 64

    /// The window over `columns` x `rows` of the plane blurred by `tent` (none: copied); given the plane's
    /// `fill`, only around its boxes (`PlaneFill`), with the same bits.
    init(blurring plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, blur tent: Tent, fill: PlaneFill? = nil,
         workers: Workers, memory: WindowMemory = .shared) {
        guard !tent.isNone else {
            self.init(plane, columns: columns, rows: rows, workers: workers, memory: memory)
            return
        }
        // A fill over an underlay serves only with its blur by this tent over these rows; else every pixel is read.
        if let fill, fill.underlay.map({ $0.blur.map { b in b.tent == tent && b.holds(rows: rows) } ?? false }) ?? true {
            self.init(blurring: plane, columns: columns, rows: rows, blur: tent, around: fill, workers: workers, memory: memory)
            return
        }
        let (w, h) = (columns.count, rows.count)
        let px = WindowPixels(count: w * h, memory: memory) { dst in
            plane.withUnsafePixels { src in
                Self.blur(src, width: plane.width, height: plane.height, columns: columns, rows: rows, tent: tent,
                          into: dst.baseAddress!, stride: w, workers: workers)
            }
        }
        self.init(x0: columns.lowerBound, y0: rows.lowerBound, width: w, height: h, pixels: px)
    }

    /// The window blurred around `fill`'s boxes: the boxes grown by the kernel's reach and merged row by row
    /// (`RowSpans`), cut into rectangles (`rectangles`) that are blurred, and every other pixel the background's
    /// blur (`blurOfConstant`), or the underlay's (`UnderlayBlur`). Each pixel is written once, by one worker.
    private init(blurring plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, blur tent: Tent, around fill: PlaneFill,
                 workers: Workers, memory: WindowMemory) {
        let (x0, y0, w, h) = (columns.lowerBound, rows.lowerBound, columns.count, rows.count)
        let spans = Self.spans(around: fill.boxes, columns: columns, rows: rows, reach: tent.reach)
        let constant = Self.blurOfConstant(fill.background, tent)
        let under = fill.underlay?.blur
        let px = WindowPixels(count: w * h, memory: memory) { dst in
            let base = dst.baseAddress!
            spans.withUnsafeLists { starts, list in
                workers.forEachBand(h, bandSize: 32) { band in
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
                Self.blur(src, plane.width, plane.height, Self.rectangles(spans), x0: x0, y0: y0, tent: tent,
                          into: base, stride: w, workers: workers, flat: FlatRows(fill, tent, planeHeight: plane.height))
            }
        }
        self.init(x0: x0, y0: y0, width: w, height: h, pixels: px)
    }

    /// The blur of a kept window of the same columns, rows and kernel (`KeptWindow`), with the pixels within the
    /// kernel's reach of a changed rectangle blurred again, and only those: the others have the plane around
    /// them unchanged, so their kept bits are the blur's. Nil when the kept window lies elsewhere or has another
    /// kernel (its memory goes back to the pool). The showcase's ambient waves recolor every dot under its bar in
    /// every frame, so there this saves only the window's fill; a still bar over a plane where a ripple moves is
    /// blurred only around it. With the plane's `fill`, its rows that hold no box are summed across as one value.
    init?(blurring plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, blur tent: Tent, reusing reuse: WindowReuse,
          fill: PlaneFill? = nil, workers: Workers) {
        guard !tent.isNone, reuse.kept.tent == tent, var window = reuse.kept.take(), window.x0 == columns.lowerBound,
              window.y0 == rows.lowerBound, window.width == columns.count, window.height == rows.count else { return nil }
        let (x0, y0, w) = (columns.lowerBound, rows.lowerBound, columns.count)
        let rects = Self.rectangles(Self.spans(around: reuse.changed, columns: columns, rows: rows, reach: tent.reach))
        window.pixels.withUnsafeMutableBufferPointer { dst in
            plane.withUnsafePixels { src in
                Self.blur(src, plane.width, plane.height, rects, x0: x0, y0: y0, tent: tent, into: dst.baseAddress!,
                          stride: w, workers: workers, flat: fill.flatMap { FlatRows($0, tent, planeHeight: plane.height) })
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

    /// `spans` cut into rectangles: runs of rows with the same spans, one rectangle per span. Each costs the
    /// kernel's reach in rows and columns more, so runs are not cut further.
    static func rectangles(_ spans: RowSpans) -> [(columns: Range<Int>, rows: Range<Int>)] {
        let h = spans.height
        var rects: [(columns: Range<Int>, rows: Range<Int>)] = []
        var y = 0
        while y < h {
            guard !spans.isEmpty(row: y) else { y += 1; continue }
            var end = y + 1
            while end < h, spans[end] == spans[y] { end += 1 }
            for s in spans[y] { rects.append((s, y..<end)) }
            y = end
        }
        return rects
    }

    /// Blurs `rects` (window pixels; the window's first is frame pixel (x0, y0), at `dst`): many small ones one
    /// to a worker, else one after another, each by all workers.
    static func blur(_ src: UnsafeBufferPointer<SIMD4<Float>>, _ W: Int, _ H: Int, _ rects: [(columns: Range<Int>, rows: Range<Int>)],
                     x0: Int, y0: Int, tent: Tent, into dst: UnsafeMutablePointer<SIMD4<Float>>, stride: Int,
                     workers: Workers, flat: FlatRows?) {
        func one(_ k: Int, _ workers: Workers) {
            let (c, v) = rects[k]
            blur(src, width: W, height: H, columns: (x0 + c.lowerBound)..<(x0 + c.upperBound),
                 rows: (y0 + v.lowerBound)..<(y0 + v.upperBound), tent: tent,
                 into: dst + v.lowerBound * stride + c.lowerBound, stride: stride, workers: workers, flat: flat)
        }
        if rects.count >= 4 * workers.count {
            workers.forEach(rects.count) { one($0, .single) }
        } else {
            for k in rects.indices where !workers.isCancelled { one(k, workers) }
        }
    }

    /// The blur of a plane of one color: the kernel's integer weights sum to `weights` each way, so every sum of
    /// `blur` over such a plane is that color in fixed point times `weights`, shifted, times `weights`.
    static func blurOfConstant(_ color: SIMD4<Float>, _ tent: Tent) -> SIMD4<Float> {
        let k = BlurFixedPoint(tent)
        return SIMD4<Float>(k.acrossOfConstant(color) &* Int32(k.weights)) * k.norm
    }

    /// The blur over `columns` x `rows` of the plane `src` (`W` x `H`) into `dst`, rows `stride` apart: the rows
    /// (clamped to the plane) summed across by the workers (`acrossRow`; a row `flat` names, one value) into
    /// scratch from the shared pool (a window's size and 2 reach rows: the pool's pages are mapped already), then
    /// strips of columns summed down (`downStrip`).
    static func blur(_ src: UnsafeBufferPointer<SIMD4<Float>>, width W: Int, height H: Int, columns: Range<Int>,
                     rows: Range<Int>, tent: Tent, into dst: UnsafeMutablePointer<SIMD4<Float>>, stride: Int,
                     workers: Workers, flat: FlatRows? = nil) {
        let n = columns.count, out = rows.count, memory = WindowMemory.shared
        guard n > 0, out > 0, W > 0, H > 0 else { return }
        let k = BlurFixedPoint(tent)
        let inputs = out + 2 * tent.reach
        let (block, capacity) = memory.take(inputs * n)
        defer { memory.give(block, capacity: capacity) }
        block.withMemoryRebound(to: SIMD4<Int32>.self, capacity: inputs * n) { across in
            workers.forEachBand(inputs, bandSize: 16) { band in
                let q = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: 2 * (n + 2 * tent.reach))
                defer { q.deallocate() }
                for y in band {
                    let row = min(max(rows.lowerBound - tent.reach + y, 0), H - 1)
                    if let flat, !flat.dotted[row] {
                        (across + y * n).update(repeating: flat.across, count: n)
                        continue
                    }
                    acrossRow(src.baseAddress! + row * W, width: W, left: columns.lowerBound - tent.reach, count: n, k,
                              scratch: q, into: across + y * n)
                }
            }
            let strips = (n + downStrip - 1) / downStrip
            workers.forEach(strips) { s in
                let c = (s * downStrip)..<min(n, (s + 1) * downStrip)
                downStrip(across + c.lowerBound, stride: n, count: c.count, rows: out, k, into: dst + c.lowerBound, dstStride: stride)
            }
        }
    }

    /// One row of the across passes: `line` (a plane row of `W` pixels) over `left ..< left + count + 2 reach`,
    /// its ends clamped to the edge pixels, in fixed point, summed by the small box and the large one, rounded
    /// by the shift, into `out` (`count`). `scratch` holds 2 (count + 2 reach).
    @inline(__always)
    static func acrossRow(_ line: UnsafePointer<SIMD4<Float>>, width W: Int, left: Int, count n: Int, _ k: BlurFixedPoint,
                          scratch q: UnsafeMutablePointer<SIMD4<Int32>>, into out: UnsafeMutablePointer<SIMD4<Int32>>) {
        let wide = n + 2 * k.tent.reach
        var i = 0
        let inside = max(0, -left)..<max(max(0, -left), min(wide, W - left))
        while i < inside.lowerBound { q[i] = fixed(line[0], scale: k.scale); i += 1 }
        while i < inside.upperBound { q[i] = fixed(line[left + i], scale: k.scale); i += 1 }
        while i < wide { q[i] = fixed(line[W - 1], scale: k.scale); i += 1 }
        let h1 = q + wide
        runningSum(q, count: n + 2 * k.tent.large, taps: k.tent.taps.0, into: h1)
        runningSum(h1, count: n, taps: k.tent.taps.1, into: out)
        if k.shift > 0 { for x in 0..<n { out[x] = k.round(out[x]) } }
    }

    /// The down passes over a strip of `count` columns: `across` (rows `stride` apart, out + 2 reach of them)
    /// summed down by the small box into a running sum, and that by the large box through a ring of its taps'
    /// rows, `rows` rows out to `dst`.
    static func downStrip(_ across: UnsafePointer<SIMD4<Int32>>, stride n: Int, count m: Int, rows out: Int, _ k: BlurFixedPoint,
                          into dst: UnsafeMutablePointer<SIMD4<Float>>, dstStride: Int) {
        let (t1, t2) = k.tent.taps
        let ring = UnsafeMutablePointer<SIMD4<Int32>>.allocate(capacity: (t2 + 2) * m)
        defer { ring.deallocate() }
        let sum1 = ring + t2 * m, sum2 = sum1 + m
        sum1.update(from: across, count: m)
        for j in 1..<t1 { let row = across + j * n; for x in 0..<m { sum1[x] = sum1[x] &+ row[x] } }
        sum2.update(repeating: .zero, count: m)
        // i: the row of the first box's sums; ring slot i mod t2 holds it until the second box drops it.
        for i in 0..<(t2 - 1) {
            if i > 0 { step(sum1, add: across + (i + t1 - 1) * n, drop: across + (i - 1) * n, count: m) }
            for x in 0..<m { sum2[x] = sum2[x] &+ sum1[x] }
            (ring + i * m).update(from: sum1, count: m)
        }
        // Slot t2 - 1 drops nothing the first time: zero.
        (ring + (t2 - 1) * m).update(repeating: .zero, count: m)
        for i in (t2 - 1)..<(out + t2 - 1) {
            let slot = ring + (i % t2) * m, row = dst + (i - t2 + 1) * dstStride
            let add = across + (i + t1 - 1) * n, drop = across + (i - 1) * n
            // Both running sums in one pass: the first box's row, the second's sum, the ring and the color.
            for x in 0..<m {
                let s1 = sum1[x] &+ add[x] &- drop[x]
                let s2 = sum2[x] &+ s1 &- slot[x]
                sum1[x] = s1
                sum2[x] = s2
                slot[x] = s1
                row[x] = SIMD4<Float>(s2) * k.norm
            }
        }
    }

    /// sum[x] += add[x] - drop[x] for x in 0..<count.
    @inline(__always)
    static func step(_ sum: UnsafeMutablePointer<SIMD4<Int32>>, add: UnsafePointer<SIMD4<Int32>>, drop: UnsafePointer<SIMD4<Int32>>, count: Int) {
        for x in 0..<count { sum[x] = sum[x] &+ add[x] &- drop[x] }
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

/// The fixed point of a `Tent`: one place for the kernel, the background's blur and the reference, which must
/// agree to the bit. A sample is scaled by 2^bits, the across sums (at most `weights` x 1.5 x 2^bits) are
/// divided by 2^shift, rounding half up, and the down sums times `norm` are the color.
struct BlurFixedPoint {
    let tent: Tent
    /// The kernel's weights each way: taps of the small box times taps of the large one.
    let weights: Int
    let scale: Float, shift: Int32, norm: Float

    /// The most bits after the point (at most 21, so that a scaled sample stays below 2^22 for `fixed`) that keep
    /// the across sums below 2^31, and the least shift that keeps the down sums there.
    init(_ tent: Tent) {
        precondition(tent.large <= Window.maxBlurRadius, "blur radius \(tent.large) is above \(Window.maxBlurRadius)")
        self.tent = tent
        weights = tent.taps.0 * tent.taps.1
        let w = Int64(weights), top = Int64(Int32.max)
        var bits: Int64 = 21
        while bits > 0 && w * 3 << (bits - 1) > top { bits -= 1 }
        let acrossMax = w * 3 << max(0, bits - 1)
        var shift: Int64 = 0
        while w * ((acrossMax + ((1 << shift) >> 1)) >> shift) > top { shift += 1 }
        scale = Float(1 << bits)
        self.shift = Int32(shift)
        norm = Float(1 << shift) / (Float(weights) * Float(weights) * scale)
    }

    /// The across sum of a row of one color, rounded: every pixel of such a row has it.
    func acrossOfConstant(_ color: SIMD4<Float>) -> SIMD4<Int32> {
        round(Window.fixed(color, scale: scale) &* Int32(weights))
    }

    /// An across sum divided by 2^shift, rounding half up (the sums are not negative).
    @inline(__always)
    func round(_ s: SIMD4<Int32>) -> SIMD4<Int32> {
        shift == 0 ? s : (s &+ SIMD4(repeating: (1 << shift) >> 1)) &>> SIMD4(repeating: shift)
    }
}

/// The plane rows a flat `PlaneFill` (no underlay) has no box in: every pixel there is the background, so each
/// across sum of such a row is the background's (`acrossOfConstant`), exactly. Over the showcase's dots (9 rows
/// in 63) the across passes then read about a seventh of the rows.
struct FlatRows {
    let across: SIMD4<Int32>
    /// Per plane row: whether a box lies in it.
    let dotted: [Bool]

    init?(_ fill: PlaneFill, _ tent: Tent, planeHeight h: Int) {
        guard fill.underlay == nil else { return nil }
        across = BlurFixedPoint(tent).acrossOfConstant(fill.background)
        var dotted = [Bool](repeating: false, count: h)
        for b in fill.boxes where b.width > 0 { for y in max(0, b.y)..<max(0, min(h, b.maxY)) { dotted[y] = true } }
        self.dotted = dotted
    }
}
