import Testing
import Raster
@testable import Glass

/// The glow halo's cell pass and its cells kept between frames (GlowHalo.Cells): the pass gives, bit for bit,
/// the sums and peaks of a plain reference (each 2 x 2 block's average as its sum over its pixel count, its
/// chroma as `Neutral.chroma`), over planes whose sizes leave odd last columns and rows in cells of even and odd
/// size; and a halo made from kept cells, told where the plane changed, has every bit of a halo made afresh.
@Suite struct GlowHaloCellsTests {
    let background = Color(242, 242, 247), ink = Color(20, 20, 30)

    /// A plane of `background` with `count` random opaque and translucent colored dots (squares of 1-6 pixels).
    static func plane(width: Int, height: Int, dots count: Int, seed: UInt64, background: Color) -> Framebuffer {
        var fb = Framebuffer(width: width, height: height, color: background)
        var rng = FrostClipTests.Random(state: seed)
        for _ in 0..<count { Self.dot(&fb, &rng) }
        return fb
    }

    static func dot(_ fb: inout Framebuffer, _ rng: inout FrostClipTests.Random) {
        let s = 1 + Int(rng.next() % 6), x0 = Int(rng.next() % UInt64(fb.width)), y0 = Int(rng.next() % UInt64(fb.height))
        let a = Float(rng.next() % 1000) / 1000
        let c = SIMD4<Float>(Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, 1) * a
        for y in y0..<min(fb.height, y0 + s) {
            for x in x0..<min(fb.width, x0 + s) { fb[x, y] = c + fb[x, y] * (1 - a) }
        }
    }

    /// The cell pass as it was written before it was kept and unrolled: block by block, averaged by division.
    static func reference(_ plane: Framebuffer, cell: Int, neutral: GlowHalo.Neutral) -> (small: [SIMD4<Float>], peak: [Float]) {
        let gw = (plane.width + cell - 1) / cell, gh = (plane.height + cell - 1) / cell
        var small = [SIMD4<Float>](repeating: .zero, count: gw * gh), peak = [Float](repeating: 0, count: gw * gh)
        for j in 0..<gh {
            let ys = (j * cell)..<min((j + 1) * cell, plane.height)
            for i in 0..<gw {
                let xs = (i * cell)..<min((i + 1) * cell, plane.width)
                var sum = SIMD4<Float>.zero, top: Float = 0
                for y in stride(from: ys.lowerBound, to: ys.upperBound, by: 2) {
                    for x in stride(from: xs.lowerBound, to: xs.upperBound, by: 2) {
                        var block = plane[x, y], n: Float = 1
                        if x + 1 < xs.upperBound { block += plane[x + 1, y]; n += 1 }
                        if y + 1 < ys.upperBound {
                            block += plane[x, y + 1]; n += 1
                            if x + 1 < xs.upperBound { block += plane[x + 1, y + 1]; n += 1 }
                        }
                        sum += block
                        let e = neutral.chroma(block / n - neutral.background)
                        top = max(top, (e * e).sum())
                    }
                }
                small[j * gw + i] = sum / Float(xs.count * ys.count)
                peak[j * gw + i] = top
            }
        }
        return (small, peak)
    }

    @Test(arguments: [(101, 77, Float(1)), (120, 96, Float(3)), (93, 131, Float(0.875)), (64, 50, Float(2))])
    func thePassGivesTheReferenceBits(width: Int, height: Int, scale: Float) {
        let plane = Self.plane(width: width, height: height, dots: width * height / 20, seed: UInt64(width), background: background)
        let neutral = GlowHalo.Neutral()
        let cell = max(1, Int((GlassDefaults.Halo.cellPoints * scale).rounded()))
        var cells = GlowHalo.Cells(plane: plane, cell: cell, neutral: neutral)
        let gw = cells.small.width, gh = cells.small.height
        cells.compute(Array(repeating: [0..<gw], count: gh), of: plane, neutral: neutral, workers: Workers(2))
        let expected = Self.reference(plane, cell: cell, neutral: neutral)
        let small = cells.small.withUnsafePixels { Array($0) }
        #expect(zip(small, expected.small).filter { bits($0) != bits($1) }.isEmpty, "cell \(cell): sums differ")
        #expect(zip(cells.peak, expected.peak).filter { $0.bitPattern != $1.bitPattern }.isEmpty, "cell \(cell): peaks differ")
        #expect(cells.computed == gw * gh)
    }

