import Benchmarks
import Content
import Dots
import Foundation
import Glass
import Raster
import Regression
import Scene

/// `forkrender bench`: per-stage timings of the showcase at 1170 x 2532 for 1 thread and all cores, then the
/// benchmarks of each module. Meaningful only in release builds (`swift build -c release`).
enum BenchCommand: Command {
    static let configuration = CommandConfiguration(
        name: "bench",
        abstract: "Measure each stage in release builds (see docs/performance.md).",
        overview: "Measure forkrender's stages (use a release build).",
        usage: ["forkrender bench [--frames <n>] [--threads <list>] [--only <section>] [--peers]"],
        options: [
            OptionSpec(name: "--frames", value: "n", help: "Frames of the showcase to render per run.", defaultText: "30"),
            OptionSpec(name: "--threads", value: "list", help: "Thread counts to compare, comma-separated.",
                       defaultText: "1 and all cores"),
            OptionSpec(name: "--only", value: "section", help: "Run one section: \(onlyNames.joined(separator: ", ")).", repeatable: true),
            OptionSpec(name: "--peers", help: "Also run the peers (libpng alone, ffmpeg gblur, ffmpeg encoding alone, a memory copy) and print ratios."),
        ])

    /// The sections in the order they run; `--only` picks by name (glass has two parts, the stage first), and
    /// the peers, right after the pipeline they are ratios of, run with `--peers`.
    static let sections: [(name: String, run: @Sendable (_ frames: Int, _ threadCounts: [Int]) -> Void)] = [
        ("pipeline", { frames, threadCounts in pipeline(frames: frames, threadCounts: threadCounts) }),
        ("peers", { frames, threadCounts in BenchPeers.run(frames: frames, threads: threadCounts.max() ?? Workers.allCores.count) }),
        ("glass", { print(titled(nil, GlassStageBenchmark.report(threadCounts: $1) + "\n" + LiquidGlassBenchmark.report())) }),
        ("encode", { _, _ in print(titled(nil, EncodeBenchmark.report())) }),
        ("dots", { print(titled("dots: physics step and sprite pass (docs/plane.md)", PlaneBenchmark.report(threadCounts: $1))) }),
        ("content", { print(titled("content: text-heavy frame (docs/content.md)", ContentBenchmark.report(threadCounts: $1))) }),
        ("diff", { print(titled("diff: pixelmatch-style comparison of two 1170x2532 frames (docs/regression.md)",
                                RegressionBenchmark.report(threadCounts: $1))) }),
        ("glass", { print(titled("glass: full-frame blur (docs/glass.md)", GlassBenchmark.report(threadCounts: $1))) }),
        ("math", { _, _ in print(titled("math: DMath against libm, ns per result (docs/performance.md)", DMathBenchmark.report())) }),
    ]

    /// A section's report after a blank line, under its title.
    static func titled(_ title: String?, _ report: String) -> String {
        "\n" + (title.map { $0 + "\n" } ?? "") + report
    }

    /// The names `--only` accepts.
    static var onlyNames: [String] { sections.map(\.name).filter { $0 != "peers" }.uniqued }

    static func run(_ p: ParsedArguments) throws -> Int32 {
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
        #if DEBUG
        print("warning: this is a debug build; figures are meaningless. Use: swift run -c release forkrender bench")
        #endif
        print("forkrender \(version) bench on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        for section in sections {
            let chosen = section.name == "peers" ? p.has("--peers") : only.isEmpty || only.contains(section.name)
            if chosen { section.run(frames, threadCounts) }
        }
        return ExitCode.success
    }

    /// The showcase through the whole pipeline, PNG encoded to memory and discarded.
    static func pipeline(frames: Int, threadCounts: [Int]) {
        // At device scale (the showcase's own, 390 x 844 pt at 3), whatever the showcase says.
        var decoder = SceneDecoder()
        decoder.scale = 3
        guard let document = try? decoder.decode(text: Showcase.json) else { return }
        let count = min(frames, document.frameCount)
        print("\npipeline: showcase \(document.canvas.pixelWidth)x\(document.canvas.pixelHeight), \(count) frames, PNG by igzip (the frames' default), encoding overlapped")
        print("threads  simulate ms/f  plane ms/f  glass ms/f  content ms/f  quantize ms/f  deflate ms/f  frames/s  MB/frame")
        for t in threadCounts {
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
        }
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
    func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> [UInt8] {
        let n = try settings.pngBytes(image, scratch: &scratch, bands: bands).count
        lock.withLock { total += n }
        return []
    }
    func deliver(frame index: Int, bytes: [UInt8]) throws(OutputError) {}
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
