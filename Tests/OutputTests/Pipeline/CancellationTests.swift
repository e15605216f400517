import Dispatch
import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// A raised `Cancellation` stops work inside one physics replay and inside one frame's bands.
@Suite struct CancellationTests {
    @Test func bandsStopAtTheFirstPollAfterCancel() {
        let token = Cancellation()
        var ran: [Int] = []
        // One worker runs bands in order: cancelling during band 3 leaves bands 4... unrun.
        Workers(1, cancellation: token).forEachBand(160, bandSize: 16) { band in
            ran.append(band.lowerBound / 16)
            if band.lowerBound == 48 { token.cancel() }
        }
        #expect(ran == [0, 1, 2, 3])
        let counter = Counter()
        Workers(2, cancellation: token).forEachBand(1000, bandSize: 1) { _ in counter.add() }
        #expect(counter.value == 0)
        Workers(2).forEachBand(1000, bandSize: 1) { _ in counter.add() }
        #expect(counter.value == 1000)
    }

    /// A late frame of an hour-long scene with a field on the whole time replays 216,000 physics steps (13.7 s
    /// through the CLI here); cancelled after 0.2 s the replay returns within a batch of 64 steps. The step
    /// count is the exact check; the 1.5 s bound is generous for a loaded 2-core machine.
    @Test func aLongReplayStopsSoonAfterCancel() throws {
        let doc = try SceneDecoder(scale: 0.25).decode(text: Self.longScene)
        let token = Cancellation()
        var compositor = Compositor(document: doc, workers: Workers(1, cancellation: token))
        // A thread of its own: under a parallel test run Dispatch's pool can be busy for seconds.
        Thread { Thread.sleep(forTimeInterval: 0.2); token.cancel() }.start()
        let start = DispatchTime.now()
        compositor.simulate(toFrame: doc.frameCount - 1)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(seconds < 1.5, "replay ran \(seconds) s after a cancel at 0.2 s")
        #expect(compositor.plane.plane.step < compositor.physicsStep(forFrame: doc.frameCount - 1))
    }

    /// One hour at 60 fps with a vortex over the whole canvas for all of it: every physics step has work.
    static let longScene = #"{"duration": 3600, "fps": 60, "canvas": {"width": 390, "height": 844, "scale": 0.25}, "events": [{"type": "field", "field": "vortex", "t": 0, "at": [195, 422], "radius": 400}]}"#

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func add() { lock.withLock { n += 1 } }
        var value: Int { lock.withLock { n } }
    }
}
