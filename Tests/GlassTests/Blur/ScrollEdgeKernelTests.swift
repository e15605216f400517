import Testing
import Raster
@testable import Glass

/// The soft scroll edge's kernel (`ScrollEdge.applySoft`: pieces of rows, a ring of column sums) against its
/// scalar reference (`softReference`: the whole band's column sums, then each row): the same floats, bit for
/// bit, since the kernel does the reference's operations in its order. Over noise (every pixel different, so a
/// row or column taken from the wrong place shows), for both edges, bands that touch the canvas's end or stop
/// short of it, bands shorter than a piece's minimum, radii with and without a fraction, and 1, 2, 3 and 5
/// workers (pieces cut differently each time, read across their neighbours' held rows).
@Suite("The soft scroll edge's kernel against its reference")
struct ScrollEdgeKernelTests {
    static func edge(_ e: ScrollEdge.Edge) -> ScrollEdge {
        ScrollEdge(edge: e, style: .soft, extent: 0, radius: 6, fade: 0.8, opacity: 0.95, line: Color(0, 0, 0, 1), lineWidth: 1)
    }

    static func floats(_ fb: Framebuffer) -> [SIMD4<Float>] {
        fb.withUnsafePixels { Array($0) }
    }

    /// (edge, band rows, canvas height, radius in pixels).
    static let cases: [(ScrollEdge.Edge, Range<Int>, Int, Float)] = [
        (.top, 0..<90, 200, 18), (.bottom, 120..<200, 200, 18), (.top, 0..<30, 200, 18.5),
        (.bottom, 190..<200, 200, 7.25), (.top, 10..<150, 160, 12), (.top, 0..<200, 200, 3.5), (.bottom, 5..<60, 80, 40),
    ]

    @Test(arguments: 0..<cases.count)
    func theKernelGivesTheReferencesBits(_ i: Int) {
        let (e, rows, height, radius) = Self.cases[i]
        let source = noiseImage(width: 97, height: height, seed: UInt64(i + 3))
        let band = PixelRect(x: 0, y: rows.lowerBound, width: 97, height: rows.count)
        let background = SIMD4<Float>(0.9, 0.92, 0.95, 1)
        var expected = source
        Self.edge(e).softReference(to: &expected, band: band, background: background, radius: radius, workers: .single)
        let want = Self.floats(expected)
        for n in [1, 2, 3, 5] {
            var got = source
            Self.edge(e).applySoft(to: &got, band: band, background: background, radius: radius, workers: Workers(n))
            let have = Self.floats(got)
            let differing = zip(want, have).filter { $0.0 != $0.1 }.count
            #expect(differing == 0, "case \(i), \(n) workers: \(differing) pixels differ from the reference")
        }
        #expect(want != Self.floats(source), "case \(i): the reference changed nothing")
    }
}
