import Foundation
import Testing
import Glass
import Benchmarks

/// Not a timed test: runs the glass benchmark and prints its report when GLASS_BENCH is set
/// (`GLASS_BENCH=1 swift test -c release --filter GlassBenchmarkRun`). `forkrender bench` runs the same function.
@Test(.enabled(if: ProcessInfo.processInfo.environment["GLASS_BENCH"] != nil))
func GlassBenchmarkRun() {
    print(GlassBenchmark.report(threadCounts: [1, 2]))
}

/// Not a timed test: the frosted panels against a copy of their regions, printed when FROST_BENCH is set
/// (`FROST_BENCH=1 swift test -c release -Xswiftc -enable-testing --skip-build --filter FrostBenchmarkRun`).
@Test(.enabled(if: ProcessInfo.processInfo.environment["FROST_BENCH"] != nil))
func FrostBenchmarkRun() {
    print(FrostBenchmark.report(threadCounts: [1, 2]))
}
