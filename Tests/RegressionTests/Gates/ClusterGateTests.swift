import Testing
@testable import Regression

/// The cluster gate's summed-area table against the plain count of every window (`ClusterGateReference`).
@Suite struct ClusterGateTests {
    /// A deterministic map: scattered pixels at `density` (per 1000) and one dense blob.
    static func map(width: Int, height: Int, seed: UInt64, density: UInt64) -> DifferenceMap {
        var s = seed
        var bits = [UInt8](repeating: 0, count: width * height)
        for i in bits.indices {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            if (s >> 33) % 1000 < density { bits[i] = 1 }
        }
        let bx = Int(seed % UInt64(width)), by = Int(seed % UInt64(height))
        for y in by..<min(height, by + 4) { for x in bx..<min(width, bx + 5) { bits[y * width + x] = 1 } }
        return DifferenceMap(width: width, height: height, bits: bits)
    }

    @Test(arguments: [(1, 1), (3, 1), (8, 5), (16, 20), (40, 3), (100, 1)])
    func summedAreaTableMatchesThePlainCount(window: Int, pixels: Int) {
        for (w, h, seed, density) in [(37, 23, 1, 30), (64, 48, 7, 5), (5, 90, 3, 200), (90, 5, 11, 0), (1, 1, 2, 500)] as [(Int, Int, UInt64, UInt64)] {
            let m = Self.map(width: w, height: h, seed: seed, density: density)
            let gate = ClusterGate(window: window, pixels: pixels)
            #expect(gate.densest(in: m) == ClusterGateReference.densest(gate, in: m), "\(w)x\(h) window \(window)")
        }
    }

    @Test func scatteredPixelsPassAndAClusterFails() {
        var bits = [UInt8](repeating: 0, count: 64 * 64)
        // 64 pixels on a 8 px lattice: at most one per 8 x 8 square.
        for y in stride(from: 0, to: 64, by: 8) { for x in stride(from: 0, to: 64, by: 8) { bits[y * 64 + x] = 1 } }
        let gate = ClusterGate(window: 8, pixels: 2)
        #expect(gate.failure(in: DifferenceMap(width: 64, height: 64, bits: bits)) == nil)
        bits[20 * 64 + 21] = 1
        let bad = gate.failure(in: DifferenceMap(width: 64, height: 64, bits: bits))
        #expect(bad?.count == 2 && bad!.x <= 16 && bad!.x + 8 > 21 && bad!.y <= 16 && bad!.y + 8 > 20, "\(String(describing: bad))")
    }

    /// The map is read from the comparison's own diff image: exactly its red pixels.
    @Test func mapHoldsExactlyTheCountedPixels() throws {
        let a = RGBAImage(width: 6, height: 4, fill: (240, 240, 240, 255))
        var b = a
        for i in [3, 7, 20] { b.pixels[4 * i] = 0 }
        let r = try Comparison(threshold: 0).apply(expected: a, actual: b, diffImage: true)
        let m = DifferenceMap(diff: r.diff!)
        #expect(m.count == r.differentPixels && m.bits[3] == 1 && m.bits[7] == 1 && m.bits[20] == 1)
    }
}
