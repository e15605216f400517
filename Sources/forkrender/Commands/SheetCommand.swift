import Compose
import Content
import Foundation
import Output
import Raster
import Regression
import SceneFormat

/// `forkrender sheet scene.json -o sheet.png`: one frame in every tier, light and dark, as a labelled grid.
enum SheetCommand: Command {
    static let configuration = CommandConfiguration(
        name: "sheet",
        abstract: "One frame in every glass tier, light and dark, as a labelled grid.",
        overview: "Render one frame of a scene in every glass tier (liquid, frosted, web, android, android-legacy, opaque), light and dark, as one labelled grid.",
        usage: ["forkrender sheet [<scene.json>] -o <sheet.png> [--frame <n> | --frames <list>] [--scale <s>]"],
        arguments: [("<scene.json>", "The scene (default: the built-in showcase).")],
        options: [
            OptionSpec(name: "--output", short: "-o", value: "file.png", help: "Where to write the sheet.", defaultText: "sheet.png"),
            OptionSpec(name: "--frame", value: "n", help: "The frame to show.", defaultText: "the middle frame"),
            .frameList("One sheet per frame, <output>-NNNN.png (one frame: <output> itself)"),
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
        if p.has("--frame") && p.has("--frames") { throw UsageError(message: "Give either '--frame' or '--frames', not both") }
        let frames = try p.frameList(frameCount: probe.frameCount)
            ?? [try p.int("--frame", in: 0...(probe.frameCount - 1)) ?? probe.frameCount / 2]
        let sweep = p.has("--tilt-sweep")
        for frame in frames {
            let sheet = try SceneDecoder.naming(name) { () throws(SceneError) in
                try TierSheet.render(sceneText: text, frame: frame, scale: scale, decoder: decoder, workers: Workers(threads),
                                     tilts: sweep ? SceneDocument.sweepTilts(count: TierSheet.sweepPositions) : nil,
                                     label: SheetLabels.draw)
            }
            let path = frames.count == 1 ? output : numbered(output, frame)
            try AtomicFile.write(try EncodeSettings(dither: probe.dither).pngBytes(sheet), to: path)
            if !p.quiet { printError("wrote \(path) (\(sheet.width)x\(sheet.height) px, frame \(frame))") }
        }
        return ExitCode.success
    }

    /// `sheet.png` -> `sheet-0045.png`: one file per listed frame, numbered like `forkrender -o`'s frames.
    static func numbered(_ output: String, _ frame: Int) -> String {
        let ext = (output as NSString).pathExtension
        let stem = ext.isEmpty ? output : (output as NSString).deletingPathExtension
        let digits = String(frame)
        return stem + "-" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "." + (ext.isEmpty ? "png" : ext)
    }
}

/// Titles on the tier sheet, set in the monospace face (the design language's labels on a rigid grid), shaped
/// by HarfBuzz and rasterized by FreeType like every glyph forkrender draws.
enum SheetLabels {
    static func draw(_ title: String, in band: Rect, on sheet: inout Framebuffer) {
        guard let resolution = try? FontLibrary.resolve(FontRequest(family: "mono", weight: 600)),
              let face = try? Face.shared(resolution) else { return }
        // As large as the band allows, shrunk to fit the cell's width.
        var size = min(band.height * 0.45, 28)
        var layout = TextLayout(title, face: face, style: TextStyle(size: size), scale: 1)
        if layout.width > band.width * 0.96 {
            size *= band.width * 0.96 / layout.width
            layout = TextLayout(title, face: face, style: TextStyle(size: size), scale: 1)
        }
        let baselineTop = band.y + (band.height - layout.height) / 2
        let mask = layout.mask(at: Point(band.x, baselineTop.rounded()))
        let ink = sheet.space.premultiply(Token.label.color(.light))
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let c = mask[x, y]
                let px = mask.originX + x, py = mask.originY + y
                guard c > 0, px >= 0, py >= 0, px < sheet.width, py < sheet.height else { continue }
                sheet[px, py] = sourceOver(sheet[px, py], ink * c)
            }
        }
    }
}
