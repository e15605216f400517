import Benchmarks
import Content
import Dots
import Foundation
import Glass
import Raster
import Regression
import SceneFormat
import Compose
import Output

/// `forkrender bench [scene.json]`: per-stage timings of a scene (the showcase at 1170 x 2532 without one) for 1
/// thread and all cores, the glass stage drawing by drawing, then the benchmarks of each module on the same scene.
/// Meaningful only in release builds (`swift build -c release`).
enum BenchCommand: Command {
    static let configuration = CommandConfiguration(
        name: "bench",
        abstract: "Measure each stage in release builds (see docs/performance.md).",
        overview: "Measure forkrender's stages on a scene (use a release build).",
        usage: ["forkrender bench [<scene.json>] [--frames <n>] [--threads <list>] [--only <section>] [--peers]"],
        arguments: [("<scene.json>", "The scene to measure (see docs/scene-format.md). Without one, the built-in showcase at scale 3.")],
        options: [
            OptionSpec(name: "--frames", value: "n", help: "Frames of the scene to render per run (at most the scene's).", defaultText: "30"),
            OptionSpec(name: "--threads", value: "list", help: "Thread counts to compare, comma-separated.",
                       defaultText: "1 and all cores"),
            OptionSpec(name: "--only", value: "section", help: "Run one section (repeatable).", repeatable: true,
                       choices: onlyNames),
            OptionSpec(name: "--peers", help: "Also run the peers (libpng alone, ffmpeg gblur, ffmpeg encoding alone, a memory copy, headless Chromium) and print ratios."),
            .scaleOverride("Override the canvas scale (pixels per point).", defaultText: "the scene's; 3 for the showcase"),
        ])

    /// The sections in the order they run; `--only` picks by name (glass has two parts, the stage first), and
    /// the peers, right after the pipeline they are ratios of, run with `--peers`.
    static let sections: [(name: String, run: @Sendable (BenchRun) -> Void)] = [
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

    /// The names `--only` accepts.
    static var onlyNames: [String] { sections.map(\.name).filter { $0 != "peers" }.uniqued }

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let options = try Options(p)
        let run = try options.run()
        print(run.header(version: version))
        for section in sections where options.chooses(section.name) { section.run(run) }
        return ExitCode.success
    }

    /// The command line, parsed once.
    struct Options {
        var file: String?
        var frames: Int
        var threadCounts: [Int] = []
        var only: Set<String>
        var peers: Bool
        var scale: Float?

        init(_ p: ParsedArguments) throws {
            file = try p.optionalSceneFile()
            frames = try p.int("--frames", in: 1...10_000) ?? 30
            for t in (p.value("--threads") ?? "1,\(Workers.allCores.count)").split(separator: ",") {
                guard let n = Int(t), n >= 1 else { throw UsageError.invalid(String(t), for: "--threads", "expected whole numbers of at least 1, comma-separated") }
                if !threadCounts.contains(n) { threadCounts.append(n) }
            }
            only = Set(p.all("--only"))
            peers = p.has("--peers")
            scale = try p.scaleOverride()
        }

        /// The scene through the render command's decoder and checks; the showcase at device scale (its own
        /// 390 x 844 pt at 3).
        func run() throws -> BenchRun {
            var decoder = SceneDecoder()
            decoder.scale = scale ?? (file == nil ? 3 : nil)
            let document = try decoder.decodeScene(file: file)
            return BenchRun(document: document, file: file, requestedFrames: frames, threadCounts: threadCounts, scale: scale)
        }

        func chooses(_ section: String) -> Bool {
            section == "peers" ? peers : only.isEmpty || only.contains(section)
        }
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    var uniqued: [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
