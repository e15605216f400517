import Testing
import Raster
@testable import Glass

/// What the glass derives once from a still image beneath the dots (`PlaneUnderlay`): its blur (`UnderlayBlur`)
/// equals the reference blur of the underlay, band by band; a lens window blurred only around the dots' boxes over
/// it has every bit of the window blurred whole; the halo's cell pass adding its groups (`GlowHalo.UnderlayCells`)
/// gives the reference cells' bits. Boxes that miss a dot give other bits, so the kept values are what was used.
@Suite struct UnderlayTests {
    static let background = Color(242, 242, 247), ink = Color(20, 20, 30)

    /// A plane's underlay: the background, and a random image placed across the plane's left and top edges.
    static func underlay(width: Int, height: Int, seed: UInt64) -> PlaneUnderlay {
        var rng = FrostClipTests.Random(state: seed)
        var image = Framebuffer(width: width * 3 / 4, height: height - 7)
        for y in 0..<image.height {
            for x in 0..<image.width {
                image[x, y] = SIMD4(Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, 1)
            }
        }
        let background = Framebuffer(width: 1, height: 1, color: Self.background)[0, 0]
        return PlaneUnderlay(width: width, height: height, background: background, image: image, x: -5, y: 11)
    }

    /// The underlay with random opaque and translucent dots drawn over it, and the dots' boxes (some past the
    /// plane's edges, as a record can list them).
    static func dotted(_ underlay: PlaneUnderlay, seed: UInt64) -> (plane: Framebuffer, boxes: [PixelRect]) {
        var plane = underlay.rows(0..<underlay.height)
        var rng = FrostClipTests.Random(state: seed)
        var boxes: [PixelRect] = []
        let (w, h) = (plane.width, plane.height)
        for _ in 0..<(w * h / 300) {
            let s = 1 + Int(rng.next() % 9), x0 = Int(rng.next() % UInt64(w)) - 2, y0 = Int(rng.next() % UInt64(h)) - 2
            let a = Float(1 + rng.next() % 999) / 1000
            let c = SIMD4<Float>(Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, Float(rng.next() % 1000) / 1000, 1) * a
            for y in max(0, y0)..<max(0, min(h, y0 + s)) { for x in max(0, x0)..<max(0, min(w, x0 + s)) { plane[x, y] = c + plane[x, y] * (1 - a) } }
            boxes.append(PixelRect(x: x0, y: y0, width: s, height: s))
        }
        return (plane, boxes)
    }

