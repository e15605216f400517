import Foundation
import Raster
import Scene

/// `forkrender [scene.json] -o frames/ [--video out.mp4] ...`: renders a scene to PNG frames and/or a video.
enum RenderCommand {
    static let usage = "forkrender [<scene.json>] [-o <folder>|-] [--video <file>] [<options>]"

    static let options: [OptionSpec] = [
        OptionSpec(name: "--output", short: "-o", value: "folder|-",
                   help: "Write 0000.png, 0001.png, ... into a folder; '-' streams the PNGs to stdout.",
                   defaultText: "frames, unless --video is given"),
        OptionSpec(name: "--video", value: "file",
                   help: "Encode a video with ffmpeg from raw frames (.mp4, .mov, .webm, .gif)."),
        OptionSpec(name: "--frames", value: "first..last",
                   help: "Render only these frames, inclusive (30..59, 30, 30.., ..59)."),
        OptionSpec(name: "--shard", value: "i/n",
                   help: "Render the i-th of n contiguous slices of the frames (0-based)."),
        OptionSpec(name: "--threads", value: "n", help: "Worker threads.", defaultText: "all cores"),
        OptionSpec(name: "--png-level", value: "0-9", help: "zlib level of the PNGs; sets zlib's default strategy.",
                   defaultText: "1 with the RLE strategy, chosen by measurement"),
        OptionSpec(name: "--depth", value: "8|16", help: "Bits per channel of the PNGs.", defaultText: "8"),
        OptionSpec(name: "--scale", value: "s", help: "Override the canvas scale (pixels per point), e.g. 1 for quick previews."),
        OptionSpec(name: "--tilt-sweep", help: "Replace the scene's tilt with a sweep across the full range (previews every highlight)."),
        OptionSpec(name: "--max-megapixels", value: "n", help: "Refuse canvases above this size.", defaultText: "64"),
        OptionSpec(name: "--max-memory", value: "GB", help: "Refuse renders whose memory estimate is above this (docs/limits.md).", defaultText: "8"),
        OptionSpec(name: "--strict", help: "Treat warnings as errors (a font that falls back to another face)."),
        fontDirOption,
        OptionSpec(name: "--quiet", short: "-q", help: "Print nothing but errors."),
        OptionSpec(name: "--version", help: "Show the version."),
    ]

