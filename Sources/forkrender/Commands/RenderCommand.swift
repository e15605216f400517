import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Regression

/// `forkrender [scene.json] -o frames/ [--video out.mp4] ...`: renders a scene to PNG frames and/or a video.
enum RenderCommand: Command {
    static let configuration = CommandConfiguration(
        overview: "Render FORK design-language scenes (dot plane, glass, content) to PNG frames and video previews.",
        usage: ["forkrender [<scene.json>] [-o <folder>|-] [--video <file>] [<options>]",
                "forkrender <subcommand> [<arguments>] [<options>]"],
        arguments: [("<scene.json>", "The scene file (see docs/scene-format.md). Without one, the built-in showcase.")],
        options: [
            OptionSpec(name: "--output", short: "-o", value: "folder|-",
                       help: "Write 0000.png, 0001.png, ... into a folder; '-' streams the PNGs to stdout.",
                       defaultText: "frames, unless --video is given"),
            OptionSpec(name: "--clean",
                       help: "Remove the folder's NNNN.png frames this render will not overwrite (refused without it), before the first frame is written."),
            OptionSpec(name: "--video", value: "file",
                       help: "Encode a video with ffmpeg from raw frames (.mp4, .mov, .webm, .gif)."),
            .frameList("Render only these frames (with --video: one run of consecutive frames)"),
            .shard("Render the i-th of n contiguous slices of the frames (0-based)"),
            .threads,
            OptionSpec(name: "--png-level", value: "\(EncodeSettings.pngLevels.lowerBound)-\(EncodeSettings.pngLevels.upperBound)",
                       help: "Compress the PNGs with zlib at this level, with zlib's Z_FILTERED strategy (libpng's own for filtered rows); 0 stores them uncompressed.",
                       defaultText: "ISA-L's igzip at its level 0, chosen by measurement: docs/performance.md"),
            OptionSpec(name: "--depth", value: "8|16", help: "Bits per channel of the PNGs.", defaultText: "8"),
            .scaleOverride("Override the canvas scale (pixels per point), e.g. 1 for quick previews."),
            OptionSpec(name: "--tilt-sweep", help: "Replace the scene's tilt with a sweep across the full range (previews every highlight)."),
            OptionSpec(name: "--tier", value: "tier",
                       help: "Render for this glass tier's device, as the tier sheet's column: frosted is iOS 18, opaque is iOS 26 with Reduce Transparency. A panel that names its own tier keeps it.",
                       defaultText: "the scene's platform", choices: TierSheet.columns.map(\.0)),
            OptionSpec(name: "--background", value: "transparent|color",
                       help: "Replace the plane's background: 'transparent' writes frames whose alpha is the plane's coverage (PNG, .mov ProRes 4444, .webm VP9), or a color (#RRGGBB, a token).",
                       defaultText: "the scene's canvas.background, else systemGroupedBackground"),
            OptionSpec(name: "--appearance", value: "appearance", help: "Render in this appearance.",
                       defaultText: "the scene's", choices: Appearance.allCases.map(\.rawValue)),
            .maxMegapixels(),
            OptionSpec(name: "--max-memory", value: "GB", help: "Refuse renders whose memory estimate is above this (docs/limits.md).", defaultText: "8"),
            OptionSpec(name: "--strict", help: "Treat warnings as errors (a font that falls back to another face, a library's message while drawing an icon)."),
            .fontDirectory,
            .quiet("Print nothing but errors and warnings."),
            OptionSpec(name: "--version", help: "Show the version."),
            OptionSpec(name: "--verbose", help: "With --version: also the libraries and font files that shape the frames (the fingerprint check --update writes into references)."),
            OptionSpec(name: "--generate-completion-script", value: "shell",
                       help: "Print the completion script for this shell: commands, options, their values and scene files.",
                       choices: CompletionShell.allCases.map(\.rawValue)),
            OptionSpec(name: "--generate-manual", help: "Print the manual page forkrender(1), made from the same option tables as this help."),
        ],
        discussion: """
        EXAMPLES:
          forkrender scenes/dots-tap.json -o frames/
          forkrender scenes/dots-tap.json -o - | ffmpeg -f image2pipe -c:v png -i - out.mp4
          forkrender scenes/dots-tap.json --video preview.mp4 --frames 0..59

        EXIT STATUS: 0 success, 1 a check failed, 2 an error that a retry meets again (usage, a scene that never
        renders, unreadable input, an impossible output path), 3 output the machine failed to write (full disk,
        I/O error, ffmpeg failing: a retry may succeed), 130 interrupted.
        """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        if p.has("--version") {
            print(p.has("--verbose") ? RendererFingerprint.current.text : "forkrender \(version)")
            return ExitCode.success
        }
        if let shell = p.value("--generate-completion-script").flatMap(CompletionShell.init(rawValue:)) {
            print(shell.script(Forkrender.commands), terminator: "")
            return ExitCode.success
        }
        if p.has("--generate-manual") {
            print(ManualPage.text(Forkrender.commands), terminator: "")
            return ExitCode.success
        }
        try refuseMisspelledSubcommand(p)
        // Before the scene is read: decoding parses icons in librsvg and loads fonts, which Ctrl-C must end too.
        Interrupt.shared.install()
        let options = try RenderOptions(p)
        // Decode and validate everything before touching the output.
        let job = try RenderJob(options)
        let sinks = try openSinks(job)
        try render(job, into: sinks)
        return ExitCode.success
    }

