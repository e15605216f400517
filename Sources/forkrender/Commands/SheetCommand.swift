import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Regression

/// `forkrender sheet scene.json -o sheet.png`: one frame in every tier, light and dark, as a labelled grid.
enum SheetCommand: Command {
    static let configuration = CommandConfiguration(
        name: "sheet",
        abstract: "One frame in every glass tier, light and dark, as a labelled grid.",
        overview: "Render one frame of a scene in every glass tier (liquid, frosted, web, android, android-legacy, opaque), light and dark, as one labelled grid.",
        usage: ["forkrender sheet [<scene.json>] -o <sheet.png> [--frame <n>] [--scale <s>]"],
        arguments: [("<scene.json>", "The scene (default: the built-in showcase).")],
        options: [
            OptionSpec(name: "--output", short: "-o", value: "file.png", help: "Where to write the sheet.", defaultText: "sheet.png"),
            OptionSpec(name: "--frame", value: "n", help: "The frame to show.", defaultText: "the middle frame"),
            .viewScale("Pixels per point of each cell."),
            OptionSpec(name: "--tilt-sweep", help: "Show each tier as a strip of 5 tilts across the full range (roll -0.6 to 0.6 rad, pitch 0.3 to -0.3)."),
            .fontDirectory,
            .threads,
            .quiet(),
        ])

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = try p.optionalSceneFile()
        let text: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file), let t = String(data: data, encoding: .utf8) else {
                throw SceneError(file: file, path: "", location: nil, message: "scene file does not exist or is not UTF-8 text")
            }
            text = t
        } else {
            text = Showcase.json
        }
        let threads = try p.threads()
        let scale = try p.viewScale()
        try p.addFontDirectories()
        let output = p.value("--output") ?? "sheet.png"
        // Decode once to validate and to find the default frame.
        let name = file ?? Showcase.name
        // The sheet reviews a scene: relative files start at its folder, and it shows the safe-area guides the
        // scene asks for (`"safeArea": true`).
        var decoder = SceneDecoder()
        decoder.directory = file.map { ($0 as NSString).deletingLastPathComponent }
        decoder.safeAreaGuides = true
        let probe = try decoder.decode(text: text, named: name)
        let frame = try p.int("--frame", in: 0...(probe.frameCount - 1)) ?? probe.frameCount / 2
        let sweep = p.has("--tilt-sweep")
        let sheet = try SceneDecoder.naming(name) { () throws(SceneError) in
            try TierSheet.render(sceneText: text, frame: frame, scale: scale, decoder: decoder, workers: Workers(threads),
                                 tilts: sweep ? SceneDocument.sweepTilts(count: TierSheet.sweepPositions) : nil,
                                 label: SheetLabels.draw)
        }
        let bytes = try EncodeSettings(dither: probe.dither).pngBytes(sheet)
        try AtomicFile.write(bytes, to: output)
        if !p.quiet { printError("wrote \(output) (\(sheet.width)x\(sheet.height) px, frame \(frame))") }
        return ExitCode.success
    }
}