    static var help: String {
        helpText(
            overview: "Render FORK design-language scenes (dot plane, glass, content) to PNG frames and video previews.",
            usage: [usage, "forkrender sheet [<scene.json>] -o <sheet.png>", "forkrender lint <scene.json> [--strict] [--json]",
                    "forkrender diff <expected.png> <actual.png> [<options>]",
                    "forkrender check <scenes>... --references <folder> [<options>]",
                    "forkrender preview <scene.json> [--port <n>] [--scale <s>]",
                    "forkrender bench [<options>]", "forkrender showcase"],
            arguments: [("<scene.json>", "The scene file (see docs/scene-format.md). Without one, the built-in showcase.")],
            options: options,
            footer: """
            SUBCOMMANDS:
              sheet                   One frame in every glass tier, light and dark, as a labelled grid.
              lint                    Legibility report: contrast of every label against the pixels behind it.
              diff                    Compare two PNGs (pixelmatch's perceptual YIQ distance, anti-aliasing aware).
              check                   Render scenes and compare them with reference PNGs (visual regression).
              preview                 A live page on 127.0.0.1: scrub time, drag tilt, switch tiers (docs/preview.md).
              bench                   Measure each stage in release builds (see docs/performance.md).
              showcase                Print the built-in showcase scene, a starting point for your own.

            EXAMPLES:
              forkrender scenes/dots-tap.json -o frames/
              forkrender scenes/dots-tap.json -o - | ffmpeg -f image2pipe -c:v png -i - out.mp4
              forkrender scenes/dots-tap.json --video preview.mp4 --frames 0..59

            EXIT STATUS: 0 success, 1 a check failed, 2 usage, input or output error, 130 interrupted.
            """)
    }

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") {
            print(help, terminator: "")
            return ExitCode.success
        }
        let parsed: ParsedArguments
        do {
            parsed = try parseArguments(args, options: options)
        } catch {
            return usageFailure(error.message, usage: usage)
        }
        if parsed.has("--version") {
            print("forkrender \(version)")
            return ExitCode.success
        }
        do {
            return try render(parsed)
        } catch let e as UsageError {
            return usageFailure(e.message, usage: usage)
        } catch let e as SceneError {
            printError("error: \(e)")
            return ExitCode.usage
        } catch let e as OutputError {
            printError("error: \(e)")
            return Interrupt.shared.isSet ? ExitCode.interrupted : ExitCode.usage
        } catch {
            printError("error: \(error)")
            return ExitCode.usage
        }
    }

    static func render(_ p: ParsedArguments) throws -> Int32 {
        guard p.positionals.count <= 1 else {
            throw UsageError(message: "Expected one scene file, got \(p.positionals.count): \(p.positionals.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let quiet = p.has("--quiet")
        let threads = try p.int("--threads", in: 1...1024) ?? Workers.allCores.count
        let level = try p.int("--png-level", in: 0...9)
        let depth = try p.int("--depth", in: 8...16) ?? 8
        guard depth == 8 || depth == 16 else { throw UsageError(message: "The value '\(depth)' is invalid for '--depth': expected 8 or 16") }
        let megapixels = try p.double("--max-megapixels", in: 0.000001...100_000) ?? 64
        let scale = try p.double("--scale", in: 0.01...100)
        try addFontDirectories(p)

        // Decode and validate everything before touching the output.
        let maxMemory = try p.double("--max-memory", in: 0.001...1_000_000).map { $0 * 1e9 } ?? SceneDecoder.defaultMaxMemory
        let decoder = SceneDecoder(maxPixels: Int(megapixels * 1_000_000), maxMemory: maxMemory)
        var document: SceneDocument
        if let file = p.positionals.first {
            document = try decoder.decode(file: file)
        } else {
            do {
                document = try decoder.decode(text: Showcase.json)
            } catch {
                var e = error
                e.file = Showcase.name
                throw e
            }
        }
        if let scale {
            document.canvas.scale = Float(scale)
            _ = try decoder.checkCanvas(document.canvas)
            try decoder.checkMemory(document)
        }

        if p.has("--tilt-sweep") { document.sweepTilt() }
        if p.has("--strict"), var first = document.content.fontWarnings.first {
            first.file = p.positionals.first ?? Showcase.name
            first.message += " (an error under --strict)"
            throw first
        }

        var frames = Array(0..<document.frameCount)
        if let f = p.value("--frames") {
            frames = Array(try FrameSelection.parse(f, frameCount: document.frameCount))
        }
        if let s = p.value("--shard") {
            let (i, n) = try FrameSelection.parseShard(s)
            frames = FrameSelection.shard(frames, index: i, of: n)
        }

        var png = PNGEncodeOptions.default
        if let level {
            // The default's RLE strategy ignores the level; an explicit level gets zlib's ordinary strategy.
            png.level = level
            png.strategy = nil
        }
        let settings = EncodeSettings(depth: depth, dither: document.dither, png: png)
        let output = p.value("--output") ?? (p.has("--video") ? nil : "frames")
        if output == "-" && isatty(1) != 0 {
            throw UsageError(message: "Refusing to write PNG data to a terminal; pipe '-o -' into a program such as ffmpeg")
        }

        try OutputPaths.check(output: output, video: p.value("--video"))
        var sinks: [any FrameSink] = []
        if let output {
            if output == "-" {
                sinks.append(PNGStreamSink(fileDescriptor: 1, settings: settings))
            } else {
                sinks.append(try PNGFolderSink(folder: output, settings: settings, frameCount: document.frameCount))
            }
        }
        if let video = p.value("--video") {
            sinks.append(try VideoSink(path: video, width: document.canvas.pixelWidth,
                                       height: document.canvas.pixelHeight, fps: document.fps, dither: document.dither))
        }

        if !quiet {
            for note in document.notes { printError("note: \(note)") }
        }
        Interrupt.shared.install()
        let cleanupSinks = sinks
        Interrupt.shared.onForcedExit { for sink in cleanupSinks { sink.abort() } }
        let bar = ProgressBar(total: frames.count, enabled: !quiet)
        let pipeline = RenderPipeline(document: document, workers: Workers(threads, cancellation: Interrupt.shared.cancellation))
        let report = try pipeline.run(frames: frames, sinks: sinks,
                                      progress: { bar.update($0) },
                                      cancelled: { Interrupt.shared.isSet })
        bar.finish()
        if !quiet {
            let c = document.canvas
            var dest: [String] = []
            if let output { dest.append(output == "-" ? "stdout" : "\(output)/") }
            if let v = p.value("--video") { dest.append(v) }
            printError(String(format: "rendered %d frames of %dx%d px in %.2f s (%.1f fps) to %@",
                              report.frames, c.pixelWidth, c.pixelHeight, report.wall,
                              Double(report.frames) / max(report.wall, 1e-9), dest.joined(separator: " and ")))
        }
        return ExitCode.success
    }
}
