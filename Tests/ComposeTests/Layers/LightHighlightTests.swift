import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Highlights in the default light appearance, measured on rendered pixels of scenes/liquid-tilt-sweep.json.
@Suite struct LightHighlightTests {
    /// Gray levels (0...255, mean of the channels) of the card's interior (70...320 x 330...490 pt, inside the
    /// 36 pt corners) at frames through the sweep, at scale 1, undithered.
    func cardLevels(_ scene: String, frames: [Int]) throws -> [[Float]] {
        var doc = try SceneDecoder(scale: 1).decode(file: AllScenesTests.root.appendingPathComponent("scenes").appendingPathComponent(scene).path)
        doc.dither = false
        var c = Compositor(document: doc, workers: Workers(2))
        return frames.map { i in
            let f = c.render(frame: i)
            return (330..<490).flatMap { y in (70..<320).map { x in (f[x, y].x + f[x, y].y + f[x, y].z) / 3 * 255 } }
        }
    }

    /// The band and rim move visibly with tilt: at the band's peak a pixel changes by at least 8 levels through
    /// the sweep (the screen-only highlight over near-white changed it by 2), for most of the card (its 90th
    /// percentile), while the card is not flattened to white: its darkest state stays below 245 on average
    /// and under a tenth of its pixels ever reach 254.
    @Test func theBandReadsInLightMode() throws {
        let levels = try cardLevels("liquid-tilt-sweep.json", frames: [0, 15, 30, 45, 60, 75, 89])
        let n = levels[0].count
        let ranges = (0..<n).map { i in levels.map { $0[i] }.max()! - levels.map { $0[i] }.min()! }.sorted()
        let peak = ranges.last!, p90 = ranges[n * 9 / 10]
        #expect(peak >= 8, "band peak changes by \(peak) levels")
        #expect(ranges[n / 2] >= 8, "half the card changes by \(ranges[n / 2]) levels")
        let darkest = (0..<n).map { i in levels.map { $0[i] }.min()! }
        #expect(darkest.reduce(0, +) / Float(n) < 245)
        let white = (0..<n).filter { i in levels.contains { $0[i] >= 254 } }.count
        #expect(white < n / 10, "\(white) of \(n) pixels reach white")
        print("light-mode band: peak \(peak), p90 \(p90), median \(ranges[n / 2]) levels; darkest mean \(darkest.reduce(0, +) / Float(n)); white \(white)/\(n)")
    }
}