    @Test(arguments: [1, 2, 3, 9])
    func aWindowOverTheUnderlayIsTheWholeBlur(radius r: Int) {
        let (w, h) = (130, 150)
        let underlay = Self.underlay(width: w, height: h, seed: UInt64(r))
        let (plane, boxes) = Self.dotted(underlay, seed: UInt64(10 + r))
        var blur = UnderlayBlur(blur: Tent(radius: r), width: w, height: h)
        blur.blur(rows: 40..<41, of: underlay, workers: Workers(2))
        let b = blur.bandRows, first = 40 / b * b
        #expect(blur.holds(rows: first..<(first + b)) && (first == 0 || !blur.holds(rows: (first - 2)..<40)) && blur.pixelCount == b * w)
        blur.blur(rows: 0..<h, of: underlay, workers: Workers(3))
        // Band by band, the reference blur of the whole underlay.
        let reference = Window.blurReference(underlay.rows(0..<h), columns: 0..<w, rows: 0..<h, blur: Tent(radius: r))
        var rows = [SIMD4<Float>](repeating: .zero, count: w * h)
        rows.withUnsafeMutableBufferPointer { p in for y in 0..<h { blur.copy(row: y, columns: 0..<w, to: p.baseAddress! + y * w) } }
        #expect(WindowTests.differing(rows, reference) == 0, "radius \(r): the kept blur differs from the reference")
        let fill = PlaneFill(background: underlay.background, boxes: boxes, underlay: .init(cells: nil, blur: blur))
        for (xs, ys) in [(5..<110, 8..<80), (0..<w, 0..<h), (50..<58, 33..<75), (60..<100, 60..<64), (0..<30, 120..<h)] {
            let whole = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: r), workers: .single)
            for workers in WindowTests.workerCounts {
                let around = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: r), fill: fill, workers: workers)
                #expect(WindowTests.differing(around, whole) == 0, "radius \(r), \(xs) x \(ys), \(workers.count) workers")
            }
        }
        let (xs, ys) = (0..<w, 0..<h)
        let whole = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: r), workers: .single)
        let missing = PlaneFill(background: underlay.background, boxes: Array(boxes.dropFirst(boxes.count / 2)),
                                underlay: .init(cells: nil, blur: blur))
        #expect(WindowTests.differing(Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: r), fill: missing, workers: .single), whole) > 0,
                "boxes missing dots must show")
        // A blur that does not hold the window's rows, or of another radius, is not used: every pixel is read.
        var part = UnderlayBlur(blur: Tent(radius: r), width: w, height: h)
        part.blur(rows: 0..<40, of: underlay, workers: .single)
        let other = UnderlayBlur(blur: Tent(radius: r + 1), width: w, height: h)
        for b in [part, other] {
            let unused = PlaneFill(background: underlay.background, boxes: [], underlay: .init(cells: nil, blur: b))
            #expect(WindowTests.differing(Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: r), fill: unused, workers: Workers(2)), whole) == 0)
        }
    }

    @Test(arguments: [(101, 77, Float(1)), (120, 96, Float(3)), (93, 131, Float(0.875)), (64, 50, Float(2)), (150, 61, Float(2.5))])
    func theHalosGroupsGiveTheReferenceBits(width: Int, height: Int, scale: Float) {
        let underlay = Self.underlay(width: width, height: height, seed: UInt64(width))
        let (plane, boxes) = Self.dotted(underlay, seed: UInt64(height))
        let neutral = GlowHalo.Neutral()
        let cell = max(1, Int((GlassDefaults.Halo.cellPoints * scale).rounded()))
        let expected = GlowHaloCellsTests.reference(plane, cell: cell, neutral: neutral)
        let groups = GlowHalo.UnderlayCells(underlay: underlay, scale: scale,
                                           workers: Workers(2))
        func pass(_ boxes: [PixelRect], _ groups: GlowHalo.UnderlayCells?) -> (small: [SIMD4<Float>], peak: [Float]) {
            var cells = GlowHalo.Cells(plane: plane, cell: cell, neutral: neutral)
            let gw = cells.small.width, gh = cells.small.height
            cells.compute(Array(repeating: [0..<gw], count: gh), of: plane, neutral: neutral, workers: Workers(2),
                          fill: PlaneFill(background: underlay.background, boxes: boxes, underlay: .init(cells: groups, blur: nil)))
            return (cells.small.withUnsafePixels { Array($0) }, cells.peak)
        }
        func differing(_ got: (small: [SIMD4<Float>], peak: [Float])) -> Int {
            zip(got.small, expected.small).filter { bits($0) != bits($1) }.count
                + zip(got.peak, expected.peak).filter { $0.bitPattern != $1.bitPattern }.count
        }
        #expect(differing(pass(boxes, groups)) == 0, "cell \(cell): the cells differ from the reference's")
        // Groups made for another cell size are not used (every pixel is read), nor missing ones.
        let other = GlowHalo.UnderlayCells(underlay: underlay, scale: scale * 2,
                                          workers: .single)
        #expect(differing(pass(boxes, other)) == 0 && differing(pass(boxes, nil)) == 0)
        if cell >= 8 {
            #expect(differing(pass(Array(boxes.dropFirst(boxes.count / 2)), groups)) > 0, "boxes missing dots must show")
        }
    }

    func bits(_ v: SIMD4<Float>) -> SIMD4<UInt32> { unsafeBitCast(v, to: SIMD4<UInt32>.self) }
}
