import Foundation
import Testing
import Raster
@testable import Glass

/// The lens window's box passes (`Window.boxBlur`: rows four at a time, columns in runs walked row by row) against
/// the plain pass (`boxBlurReference`), bit for bit: windows wider and narrower than four rows or a band of 8,
/// shorter than the radius, one pixel wide or tall, with one, two and three workers; the first pass done while
/// the window is copied; and windows made in memory an earlier window left behind.
@Suite struct WindowTests {
    static let cases: [(radius: Int, width: Int, height: Int)] = [
        (2, 75, 61), (1, 40, 23), (3, 7, 5), (2, 1, 9), (2, 33, 1), (2, 3, 2), (4, 70, 3),
        // Heights around the four-row groups and the 8-row bands; widths under the radius.
        (2, 13, 4), (2, 9, 7), (1, 6, 12), (3, 2, 13), (5, 3, 17), (2, 5, 8),
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
    static func differing(_ a: Window, _ b: Window) -> Int {
        zip(a.pixels.array, b.pixels.array).filter { p, q in (0..<4).contains { p[$0].bitPattern != q[$0].bitPattern } }.count
    }

    static let workerCounts = [Workers.single, Workers(2), Workers(3)]

    @Test(arguments: cases.indices)
    func boxPassesMatchThePlainPass(index: Int) {
        let (r, w, h) = Self.cases[index]
        let plane = Self.plane(width: w + 5, height: h + 4)
        let (xs, ys) = (3..<(3 + w), 2..<(2 + h))
        // The first horizontal pass done as the window is copied equals the copy followed by the plain pass.
        var copied = Window(plane, columns: xs, rows: ys)
        copied.boxBlurReference(radius: r, horizontal: true)
        for workers in Self.workerCounts {
            let onTheWay = Window(plane, columns: xs, rows: ys, horizontalBox: r, workers: workers)
            let differing = Self.differing(onTheWay, copied)
            #expect(differing == 0, "radius \(r), \(w) x \(h), \(workers.count) workers: the copy's pass differs in \(differing) pixels")
        }
        for horizontal in [false, true] {
            for workers in Self.workerCounts {
                var fast = Window(plane, columns: xs, rows: ys)
                var plain = fast
                fast.boxBlur(radius: r, horizontal: horizontal, workers: workers)
                plain.boxBlurReference(radius: r, horizontal: horizontal)
                let differing = Self.differing(fast, plain)
                #expect(differing == 0, "radius \(r), \(w) x \(h), horizontal \(horizontal), \(workers.count) workers: \(differing) pixels differ")
            }
        }
    }

    /// `LiquidGlass.blurred` (the four passes) against the four plain passes, on a window the size of the
    /// showcase's navigation bar's at scale 1 with its radius.
    @Test func theFourPassesMatchThePlainPasses() {
        let plane = Self.plane(width: 420, height: 140)
        let (xs, ys) = (10..<400, 7..<126)
        var plain = Window(plane, columns: xs, rows: ys)
        for horizontal in [true, false, true, false] { plain.boxBlurReference(radius: 2, horizontal: horizontal) }
        for workers in Self.workerCounts {
            let fast = LiquidGlass.blurred(plane, columns: xs, rows: ys, radius: 2, workers: workers)
            #expect(Self.differing(fast, plain) == 0, "\(workers.count) workers")
        }
    }

    /// A window made in memory an earlier window filled with NaN is every bit a window made in fresh memory:
    /// every pixel is written before it is read.
    @Test func aWindowInUsedMemoryIsAFreshWindow() {
        let plane = Self.plane(width: 80, height: 50)
        let (xs, ys) = (3..<78, 2..<47)
        var fresh = Window(plane, columns: xs, rows: ys)
        for horizontal in [true, false, true, false] { fresh.boxBlurReference(radius: 2, horizontal: horizontal) }
        let memory = WindowMemory(blocks: 1, bytes: 1 << 30)
        let used: UnsafePointer<SIMD4<Float>>? = {
            let old = WindowPixels(count: xs.count * ys.count, memory: memory) { $0.update(repeating: SIMD4(repeating: .nan)) }
            return old.withUnsafeBufferPointer { $0.baseAddress }
        }()
        for (workers, radius) in [(Workers.single, 0), (Workers(2), 2), (Workers(3), 2)] {
            var win = Window(plane, columns: xs, rows: ys, horizontalBox: radius, workers: workers, memory: memory)
            let base: UnsafePointer<SIMD4<Float>>? = win.pixels.withUnsafeBufferPointer { $0.baseAddress }
            #expect(base == used, "the window did not take the used block")
            if radius == 0 { win.boxBlur(radius: 2, horizontal: true, workers: workers) }
            for horizontal in [false, true, false] { win.boxBlur(radius: 2, horizontal: horizontal, workers: workers) }
            #expect(Self.differing(win, fresh) == 0, "\(workers.count) workers, first pass on the way in: \(radius > 0)")
        }
    }

    /// Copies of a window share its memory until one is written; writing one leaves the other as it was.
    @Test func copiesAreValues() {
        let plane = Self.plane(width: 30, height: 20)
        let a = Window(plane, columns: 0..<30, rows: 0..<20)
        var b = a
        b.boxBlur(radius: 1, horizontal: false, workers: .single)
        #expect(Self.differing(a, Window(plane, columns: 0..<30, rows: 0..<20)) == 0, "writing the copy changed the window")
        #expect(Self.differing(a, b) > 0)
    }

    /// A window with no columns or no rows has no pixels, and its passes read nothing.
    @Test func emptyWindowsAreEmpty() {
        let plane = Self.plane(width: 10, height: 10)
        for (xs, ys) in [(3..<3, 2..<9), (1..<8, 4..<4)] {
            var win = Window(plane, columns: xs, rows: ys, horizontalBox: 2, workers: Workers(2))
            win.boxBlur(radius: 2, horizontal: false, workers: Workers(2))
            win.boxBlur(radius: 2, horizontal: true, workers: .single)
            #expect(win.pixels.count == 0)
        }
    }

    /// Many windows made and blurred at once on many threads, all in the shared memory: each is its own.
    @Test func concurrentWindowsDoNotShareMemory() {
        let plane = Self.plane(width: 64, height: 64)
        let expected = (0..<8).map { i -> [SIMD4<Float>] in
            var win = Window(plane, columns: i..<(40 + i), rows: (2 * i)..<(30 + 2 * i))
            for horizontal in [true, false, true, false] { win.boxBlurReference(radius: 2, horizontal: horizontal) }
            return win.pixels.array
        }
        let lock = NSLock()
        nonisolated(unsafe) var mismatches = 0
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for _ in 0..<20 {
                let win = LiquidGlass.blurred(plane, columns: i..<(40 + i), rows: (2 * i)..<(30 + 2 * i), radius: 2, workers: .single)
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
