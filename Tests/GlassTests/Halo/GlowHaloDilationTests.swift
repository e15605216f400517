import Testing
import Raster
@testable import Glass

/// The halo's dilation (a running maximum, rows then columns) against its plain reference, which looks at every
/// cell of each window: the same bits over random grids of peaks with ties and zeros, regions at the grid's
/// edges and corners, narrower and wider than the window, reach 0 to 12.
@Suite struct GlowHaloDilationTests {
    @Test func theRunningMaximumGivesTheReferenceBits() {
        var rng = FrostClipTests.Random(state: 41)
        func next(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var checked = 0
        for trial in 0..<300 {
            let (w, h) = (1 + next(60), 1 + next(40)), reach = next(13)
            // Peaks with ties and zeros (a quarter of the cells), as sums of squares are: never negative, never -0.
            let values = (0..<(w * h)).map { _ in next(4) == 0 ? Float(0) : Float(next(50)) / 7 }
            let x = next(w), y = next(h)
            let r = PixelRect(x: x, y: y, width: 1 + next(w - x), height: 1 + next(h - y))
            let got = GlowHalo.dilate(values, width: w, height: h, over: r, reach: reach)
            let want = GlowHalo.dilateReference(values, width: w, height: h, over: r, reach: reach)
            #expect(got.map(\.bitPattern) == want.map(\.bitPattern), "trial \(trial): \(w) x \(h), \(r), reach \(reach)")
            checked += got.count
        }
        #expect(checked > 10_000)
    }
}
