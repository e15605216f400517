import Foundation
import Raster
import Scene

/// `forkrender sheet scene.json -o sheet.png`: one frame in every tier, light and dark, as a labelled grid.
enum SheetCommand {
    static let usage = "forkrender sheet [<scene.json>] -o <sheet.png> [--frame <n>] [--scale <s>]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--output", short: "-o", value: "file.png", help: "Where to write the sheet.", defaultText: "sheet.png"),
        OptionSpec(name: "--frame", value: "n", help: "The frame to show.", defaultText: "the middle frame"),
        OptionSpec(name: "--scale", value: "s", help: "Pixels per point of each cell.", defaultText: "1"),
        OptionSpec(name: "--tilt-sweep", help: "Show each tier as a strip of 5 tilts across the full range (roll -0.6 to 0.6 rad, pitch 0.3 to -0.3)."),
        fontDirOption,
        OptionSpec(name: "--threads", value: "n", help: "Worker threads.", defaultText: "all cores"),
        OptionSpec(name: "--quiet", short: "-q", help: "Print nothing but errors."),
    ]

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") {
            print(helpText(overview: "Render one frame of a scene in every glass tier (liquid, frosted, web, android, android-legacy, opaque), light and dark, as one labelled grid.",
                           usage: [usage], arguments: [("<scene.json>", "The scene (default: the built-in showcase).")],
                           options: options), terminator: "")
            return ExitCode.success
        }
        do {
            let p = try parseArguments(args, options: options)
            guard p.positionals.count <= 1 else { throw UsageError(message: "Expected one scene file") }
            let file = p.positionals.first
            let text: String
            if let file {
                guard let data = FileManager.default.contents(atPath: file), let t = String(data: data, encoding: .utf8) else {
                    throw SceneError(file: file, path: "", location: nil, message: "scene file does not exist or is not UTF-8 text")
                }
                text = t
            } else {
                text = Showcase.json
            }
            let threads = try p.int("--threads", in: 1...1024) ?? Workers.allCores.count
            let scale = Float(try p.double("--scale", in: 0.05...10) ?? 1)
            try addFontDirectories(p)
            let output = p.value("--output") ?? "sheet.png"
            // Decode once to validate and to find the default frame.
            var probe: SceneDocument
            do { probe = try SceneDecoder().decode(text: text) } catch { var e = error; e.file = file ?? Showcase.name; throw e }
            let frame = try p.int("--frame", in: 0...(probe.frameCount - 1)) ?? probe.frameCount / 2
            let sweep = p.has("--tilt-sweep")
            var sheet: Framebuffer
            do {
                sheet = try TierSheet.render(sceneText: text, frame: frame, scale: scale, workers: Workers(threads),
                                             tilts: sweep ? SceneDocument.sweepTilts(count: TierSheet.sweepPositions) : nil,
                                             label: SheetLabels.draw)
            } catch {
                var e = error
                e.file = file ?? Showcase.name
                throw e
            }
            let bytes = try EncodeSettings(dither: probe.dither).pngBytes(sheet)
            try AtomicFile.write(bytes, to: output)
            if !p.has("--quiet") { printError("wrote \(output) (\(sheet.width)x\(sheet.height) px, frame \(frame))") }
            return ExitCode.success
        } catch let e as UsageError {
            return usageFailure(e.message, usage: usage)
        } catch {
            printError("error: \(error)")
            return ExitCode.usage
        }
    }
}
