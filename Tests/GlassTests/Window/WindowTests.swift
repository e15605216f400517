import Foundation
import Testing
import Raster
@testable import Glass

/// The lens window's blur (`Window(blurring:)`: fixed-point running sums across and down, bands on the workers)
/// against its plain definition (`blurReference`, one pixel at a time) bit for bit, over windows inside the
/// plane and at its edges; against a tent convolution in Double that shares no code with either, over a plane
/// of random values and over hard black and white edges; windows made in memory an earlier window left behind.
@Suite struct WindowTests {
    /// (kernel, window width, height): wider and narrower than a strip of the down passes or a band of the across
    /// ones, shorter than the reach, one pixel wide or tall; tents and half steps, up to the measured blur at
    /// scale 3 (radius 39, with a shift between the passes) over windows smaller than its reach.
    static let cases: [(tent: Tent, width: Int, height: Int)] = [
        (Tent(radius: 2), 75, 61), (Tent(radius: 1), 40, 23), (Tent(radius: 3), 7, 5), (Tent(radius: 2), 1, 9),
        (Tent(radius: 2), 33, 1), (Tent(radius: 2), 3, 2), (Tent(radius: 4), 70, 3), (Tent(radius: 2), 13, 4),
        (Tent(radius: 2), 9, 7), (Tent(radius: 1), 6, 12), (Tent(radius: 3), 2, 13), (Tent(radius: 5), 3, 17),
        (Tent(radius: 2), 5, 8), (Tent(radius: 2), 41, 70), (Tent(radius: 0), 9, 8), (Tent(small: 0, large: 1), 10, 6),
        (Tent(small: 2, large: 3), 131, 20), (Tent(small: 12, large: 13), 9, 40), (Tent(radius: 32), 70, 9),
        (Tent(radius: 39), 48, 37),
    ]

    /// A plane of pseudo-random values (a fixed LCG), so that no two sums round alike by accident.
    static func plane(width: Int, height: Int) -> Framebuffer {
        var plane = Framebuffer(width: width, height: height)
        var state: UInt32 = 12345
        for y in 0..<plane.height {
            for x in 0..<plane.width {
                var v = SIMD4<Float>()
                for c in 0..<4 {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    v[c] = Float(state >> 8) / Float(1 << 24)
                }
                plane[x, y] = v
            }
        }
        return plane
    }

    /// How many pixels differ in any bit (so -0 against +0 and NaNs count).
    static func differing(_ a: Window, _ b: Window) -> Int { differing(a.pixels.array, b.pixels.array) }

    static func differing(_ a: [SIMD4<Float>], _ b: [SIMD4<Float>]) -> Int {
        zip(a, b).filter { p, q in (0..<4).contains { p[$0].bitPattern != q[$0].bitPattern } }.count
    }

    static let workerCounts = [Workers.single, Workers(2), Workers(3)]

    /// Windows inside the plane, touching each of its edges, and the whole plane.
    static func placements(width w: Int, height h: Int, planeWidth pw: Int, planeHeight ph: Int) -> [(Range<Int>, Range<Int>)] {
        [(3..<(3 + w), 2..<(2 + h)), (0..<w, 0..<h), ((pw - w)..<pw, (ph - h)..<ph), (0..<pw, 0..<ph)]
    }

    @Test(arguments: cases.indices)
    func theBlurIsItsDefinitionBitForBit(index: Int) {
        let (tent, w, h) = Self.cases[index]
        let plane = Self.plane(width: w + 5, height: h + 4)
        for (xs, ys) in Self.placements(width: w, height: h, planeWidth: plane.width, planeHeight: plane.height) {
            let plain = Window.blurReference(plane, columns: xs, rows: ys, blur: tent)
            for workers in Self.workerCounts {
                let fast = Window(blurring: plane, columns: xs, rows: ys, blur: tent, workers: workers)
                let differing = Self.differing(fast.pixels.array, plain)
                #expect(differing == 0, "\(tent), \(xs) x \(ys), \(workers.count) workers: \(differing) pixels differ")
            }
        }
    }

