import Benchmarks
import Content
import Dots
import Foundation
import Glass
import Raster
import Regression
import Scene

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
            OptionSpec(name: "--only", value: "section", help: "Run one section: \(onlyNames.joined(separator: ", ")).", repeatable: true),
            OptionSpec(name: "--peers", help: "Also run the peers (libpng alone, ffmpeg gblur, ffmpeg encoding alone, a memory copy, headless Chromium) and print ratios."),
            .scaleOverride("Override the canvas scale (pixels per point).", defaultText: "the scene's; 3 for the showcase"),
        ])

    /// What every section measures: the scene, as the render command decodes it, and the run's settings.
    struct Run: Sendable {
        var document: SceneDocument
        /// The scene file given, nil for the showcase.
        var file: String?
        /// What the reports call the scene: its file's name, or "showcase".
        var name: String
        /// Frames per run, at most the scene's.
        var frames: Int
        var threadCounts: [Int]
        var scale: Float?
    }

    /// The sections in the order they run; `--only` picks by name (glass has two parts, the stage first), and
    /// the peers, right after the pipeline they are ratios of, run with `--peers`.
    static let sections: [(name: String, run: @Sendable (Run) -> Void)] = [
        ("pipeline", { pipeline($0) }),
        ("peers", { BenchPeers.run($0) }),
        ("glass", { r in
            let frames = GlassStageBenchmark.frames(count: r.frames, of: r.document)
            print(titled(nil, GlassStageBenchmark.report(document: r.document, name: r.name, threadCounts: r.threadCounts,
                                                         frames: frames)
                         + "\n" + LiquidGlassBenchmark.report()))
        }),
        ("encode", { r in
            let index = min(60, r.document.frameCount - 1)
            print(titled(nil, EncodeBenchmark.report(frame: EncodeBenchmark.frame(of: r.document, index: index), name: r.name,
                                                     index: index)))
        }),
        ("dots", { r in
            print(titled("dots: physics step and sprite pass (docs/plane.md)",
                         PlaneBenchmark.report(document: r.document, name: r.name, frames: r.frames, threadCounts: r.threadCounts)
                         + "\nthe kernels on a fixed plane:\n" + PlaneBenchmark.report(threadCounts: r.threadCounts)))
        }),
        ("content", { r in
            print(titled("content (docs/content.md)",
                         ContentBenchmark.report(document: r.document, name: r.name, frames: r.frames, threadCounts: r.threadCounts)
                         + "\nthe kernels on a fixed text-heavy frame:\n" + ContentBenchmark.report(threadCounts: r.threadCounts)))
        }),
        ("diff", { r in
            print(titled("diff: pixelmatch-style comparison of two frames (docs/regression.md)",
                         RegressionBenchmark.report(document: r.document, name: r.name, threadCounts: r.threadCounts)))
        }),
        ("glass", { print(titled("glass: full-frame blur, the kernel on a fixed 1170x2532 frame (docs/glass.md)",
                                 GlassBenchmark.report(threadCounts: $0.threadCounts))) }),
        ("math", { _ in print(titled("math: DMath against libm, ns per result (docs/performance.md)", DMathBenchmark.report())) }),
    ]

    /// A section's report after a blank line, under its title.
    static func titled(_ title: String?, _ report: String) -> String {
        "\n" + (title.map { $0 + "\n" } ?? "") + report
    }

    /// The names `--only` accepts.
    static var onlyNames: [String] { sections.map(\.name).filter { $0 != "peers" }.uniqued }

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = try p.optionalSceneFile()
        let frames = try p.int("--frames", in: 1...10_000) ?? 30
        var threadCounts: [Int] = []
        for t in (p.value("--threads") ?? "1,\(Workers.allCores.count)").split(separator: ",") {
            guard let n = Int(t), n >= 1 else { throw UsageError.invalid(String(t), for: "--threads", "expected whole numbers of at least 1, comma-separated") }
            if !threadCounts.contains(n) { threadCounts.append(n) }
        }
        let only = Set(p.all("--only"))
        if let unknown = only.sorted().first(where: { !onlyNames.contains($0) }) {
            throw UsageError.invalid(unknown, for: "--only", "expected one of \(onlyNames.joined(separator: ", "))")
        }
        let scale = try p.scaleOverride()
        // The render command's decoder and checks; the showcase at device scale (its own 390 x 844 pt at 3).
        var decoder = SceneDecoder()
        decoder.scale = scale ?? (file == nil ? 3 : nil)
        let document = try decoder.decodeScene(file: file)
        let name = file.map { ($0 as NSString).lastPathComponent } ?? "showcase"
        let run = Run(document: document, file: file, name: name, frames: min(frames, document.frameCount),
                      threadCounts: threadCounts, scale: scale)
        #if DEBUG
        print("warning: this is a debug build; figures are meaningless. Use: swift run -c release forkrender bench")
        #endif
        print("forkrender \(version) bench on \(ProcessInfo.processInfo.activeProcessorCount) cores: \(name), "
              + "\(document.canvas.pixelWidth)x\(document.canvas.pixelHeight), \(document.frameCount) frames at \(Value.format(document.fps)) fps, "
              + "\(document.glass.panels.count) glass panels, \(document.content.items.count) content items")
        if frames > document.frameCount {
            print("note: --frames \(frames) is more than the scene's \(document.frameCount) frames: \(document.frameCount) per run")
        }
        for section in sections {
            let chosen = section.name == "peers" ? p.has("--peers") : only.isEmpty || only.contains(section.name)
            if chosen { section.run(run) }
        }
        return ExitCode.success
    }

    /// The scene through the whole pipeline, PNG encoded to memory and discarded, and the glass stage drawing by
    /// drawing.
    static func pipeline(_ run: Run) {
        let document = run.document
        let count = run.frames
        print("\npipeline: \(run.name) \(document.canvas.pixelWidth)x\(document.canvas.pixelHeight), \(count) frames, PNG by igzip (the frames' default), encoding overlapped")
        print("threads  simulate ms/f  plane ms/f  glass ms/f  content ms/f  quantize ms/f  deflate ms/f  frames/s  MB/frame")
        var drawings: [(threads: Int, report: RenderPipeline.Report)] = []
        for t in run.threadCounts {
            let sink = DiscardSink(settings: EncodeSettings(dither: document.dither))
            let pipeline = RenderPipeline(document: document, workers: Workers(t))
            guard let r = try? pipeline.run(frames: Array(0..<count), sinks: [sink]) else { continue }
            let n = Double(r.frames)
            print(String(format: "%7d  %13.2f  %10.2f  %10.2f  %12.2f  %13.2f  %12.2f  %8.2f  %8.2f", t,
                         r.stages.simulate / n * 1000, r.stages.plane / n * 1000, r.stages.glass / n * 1000,
                         r.stages.content / n * 1000,
                         r.encode.quantize / n * 1000, r.encode.deflate / n * 1000, n / r.wall, Double(sink.bytes) / n / 1e6))
            // Where the cores wait (docs/performance.md, "keeping both cores busy"): the render loop for a
            // buffer or a delivery, the encoders for a frame; and how many cores the whole run kept busy.
            print(String(format: "         waits: render loop %.2f ms/f, encoders idle %.2f ms/f (busy %.2f); CPU %.2f ms/f, %.2f cores busy",
                         r.renderWait / n * 1000, r.encodeIdle / n * 1000, r.encodeBusy / n * 1000, r.cpu / n * 1000, r.cpu / r.wall))
            drawings.append((t, r))
        }
        for (t, r) in drawings { print(glassByDrawing(r, threads: t)) }
    }

    /// The glass stage of a pipeline run drawing by drawing (a non-liquid panel, or a liquid shape with its
    /// panels), like resvg's `--perf`: ms per frame of the run, so that the rows add up to the stage, with what
    /// the stage spends outside the kernels (the glow halo, finding the drawings) on the last row.
    static func glassByDrawing(_ r: RenderPipeline.Report, threads: Int) -> String {
        let n = Double(max(1, r.frames))
        let rows = r.stages.glassDrawings.drawings
        guard !rows.isEmpty else { return "glass by drawing, \(threads) thread\(threads == 1 ? "" : "s"): no glass drawn" }
        let width = max(24, (rows.map(\.label.count).max() ?? 0) + 2)
        var lines = ["glass by drawing, \(threads) thread\(threads == 1 ? "" : "s") (ms per frame of the run; px: the pixels each may write, per frame drawn)",
                     "  " + "panels".padding(toLength: width, withPad: " ", startingAt: 0)
                        + "tier             ms/f   px/frame  reused  frames"]
        for d in rows {
            lines.append("  " + d.label.padding(toLength: width, withPad: " ", startingAt: 0)
                         + d.tier.rawValue.padding(toLength: 14, withPad: " ", startingAt: 0)
                         + String(format: "%7.2f  %9d  %5.1f%%  %6d", d.seconds / n * 1000,
                                  d.pixels / max(1, d.frames), d.reusedShare * 100, d.frames))
        }
        let kernels = rows.reduce(0) { $0 + $1.seconds }
        lines.append("  " + "(outside the kernels)".padding(toLength: width + 14, withPad: " ", startingAt: 0)
                     + String(format: "%7.2f", (r.stages.glass - kernels) / n * 1000))
        return lines.joined(separator: "\n")
    }
}

/// Encodes PNGs to memory and drops them: the encode cost without the disk.
final class DiscardSink: FrameSink, @unchecked Sendable {
    let settings: EncodeSettings
    /// As the PNG sinks have, so that the figures are theirs.
    let bands = PNGBandCache()
    private let lock = NSLock()
    private var total = 0
    var bytes: Int { lock.withLock { total } }
    init(settings: EncodeSettings) { self.settings = settings }
    func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
        let n = try settings.pngBytes(image, scratch: &scratch, bands: bands).count
        lock.withLock { total += n }
        return .written
    }
    func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) {}
    func finish() throws(OutputError) {}
    func abort() {}
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    var uniqued: [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