    /// Frames of a plane where dots appear in a few places each frame, halos read by regions that move: the halo
    /// made from the last frame's cells, with the changed pixels' spans, equals a fresh one, and keeps cells.
    @Test(arguments: [Float(1), Float(2)])
    func keptCellsGiveAFreshHalosBits(scale: Float) {
        let w = 240, h = 300, band = 8
        var plane = Self.plane(width: w, height: h, dots: 600, seed: 5, background: background)
        var rng = FrostClipTests.Random(state: 9)
        var kept: GlowHalo.Cells?
        var computed = 0, fresh = 0
        for frame in 0..<12 {
            // A few dots each frame; the spans of the rows they touch, per band, as a record would give them.
            var changed = [[Range<Int>]](repeating: [], count: (h + band - 1) / band)
            let before = plane
            for _ in 0..<(frame % 3 == 0 ? 0 : 4) { Self.dot(&plane, &rng) }
            for y in 0..<h {
                let diff = (0..<w).filter { bits(plane[$0, y]) != bits(before[$0, y]) }
                if let lo = diff.first, let hi = diff.last { changed[y / band].append(lo..<(hi + 1)) }
            }
            changed = changed.map { spans in spans.isEmpty ? [] : [spans.map(\.lowerBound).min()!..<spans.map(\.upperBound).max()!] }
            let regions = [PixelRect(x: 10 + frame * 8, y: 20, width: 100, height: 40), PixelRect(x: 30, y: 150 + frame * 5, width: 60, height: 60)]
            let a = GlowHalo(plane: plane, scale: scale, workers: Workers(2), reading: regions,
                             reusing: kept.map { ($0, changed, band) })
            let b = GlowHalo(plane: plane, scale: scale, workers: Workers(2), reading: regions)
            #expect(a.exact == b.exact)
            let wrong = zip(a.chroma, b.chroma).filter { bits($0) != bits($1) }.count
            #expect(wrong == 0, "scale \(scale) frame \(frame): \(wrong) cells of light differ from a fresh halo's")
            kept = a.cells
            computed += a.cells.computed
            fresh += b.cells.computed
        }
        #expect(computed < fresh / 2, "\(computed) cells computed, \(fresh) afresh")
    }

    /// With the plane's fill (its background outside the dots' boxes), the pass reads only the groups of pixels a
    /// box reaches and gives the reference's bits: over planes whose sizes leave odd last columns and rows, cells
    /// of even, odd and non-multiple-of-8 size (and narrower than eight pixels), dots at the edges and crowded together. Boxes that miss some dots
    /// give other bits, so the fill is what the pass used.
    @Test(arguments: [(101, 77, Float(1)), (120, 96, Float(3)), (93, 131, Float(0.875)), (64, 50, Float(2)), (150, 61, Float(2.5))])
    func theFillGivesTheReferenceBits(width: Int, height: Int, scale: Float) {
        var plane = Framebuffer(width: width, height: height, color: background)
        let fillColor = plane[0, 0]
        var rng = FrostClipTests.Random(state: UInt64(width * 7 + height))
        var boxes: [PixelRect] = []
        for _ in 0..<(width * height / 300) {
            let s = 1 + Int(rng.next() % 6), x0 = Int(rng.next() % UInt64(width)), y0 = Int(rng.next() % UInt64(height))
            let a = Float(1 + rng.next() % 999) / 1000
            let c = SIMD4<Float>(Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, 1) * a
            for y in y0..<min(height, y0 + s) { for x in x0..<min(width, x0 + s) { plane[x, y] = c + plane[x, y] * (1 - a) } }
            boxes.append(PixelRect(x: x0, y: y0, width: s, height: s))
        }
        // Boxes past the edges and empty ones, as a record can list them.
        boxes += [PixelRect(x: -5, y: -3, width: 4, height: 9), PixelRect(x: width - 2, y: height - 1, width: 9, height: 9),
                  PixelRect(x: 3, y: 4, width: 0, height: 5)]
        let neutral = GlowHalo.Neutral()
        let cell = max(1, Int((GlassDefaults.Halo.cellPoints * scale).rounded()))
        let expected = Self.reference(plane, cell: cell, neutral: neutral)
        func pass(_ boxes: [PixelRect]) -> (small: [SIMD4<Float>], peak: [Float]) {
            var cells = GlowHalo.Cells(plane: plane, cell: cell, neutral: neutral)
            let gw = cells.small.width, gh = cells.small.height
            // Every row of cells, some rows in two runs, one row not at all.
            let runs = (0..<gh).map { j in j == 1 ? [] : j % 3 == 0 && gw > 2 ? [0..<1, 2..<gw] : [0..<gw] }
            cells.compute(runs, of: plane, neutral: neutral, workers: Workers(2),
                          fill: PlaneFill(background: fillColor, boxes: boxes))
            return (cells.small.withUnsafePixels { Array($0) }, cells.peak).self
        }
        let got = pass(boxes)
        let gw = (width + cell - 1) / cell
        let computed = (0..<got.small.count).filter { i in i / gw != 1 && !(i / gw % 3 == 0 && gw > 2 && i % gw == 1) }
        #expect(computed.filter { bits(got.small[$0]) != bits(expected.small[$0]) }.isEmpty, "cell \(cell): sums differ")
        #expect(computed.filter { got.peak[$0].bitPattern != expected.peak[$0].bitPattern }.isEmpty, "cell \(cell): peaks differ")
        // (Cells narrower than a group of eight pixels read every pixel: the fill has nothing to skip.)
        if cell >= 8 {
            let blind = pass(Array(boxes.dropFirst(boxes.count / 2)))
            #expect(computed.contains { bits(blind.small[$0]) != bits(expected.small[$0]) }, "boxes missing dots must show")
        }
    }

    func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }
}
