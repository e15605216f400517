import Foundation
import Testing
import Benchmarks
@testable import Regression

/// Runs the comparison benchmark when asked (it is not a timed test): figures in docs/regression.md.
///
///     FORKRENDER_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter BenchmarkRun
@Suite struct BenchmarkRun {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FORKRENDER_BENCH"] != nil))
    func printReport() {
        let report = RegressionBenchmark.report(threadCounts: [1, 2])
        print(report)
        #expect(report.contains("appearance"))
    }
}
