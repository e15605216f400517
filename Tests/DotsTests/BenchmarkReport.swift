@testable import Dots
import Foundation
import Testing
import Benchmarks

/// Not a timed test: prints the benchmark when FORK_BENCH=1 (swift test -c release --filter benchmarkReport);
/// FORK_BENCH_THREADS="1,2" picks the thread counts.
@Test func benchmarkReport() {
    let env = ProcessInfo.processInfo.environment
    guard env["FORK_BENCH"] == "1" else { return }
    let threads = (env["FORK_BENCH_THREADS"] ?? "1,2").split(separator: ",").compactMap { Int($0) }
    print(PlaneBenchmark.report(threadCounts: threads))
}
