import Content
import Dots
import Foundation
import Glass
import Raster
import Regression
import Scene

/// `forkrender bench`: per-stage timings of the showcase at 1170 x 2532 for 1 thread and all cores, then the
/// benchmarks of each module. Meaningful only in release builds (`swift build -c release`).
enum BenchCommand {
    static let usage = "forkrender bench [--frames <n>] [--threads <list>] [--only <section>] [--peers]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--frames", value: "n", help: "Frames of the showcase to render per run.", defaultText: "30"),
        OptionSpec(name: "--threads", value: "list", help: "Thread counts to compare, comma-separated.",
                   defaultText: "1,\(Workers.allCores.count)"),
        OptionSpec(name: "--only", value: "section", help: "Run one section: pipeline, encode, glass, dots, content, diff.", repeatable: true),
        OptionSpec(name: "--peers", help: "Also run the peers (libpng alone, ffmpeg gblur, ffmpeg encoding alone, a memory copy) and print ratios."),
    ]

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") {
            print(helpText(overview: "Measure forkrender's stages (use a release build).", usage: [usage],
                           arguments: [], options: options), terminator: "")
            return ExitCode.success
        }
        let p: ParsedArguments
        let frames: Int
        var threadCounts: [Int] = []
        do throws(UsageError) {
            p = try parseArguments(args, options: options)
            frames = try p.int("--frames", in: 1...10_000) ?? 30
            for t in (p.value("--threads") ?? "1,\(Workers.allCores.count)").split(separator: ",") {
                guard let n = Int(t), n >= 1 else { throw UsageError(message: "The value '\(t)' is invalid for '--threads'") }
                if !threadCounts.contains(n) { threadCounts.append(n) }
            }
        } catch {
            return usageFailure(error.message, usage: usage)
        }
        let only = Set(p.all("--only"))
        #if DEBUG
        print("warning: this is a debug build; figures are meaningless. Use: swift run -c release forkrender bench")
        #endif
        print("forkrender \(version) bench on \(ProcessInfo.processInfo.activeProcessorCount) cores")
        if only.isEmpty || only.contains("pipeline") {
            pipeline(frames: frames, threadCounts: threadCounts)
        }
        if p.has("--peers") {
            BenchPeers.run(frames: frames, threads: threadCounts.max() ?? Workers.allCores.count)
        }
        if only.isEmpty || only.contains("glass") {
            print("\n" + GlassStageBenchmark.report(threadCounts: threadCounts))
            print(LiquidGlassBenchmark.report())
        }
        if only.isEmpty || only.contains("encode") {
            print("\n" + EncodeBenchmark.report())
        }
        if only.isEmpty || only.contains("dots") {
            print("\ndots: physics step and sprite pass (docs/plane.md)")
            print(PlaneBenchmark.report(threadCounts: threadCounts))
        }
        if only.isEmpty || only.contains("content") {
            print("\ncontent: text-heavy frame (docs/content.md)")
            print(ContentBenchmark.report(threadCounts: threadCounts))
        }
        if only.isEmpty || only.contains("diff") {
            print("\ndiff: pixelmatch-style comparison of two 1170x2532 frames (docs/regression.md)")
            print(RegressionBenchmark.report(threadCounts: threadCounts))
        }
        if only.isEmpty || only.contains("glass") {
            print("\nglass: full-frame blur (docs/glass.md)")
            print(GlassBenchmark.report(threadCounts: threadCounts))
        }
        return ExitCode.success
    }

    /// The showcase through the whole pipeline, PNG encoded to memory and discarded.
    static func pipeline(frames: Int, threadCounts: [Int]) {
        guard var document = try? SceneDecoder().decode(text: Showcase.json) else { return }
        document.canvas = Canvas(width: 390, height: 844, scale: 3)
        let count = min(frames, document.frameCount)
        print("\npipeline: showcase \(document.canvas.pixelWidth)x\(document.canvas.pixelHeight), \(count) frames, PNG level \(PNGEncodeOptions.default.level), encoding overlapped")
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
        }
    }
}

/// Encodes PNGs to memory and drops them: the encode cost without the disk.
final class DiscardSink: FrameSink, @unchecked Sendable {
    let settings: EncodeSettings
    private let lock = NSLock()
    private var total = 0
    var bytes: Int { lock.withLock { total } }
    init(settings: EncodeSettings) { self.settings = settings }
    func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> [UInt8] {
        let n = try settings.pngBytes(image, scratch: &scratch).count
        lock.withLock { total += n }
        return []
    }
    func deliver(frame index: Int, bytes: [UInt8]) throws(OutputError) {}
    func finish() throws(OutputError) {}
    func abort() {}
}
