import Compose
import Foundation
import Output
import Raster
import SceneFormat

/// The `pipeline` section of `forkrender bench`: the scene through the whole pipeline, PNG encoded to memory and
/// discarded, at each thread count, then the glass stage drawing by drawing.
public enum PipelineBenchmark {
    public static func run(_ run: BenchRun) {
        let document = run.document
        print("\npipeline: \(run.name) \(document.canvas.pixelWidth)x\(document.canvas.pixelHeight), \(run.frames) frames, PNG by igzip (the frames' default), encoding overlapped")
        print("threads  simulate ms/f  plane ms/f  glass ms/f  content ms/f  quantize ms/f  deflate ms/f  frames/s  MB/frame")
        var drawings: [(threads: Int, report: RenderPipeline.Report)] = []
        for t in run.threadCounts {
            let sink = DiscardSink(settings: EncodeSettings(dither: document.dither))
            let pipeline = RenderPipeline(document: document, workers: Workers(t))
            guard let r = try? pipeline.run(frames: Array(0..<run.frames), sinks: [sink]) else { continue }
            print(rows(r, threads: t, bytes: sink.bytes))
            drawings.append((t, r))
        }
        for (t, r) in drawings { print(glassByDrawing(r, threads: t)) }
    }

    /// A thread count's row of stage times, then where the cores wait (docs/performance.md, "keeping both cores
    /// busy"): the render loop for a buffer or a delivery, the encoders for a frame; and how many cores the whole
    /// run kept busy.
    static func rows(_ r: RenderPipeline.Report, threads t: Int, bytes: Int) -> String {
        let n = Double(r.frames)
        return String(format: "%7d  %13.2f  %10.2f  %10.2f  %12.2f  %13.2f  %12.2f  %8.2f  %8.2f", t,
                      r.stages.simulate / n * 1000, r.stages.plane / n * 1000, r.stages.glass / n * 1000,
                      r.stages.content / n * 1000,
                      r.encode.quantize / n * 1000, r.encode.deflate / n * 1000, n / r.wall, Double(bytes) / n / 1e6)
            + "\n"
            + String(format: "         waits: render loop %.2f ms/f, encoders idle %.2f ms/f (busy %.2f); CPU %.2f ms/f, %.2f cores busy",
                     r.renderWait / n * 1000, r.encodeIdle / n * 1000, r.encodeBusy / n * 1000, r.cpu / n * 1000, r.cpu / r.wall)
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
