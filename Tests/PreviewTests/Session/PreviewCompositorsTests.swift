import Foundation
import Testing
@testable import Preview
import Raster
import SceneFormat
import Compose
import Output

/// The preview's compositors, one per set of switches, are a bounded least-recently-used set
/// (`PreviewCompositors`, 4), and the preview's memory estimate, which `--max-memory` checks, counts them.
@Suite struct PreviewCompositorsTests {
    /// The 54 sets of switches the routes take: 3 appearances (the scene's, light, dark) x 6 tiers (the scene's
    /// and the 5 of the tier switch) x 3 Reduce Transparency states (the scene's, on, off).
    static let everySet: [PreviewSettings] = [nil, Appearance.light, .dark].flatMap { a in
        ([nil] + PreviewSettings.tiers.map { Optional($0.1) }).flatMap { p in
            [nil, true, false].map { PreviewSettings(appearance: a, platform: p, reduceTransparency: $0) }
        }
    }

    @Test func aSetEvictsTheLeastRecentlyUsedAndNeverOneCheckedOut() {
        var set = LeastRecentlyUsed<String, Int>(capacity: 3)
        for (i, k) in ["a", "b", "c"].enumerated() { _ = set.value(k) { i } }
        #expect(set.keys == ["a", "b", "c"])
        _ = set.value("a") { -1 }                 // used again: now the most recent, not made again
        #expect(set.keys == ["b", "c", "a"] && set.made == 3)
        _ = set.value("d") { 3 }                  // evicts b, the least recently used
        #expect(set.keys == ["c", "a", "d"] && set.count == 3)
        // Checked out, "c" leaves the set but counts: a new key evicts a kept one, never "c".
        let c = set.checkOut("c") { -1 }
        _ = set.value("e") { 4 }
        #expect(set.keys == ["d", "e"] && set.count == 3 && set.checkedOut == 1)
        set.checkIn("c", c)
        #expect(set.keys == ["d", "e", "c"] && set.count == 3)
        #expect(set.value("c") { -1 } == 2)       // the very value taken out
        #expect(set.made == 5)
    }

    @Test func everySetOfSwitchesKeepsAtMostFourCompositors() throws {
        #expect(Self.everySet.count == 54 && Set(Self.everySet).count == 54)
        let f = try Fixture("compositors")
        let first = FrameRequest(frame: 12, settings: Self.everySet[0])
        let firstBytes = try f.session.png(first)
        var most = 0
        for s in Self.everySet {
            _ = try f.session.png(FrameRequest(frame: 0, settings: s))
            most = max(most, f.session.keptSwitches.kept.count)
        }
        let kept = f.session.keptSwitches
        #expect(most <= PreviewCompositors.capacity && kept.kept.count == PreviewCompositors.capacity)
        #expect(kept.kept == Array(Self.everySet.suffix(4)), "the last four used")
        #expect(kept.made == 54)
        // The first set was evicted: drawn again (not from the frame cache), its compositor is made again and
        // simulates from t = 0 to frame 12, to the same bytes.
        f.session.cache.removeAll()
        #expect(try f.session.png(first) == firstBytes)
        #expect(f.session.keptSwitches.made == 55 && f.session.keptSwitches.kept.count == 4)
        // Only the first set's compositor went back in time (frame 12, then 0 in the loop); the one made again
        // after its eviction started afresh.
        #expect(f.session.restarts == 1)
    }

    @Test func theMemoryEstimateCountsTheCompositorsAndMaxMemoryChecksIt() throws {
        let f = try Fixture("compositor-memory")
        let one = MemoryEstimate(f.session.document).total
        let preview = PreviewMemory(f.session.document)
        #expect(preview.total == 4 * one + Double(64 << 20))
        #expect(preview.parts.contains { $0.what.hasPrefix("frame buffers") && $0.what.hasSuffix("in each of 4 compositors") })
        // Room for one render but not for the preview's four compositors: refused, naming the limit and the part.
        let refused = #expect(throws: SceneError.self) {
            try PreviewSession(file: f.file, workers: Workers(1), maxMemory: preview.total - 1)
        }
        #expect(preview.total - 1 > one)
        let message = refused?.diagnostic ?? ""
        #expect(message.contains("previewing needs about \(PreviewMemory.mb(preview.total)), over the limit of"), "\(message)")
        let big = preview.parts.max { $0.bytes < $1.bytes }!
        #expect(message.contains("(raise it with --max-memory); the largest part is \(big.what) at \(PreviewMemory.mb(big.bytes))"), "\(message)")
        #expect(throws: Never.self) { try PreviewSession(file: f.file, workers: Workers(1), maxMemory: preview.total) }
    }
}