    /// The blur is two boxes each way (2a + 1 and 2b + 1 taps, convolved here as two arrays) of the plane
    /// extended by its edge pixels, over the product of their taps squared: computed here in Double as one 2D
    /// sum, over random values and over a black and white checkerboard of 5-pixel squares (the largest steps a
    /// plane can have), against which the fixed-point sums are within their rounding: half a step of 2^-bits per
    /// sample (2.4e-7 at 21 bits, if all round alike), half of 2^shift per across sum over its weights (2.5e-6 at
    /// radius 39: 17 bits, shift 12), the sum's conversion to Float (up to 2^31: 6e-8), the rounded normalizer
    /// and the product (6e-8 each). Measured: 3.63e-7 over the random plane at radius 2.
    @Test(arguments: [false, true])
    func theBlurIsItsKernelOfThePlane(checkerboard: Bool) {
        let (pw, ph) = (90, 70)
        var plane = Self.plane(width: pw, height: ph)
        if checkerboard {
            for y in 0..<ph { for x in 0..<pw { plane[x, y] = SIMD4(repeating: (x / 5 + y / 5) % 2 == 0 ? 1 : 0) } }
        }
        for (a, b) in [(1, 1), (2, 2), (3, 3), (2, 3), (4, 5), (39, 39)] {
            let (xs, ys) = (0..<pw, 0..<ph)
            let win = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(small: a, large: b), workers: Workers(2)).pixels.array
            // The kernel: a box of 2a + 1 ones convolved with one of 2b + 1.
            var kernel = [Double](repeating: 0, count: 2 * (a + b) + 1)
            for i in 0...(2 * a) { for j in 0...(2 * b) { kernel[i + j] += 1 } }
            let total = Double((2 * a + 1) * (2 * b + 1)), reach = a + b
            var worst = 0.0
            for y in ys {
                for x in xs {
                    var sum = SIMD4<Double>()
                    for dy in -reach...reach {
                        for dx in -reach...reach {
                            let p = plane[min(max(x + dx, 0), pw - 1), min(max(y + dy, 0), ph - 1)]
                            sum += SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) * (kernel[dx + reach] * kernel[dy + reach])
                        }
                    }
                    let got = win[y * pw + x]
                    let expected = sum / (total * total)
                    for c in 0..<4 { worst = max(worst, abs(Double(got[c]) - expected[c])) }
                }
            }
            let k = BlurFixedPoint(Tent(small: a, large: b))
            let step = 1 / Double(k.scale)
            let bound = step / 2 + (k.shift > 0 ? Double(1 << k.shift) / 2 * step / total : 0) + 1.8e-7
            #expect(worst < bound, "boxes \(a), \(b), checkerboard \(checkerboard): \(worst) from the kernel (bound \(bound))")
            print("window blur: boxes \(a), \(b), checkerboard \(checkerboard): \(worst) from the kernel in Double (bound \(bound))")
        }
    }

    /// A kernel's standard deviation in pixels is the measured sigma's nearest (`Tent(sigma:)`), and each of the
    /// table's blurs is met within 4% at scales 1 to 3; the variance is the kernel's, as a sum over its weights.
    @Test func theKernelMeetsTheSigma() {
        for (a, b) in [(0, 1), (1, 1), (2, 3), (39, 39)] {
            let t = Tent(small: a, large: b)
            let weights = (-t.reach...t.reach).map { Double(t.weight($0)) }
            let variance = zip(-t.reach...t.reach, weights).reduce(0) { $0 + Double($1.0 * $1.0) * $1.1 } / weights.reduce(0, +)
            #expect(abs(variance.squareRoot() - t.sigma) < 1e-9, "\(t)")
        }
        for scale in [1, 2, 3] as [Float] {
            for (variant, light) in [(GlassDefaults.Liquid.Variant.regular, false), (.regular, true), (.clear, false)] {
                let sigma = Double(GlassDefaults.Liquid.blurSigmaPoints(variant, light: light))
                let t = GlassDefaults.Liquid.blur(variant, light: light, scale: scale)
                #expect(abs(t.sigma / Double(scale) / sigma - 1) < 0.04, "\(variant) light \(light) at scale \(scale): \(t)")
                for other in [Tent(radius: t.small), Tent(small: t.small, large: t.small + 1), Tent(radius: t.large + 1)] {
                    #expect(abs(other.sigma - sigma * Double(scale)) >= abs(t.sigma - sigma * Double(scale)))
                }
            }
        }
        #expect(Tent(sigma: 0.4).isNone && Tent(sigma: 0.42) == Tent(small: 0, large: 1))
        #expect(GlassDefaults.Liquid.blur(.regular, light: false, scale: 3) == Tent(radius: 39))
    }

    /// A plane of one color with boxes of random values (apart, touching, overlapping, one pixel, across the
    /// window's and the plane's edges, outside the window) blurred around its boxes (`PlaneFill`) has every bit
    /// of the window blurred whole; with a box left out of the fill, it does not.
    @Test(arguments: [1, 2, 3, 26])
    func aWindowBlurredAroundTheBoxesIsTheWholeBlur(radius r: Int) {
        let background = SIMD4<Float>(0.21, 0.43, 0.65, 1)
        var plane = Framebuffer(width: 120, height: 90, fill: background)
        let boxes = [PixelRect(x: 40, y: 30, width: 11, height: 11), PixelRect(x: 51, y: 33, width: 9, height: 9),
                     PixelRect(x: 45, y: 36, width: 9, height: 12), PixelRect(x: 0, y: 0, width: 7, height: 5),
                     PixelRect(x: 113, y: 84, width: 7, height: 6), PixelRect(x: 9, y: 60, width: 1, height: 1),
                     PixelRect(x: 100, y: 2, width: 11, height: 11), PixelRect(x: 2, y: 80, width: 11, height: 10)]
        var state: UInt32 = 7
        for b in boxes {
            for y in b.rows {
                for x in b.columns {
                    var v = SIMD4<Float>()
                    for c in 0..<4 {
                        state = state &* 1_664_525 &+ 1_013_904_223
                        v[c] = Float(state >> 8) / Float(1 << 24)
                    }
                    plane[x, y] = v
                }
            }
        }
        let fill = PlaneFill(background: background, boxes: boxes)
        for (xs, ys) in [(5..<110, 8..<80), (0..<120, 0..<90), (50..<58, 33..<75), (60..<100, 60..<64), (20..<30, 20..<25)] {
            let whole = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: r), workers: .single)
            for workers in Self.workerCounts {
                let around = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: r), fill: fill, workers: workers)
                #expect(Self.differing(around, whole) == 0, "radius \(r), \(xs) x \(ys), \(workers.count) workers")
            }
        }
        // A wide kernel's reach from the other boxes covers the first: then none is given.
        let missing = PlaneFill(background: background, boxes: r > 3 ? [] : Array(boxes.dropFirst()))
        #expect(Self.differing(Window(blurring: plane, columns: 5..<110, rows: 8..<80, blur: Tent(radius: r), fill: missing, workers: .single),
                               Window(blurring: plane, columns: 5..<110, rows: 8..<80, blur: Tent(radius: r), workers: .single)) > 0)
    }

    /// A kept window blurred again only within the reach of the boxes that changed (`KeptWindow`), its plane rows
    /// without a box summed across as one value (`FlatRows`), has every bit of the new plane's window blurred
    /// whole; with a changed box left out, it does not.
    @Test(arguments: [2, 26])
    func aKeptWindowBlurredAgainAroundChangesIsTheWholeBlur(radius r: Int) {
        let background = SIMD4<Float>(0.21, 0.43, 0.65, 1)
        let before = [PixelRect(x: 30, y: 40, width: 9, height: 9), PixelRect(x: 90, y: 70, width: 9, height: 9),
                      PixelRect(x: 140, y: 2, width: 9, height: 9)]
        let after = [PixelRect(x: 36, y: 44, width: 9, height: 9), before[1], before[2]]
        func plane(_ boxes: [PixelRect], _ colors: [SIMD4<Float>]) -> Framebuffer {
            var p = Framebuffer(width: 160, height: 120, fill: background)
            for (b, c) in zip(boxes, colors) { for y in b.rows { for x in b.columns { p[x, y] = c } } }
            return p
        }
        let old = plane(before, [SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(0, 0, 1, 1)])
        let new = plane(after, [SIMD4(1, 0, 0, 1), SIMD4(1, 1, 0, 1), SIMD4(0, 0, 1, 1)])
        let (xs, ys, tent) = (10..<150, 20..<100, Tent(radius: r))
        let whole = Window(blurring: new, columns: xs, rows: ys, blur: tent, workers: .single)
        for (changed, same) in [([before[0], after[0], before[1]], true), ([before[0], after[0]], false)] {
            let kept = KeptWindow(Window(blurring: old, columns: xs, rows: ys, blur: tent, workers: .single), blur: tent)
            let again = Window(blurring: new, columns: xs, rows: ys, blur: tent, reusing: WindowReuse(kept: kept, changed: changed),
                               fill: PlaneFill(background: background, boxes: after), workers: Workers(2))
            #expect(again.map { (Self.differing($0, whole) == 0) == same } == true, "radius \(r), \(changed.count) changed boxes")
        }
    }

    /// A window made in memory an earlier window filled with NaN is every bit a window made in fresh memory:
    /// every pixel is written before it is read.
    @Test func aWindowInUsedMemoryIsAFreshWindow() {
        let plane = Self.plane(width: 80, height: 50)
        let (xs, ys) = (3..<78, 2..<47)
        let memory = WindowMemory(blocks: 1, bytes: 1 << 30)
        let used: UnsafePointer<SIMD4<Float>>? = {
            let old = WindowPixels(count: xs.count * ys.count, memory: memory) { $0.update(repeating: SIMD4(repeating: .nan)) }
            return old.withUnsafeBufferPointer { $0.baseAddress }
        }()
        for (workers, radius) in [(Workers.single, 0), (Workers(2), 2), (Workers(3), 2)] {
            let win = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: radius), workers: workers, memory: memory)
            let base: UnsafePointer<SIMD4<Float>>? = win.pixels.withUnsafeBufferPointer { $0.baseAddress }
            #expect(base == used, "the window did not take the used block")
            let fresh = Window.blurReference(plane, columns: xs, rows: ys, blur: Tent(radius: radius))
            #expect(Self.differing(win.pixels.array, fresh) == 0, "\(workers.count) workers, radius \(radius)")
        }
    }

    /// Copies of a window share its memory until one is written; writing one leaves the other as it was.
    @Test func copiesAreValues() {
        let plane = Self.plane(width: 30, height: 20)
        let a = Window(plane, columns: 0..<30, rows: 0..<20)
        var b = a
        b.pixels.withUnsafeMutableBufferPointer { $0[84] = SIMD4(repeating: 7) }
        #expect(Self.differing(a, Window(plane, columns: 0..<30, rows: 0..<20)) == 0, "writing the copy changed the window")
        #expect(Self.differing(a, b) > 0)
    }

    /// A window with no columns or no rows has no pixels.
    @Test func emptyWindowsAreEmpty() {
        let plane = Self.plane(width: 10, height: 10)
        for (xs, ys) in [(3..<3, 2..<9), (1..<8, 4..<4)] {
            let win = Window(blurring: plane, columns: xs, rows: ys, blur: Tent(radius: 2), workers: Workers(2))
            #expect(win.pixels.count == 0)
        }
    }

    /// Many windows made and blurred at once on many threads, all in the shared memory: each is its own.
    @Test func concurrentWindowsDoNotShareMemory() {
        let plane = Self.plane(width: 64, height: 64)
        let expected = (0..<8).map { i in Window.blurReference(plane, columns: i..<(40 + i), rows: (2 * i)..<(30 + 2 * i), blur: Tent(radius: 2)) }
        let lock = NSLock()
        nonisolated(unsafe) var mismatches = 0
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for _ in 0..<20 {
                let win = Window(blurring: plane, columns: i..<(40 + i), rows: (2 * i)..<(30 + 2 * i), blur: Tent(radius: 2), workers: .single)
                if win.pixels.array != expected[i] { lock.withLock { mismatches += 1 } }
            }
        }
        #expect(mismatches == 0)
    }

    /// The memory kept stays within its bounds (freeing the smallest blocks first), a request takes the smallest
    /// kept block that fits, and a block larger than the byte bound is not kept.
    @Test func memoryIsBoundedAndBestFit() {
        let g = WindowMemory.granule, bytesPerGranule = g * MemoryLayout<SIMD4<Float>>.stride
        let memory = WindowMemory(blocks: 3, bytes: 4 * bytesPerGranule)
        let blocks = [1, 2, 2, 1].map { memory.take($0 * g - 5) }
        #expect(blocks.map(\.capacity) == [g, 2 * g, 2 * g, g])
        for b in blocks { memory.give(b.0, capacity: b.capacity) }
        // 6 granules given back, 4 kept: both 1-granule blocks went past the byte bound.
        #expect(memory.keptBlocks == 2 && memory.keptBytes == 4 * bytesPerGranule)
        let small = memory.take(10)
        #expect(small.capacity == 2 * g && memory.keptBlocks == 1)
        let large = memory.take(3 * g)
        #expect(large.capacity == 3 * g && memory.keptBlocks == 1)
        memory.give(small.0, capacity: small.capacity)
        memory.give(large.0, capacity: large.capacity)
        #expect(memory.keptBlocks == 1 && memory.keptBytes == 3 * bytesPerGranule)
        let huge = memory.take(5 * g)
        memory.give(huge.0, capacity: huge.capacity)
        #expect(memory.keptBlocks == 0)
        let few = WindowMemory(blocks: 2, bytes: 1 << 30)
        for b in (0..<3).map({ _ in few.take(1) }) { few.give(b.0, capacity: b.capacity) }
        #expect(few.keptBlocks == 2)
    }
}
