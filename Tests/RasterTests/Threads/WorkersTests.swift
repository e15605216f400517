import Dispatch
import Foundation
import Testing
@testable import Raster

/// `Workers.forEach` over its helper threads (HelperThreads): every piece runs exactly once, the call returns
/// only once every piece is done, and it makes progress without any helper (nested calls, many callers at once,
/// helpers all busy elsewhere, cancellation).
@Suite struct WorkersTests {
    /// Counts each piece's runs; a piece sleeps a few microseconds so that helpers take part.
    final class Tally: @unchecked Sendable {
        let lock = NSLock()
        var runs: [Int]
        init(_ n: Int) { runs = [Int](repeating: 0, count: n) }
        func run(_ i: Int) { lock.withLock { runs[i] += 1 } }
    }

    @Test(arguments: [1, 2, 3, 8, 70])
    func everyPieceRunsOnceAndIsDoneOnReturn(workers: Int) {
        let pool = Workers(workers)
        for pieces in [1, 2, 5, 64, 333] {
            let tally = Tally(pieces)
            pool.forEach(pieces) { i in
                if i % 7 == 0 { usleep(200) }
                tally.run(i)
            }
            // Read right after the call: a piece still running on a helper would show as 0.
            #expect(tally.runs == [Int](repeating: 1, count: pieces), "\(workers) workers, \(pieces) pieces")
        }
    }

    /// A piece that calls `forEach` itself (the compositor's kernels do not, but a scene's work may nest).
    @Test func nestedCallsFinish() {
        let pool = Workers(4)
        let tally = Tally(16 * 16)
        pool.forEach(16) { i in
            pool.forEach(16) { j in
                if j == 3 { usleep(100) }
                tally.run(i * 16 + j)
            }
        }
        #expect(tally.runs == [Int](repeating: 1, count: 256))
    }

    /// Callers on several threads at once share the helpers; each gets all of its own pieces.
    @Test func concurrentCallers() {
        let tallies = (0..<6).map { _ in Tally(200) }
        DispatchQueue.concurrentPerform(iterations: tallies.count) { c in
            let pool = Workers(3)
            for _ in 0..<5 {
                let t = Tally(200)
                pool.forEach(200) { i in t.run(i) }
                if t.runs.allSatisfy({ $0 == 1 }) { tallies[c].run(0) }
            }
        }
        #expect(tallies.map { $0.runs[0] } == [Int](repeating: 5, count: tallies.count))
    }

    /// With every helper held by another caller's slow pieces, a call does all of its pieces itself and returns
    /// long before the other: no call waits for a helper to become free.
    @Test func progressWithoutFreeHelpers() {
        let busy = Workers(HelperThreads.limit + 1)
        let released = DispatchSemaphore(value: 0)
        let slowDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            busy.forEach(HelperThreads.limit + 1) { _ in released.wait() }
            slowDone.signal()
        }
        usleep(50_000)  // the helpers take the slow pieces and block
        let tally = Tally(50)
        let start = DispatchTime.now()
        Workers(8).forEach(50) { i in tally.run(i) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) * 1e-9
        for _ in 0..<(HelperThreads.limit + 1) { released.signal() }
        slowDone.wait()
        #expect(tally.runs == [Int](repeating: 1, count: 50))
        #expect(seconds < 1, "the call waited \(seconds) s for busy helpers")
    }

    /// Once the cancellation is raised the remaining pieces are skipped, and the call still returns.
    @Test func cancellationSkipsTheRest() {
        let flag = Cancellation()
        let pool = Workers(3, cancellation: flag)
        let tally = Tally(1000)
        pool.forEach(1000) { i in
            if i == 10 { flag.cancel() }
            tally.run(i)
        }
        let ran = tally.runs.reduce(0, +)
        #expect(ran >= 11 && ran < 1000, "\(ran) pieces ran after the cancellation at piece 10")
        #expect(tally.runs.allSatisfy { $0 <= 1 })
    }
}