    /// `forkrender lnit scene.json` is a misspelled command, not a scene called "lnit".
    static func refuseMisspelledSubcommand(_ p: ParsedArguments) throws {
        if let word = p.positionals.first, !FileManager.default.fileExists(atPath: word),
           let command = Suggest.typo(of: word, in: Forkrender.subcommands.compactMap({ $0.configuration.name })) {
            throw UsageError(message: "Unknown subcommand '\(word)'. Did you mean '\(command)'?")
        }
    }

    /// The PNG and video sinks the options ask for. Each sink's abort runs on an exit from the signal watcher,
    /// registered as soon as the sink exists (a video sink has started ffmpeg).
    static func openSinks(_ job: RenderJob) throws -> [any FrameSink] {
        let options = job.options, document = job.document
        try OutputPaths.check(output: options.output, video: options.video)
        var sinks: [any FrameSink] = []
        func add(_ sink: any FrameSink) {
            sinks.append(sink)
            Interrupt.shared.onForcedExit { sink.abort() }
        }
        if let output = options.output {
            if output == "-" {
                add(PNGStreamSink(fileDescriptor: 1, settings: job.settings))
            } else {
                try removeStaleFrames(output, job)
                add(try PNGFolderSink(folder: output, settings: job.settings, frameCount: document.frameCount))
            }
        }
        if let video = options.video {
            add(try VideoSink(path: video, width: document.canvas.pixelWidth,
                              height: document.canvas.pixelHeight, fps: document.fps, dither: document.dither,
                              alpha: document.canvas.isTransparent))
        }
        return sinks
    }

    /// Refuses a folder holding frames this render will not overwrite, or with `--clean` removes them: after
    /// every check and before the first frame is written, so that from the first new frame on the folder
    /// never holds frames of two renders, even when the render is interrupted.
    static func removeStaleFrames(_ folder: String, _ job: RenderJob) throws {
        let stale = StaleFrames(folder: folder, frameCount: job.document.frameCount)
        guard !stale.isEmpty else { return }
        guard job.options.clean else { throw stale.refusal }
        try stale.remove()
        if !job.options.quiet { printError("note: removed \(stale.names.count) stale frame\(stale.names.count == 1 ? "" : "s") from '\(folder)' (--clean)") }
    }

    /// Renders the job's frames into `sinks` with a progress bar, then says what was written where.
    static func render(_ job: RenderJob, into sinks: [any FrameSink]) throws {
        let options = job.options, document = job.document
        // A face that falls back changes the picture: said even under -q.
        for warning in document.content.fallbackWarnings { printError("warning: \(warning)") }
        if !options.quiet {
            for note in document.notes { printError("note: \(note)") }
        }
        let bar = ProgressBar(total: job.frames.count, enabled: !options.quiet)
        let pipeline = RenderPipeline(document: document, workers: Workers(options.threads, cancellation: Interrupt.shared.cancellation))
        let report = try pipeline.run(frames: job.frames, sinks: sinks,
                                      progress: { bar.update($0) },
                                      cancelled: { Interrupt.shared.isSet })
        bar.finish()
        if !options.quiet {
            let c = document.canvas
            var dest: [String] = []
            if let output = options.output { dest.append(output == "-" ? "stdout" : "\(output)/") }
            if let video = options.video { dest.append(video) }
            printError(String(format: "rendered %d frames of %dx%d px in %.2f s (%.1f fps) to %@",
                              report.frames, c.pixelWidth, c.pixelHeight, report.wall,
                              Double(report.frames) / max(report.wall, 1e-9), dest.joined(separator: " and ")))
        }
    }
}
