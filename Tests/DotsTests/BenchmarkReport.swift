import Dots
import Foundation
import Testing

/// Not a timed test: prints the benchmark when FORK_BENCH=1 (swift test -c release --filter benchmarkReport).
@Test func benchmarkReport() {
    guard ProcessInfo.processInfo.environment["FORK_BENCH"] == "1" else { return }
    print(PlaneBenchmark.report(threadCounts: [1, 2]))
}
