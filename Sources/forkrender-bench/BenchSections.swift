import Benchmarks

/// The sections of `forkrender-bench` in the order they run; `--only` picks by name (glass has two parts, the
/// stage first), and the peers, right after the pipeline they are ratios of, run with `--peers`.
enum BenchSections {
    static let all: [(name: String, run: @Sendable (BenchRun) -> Void)] = [
        ("pipeline", { PipelineBenchmark.run($0) }),
        ("peers", { BenchPeers.run($0) }),
        ("glass", { r in
            let frames = GlassStageBenchmark.frames(count: r.frames, of: r.document)
            print(BenchRun.titled(nil, GlassStageBenchmark.report(document: r.document, name: r.name, threadCounts: r.threadCounts,
                                                         frames: frames)
                         + "\n" + LiquidGlassBenchmark.report()))
        }),
        ("encode", { r in
            let index = min(60, r.document.frameCount - 1)
            print(BenchRun.titled(nil, EncodeBenchmark.report(frame: EncodeBenchmark.frame(of: r.document, index: index), name: r.name,
                                                     index: index)))
        }),
        ("dots", { r in
            print(BenchRun.titled("dots: physics step and sprite pass (docs/plane.md)",
                         PlaneBenchmark.report(document: r.document, name: r.name, frames: r.frames, threadCounts: r.threadCounts)
                         + "\nthe kernels on a fixed plane:\n" + PlaneBenchmark.report(threadCounts: r.threadCounts)))
        }),
        ("content", { r in
            print(BenchRun.titled("content (docs/content.md)",
                         ContentBenchmark.report(document: r.document, name: r.name, frames: r.frames, threadCounts: r.threadCounts)
                         + "\nthe kernels on a fixed text-heavy frame:\n" + ContentBenchmark.report(threadCounts: r.threadCounts)))
        }),
        ("diff", { r in
            print(BenchRun.titled("diff: pixelmatch-style comparison of two frames (docs/regression.md)",
                         RegressionBenchmark.report(document: r.document, name: r.name, threadCounts: r.threadCounts)))
        }),
        ("glass", { print(BenchRun.titled("glass: full-frame blur, the kernel on a fixed 1170x2532 frame (docs/glass.md)",
                                 GlassBenchmark.report(threadCounts: $0.threadCounts))) }),
        ("math", { _ in print(BenchRun.titled("math: DMath against libm, ns per result (docs/performance.md)", DMathBenchmark.report())) }),
    ]

    /// The names `--only` accepts, each once.
    static var onlyNames: [String] {
        var seen: Set<String> = []
        return all.map(\.name).filter { $0 != "peers" && seen.insert($0).inserted }
    }
}
