import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Highlights in the default light appearance, measured on rendered pixels of scenes/liquid-tilt-sweep.json.
@Suite struct LightHighlightTests {
    /// Gray levels (0...255, mean of the channels) of the card (40...350 x 300...520 pt) at frames through the
    /// sweep, at scale 1, undithered.
    func cardLevels(_ scene: String, frames: [Int]) throws -> [[Float]] {
        var doc = try SceneDecoder(scale: 1).decode(file: AllScenesTests.root.appendingPathComponent("scenes").appendingPathComponent(scene).path)
        doc.dither = false
        var c = Compositor(document: doc, workers: Workers(2))
        return frames.map { i in
            let f = c.render(frame: i)
            return (300..<520).flatMap { y in (40..<350).map { x in (f[x, y].x + f[x, y].y + f[x, y].z) / 3 * 255 } }
        }
    }

    /// In light styling the measured veil makes the body nearly the page (bezel: 0.139 x + 214 levels), so the
    /// tilt reads at the edge: the mirror's bright side swings round the rim, changing its pixels by at least 8
    /// levels through the sweep, while the body stays below white (no pixel of the card reaches 254: the veil is
    /// not a flat white fill) and changes by under 2 levels at its median (the band over near-white).
    @Test func theTiltReadsAtTheEdgeInLightMode() throws {
        let levels = try cardLevels("liquid-tilt-sweep.json", frames: [0, 15, 30, 45, 60, 75, 89])
        let n = levels[0].count
        let ranges = (0..<n).map { i in levels.map { $0[i] }.max()! - levels.map { $0[i] }.min()! }.sorted()
        let peak = ranges.last!
        #expect(peak >= 8, "the edge changes by \(peak) levels at most")
        #expect(ranges[n / 2] < 2, "half the card changes by \(ranges[n / 2]) levels")
        let white = (0..<n).filter { i in levels.contains { $0[i] >= 254 } }.count
        #expect(white == 0, "\(white) of \(n) pixels reach white")
        print("light-mode tilt: peak \(peak), median \(ranges[n / 2]) levels; white \(white)/\(n)")
    }
}
