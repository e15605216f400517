import Testing
import Raster
@testable import Glass

/// The lens window's box passes (`Window.boxBlur`, pointer loops over bands of rows or columns) against the plain
/// pass (`boxBlurReference`), bit for bit: windows wider and narrower than a band of columns, shorter than the
/// radius, one pixel wide or tall, with one and two workers; and the first pass done while the window is copied.
@Suite struct WindowTests {
    static let cases: [(radius: Int, width: Int, height: Int)] = [(2, 75, 61), (1, 40, 23), (3, 7, 5), (2, 1, 9), (2, 33, 1), (2, 3, 2), (4, 70, 3)]

    @Test(arguments: cases.indices)
    func boxPassesMatchThePlainPass(index: Int) {
        let (r, w, h) = Self.cases[index]
        var plane = Framebuffer(width: w + 5, height: h + 4)
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
        // The first horizontal pass done as the window is copied equals the copy followed by the plain pass.
        var copied = Window(plane, columns: 3..<(3 + w), rows: 2..<(2 + h))
        copied.boxBlurReference(radius: r, horizontal: true)
        for workers in [Workers.single, Workers(2)] {
            let onTheWay = Window(plane, columns: 3..<(3 + w), rows: 2..<(2 + h), horizontalBox: r, workers: workers)
            #expect(onTheWay.pixels == copied.pixels, "radius \(r), \(w) x \(h), \(workers.count) workers: the copy's pass differs")
        }
        for horizontal in [false, true] {
            for workers in [Workers.single, Workers(2)] {
                var fast = Window(plane, columns: 3..<(3 + w), rows: 2..<(2 + h))
                var plain = fast
                fast.boxBlur(radius: r, horizontal: horizontal, workers: workers)
                plain.boxBlurReference(radius: r, horizontal: horizontal)
                let differing = zip(fast.pixels, plain.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "radius \(r), \(w) x \(h), horizontal \(horizontal), \(workers.count) workers: \(differing) pixels differ")
            }
        }
    }
}
