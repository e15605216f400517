import Foundation
import Raster
import SceneFormat
import Compose
import Output

/// What a render does, validated before any output is touched: the decoded scene, its encode settings and the
/// frames selected.
struct RenderJob {
    var options: RenderOptions
    var document: SceneDocument
    var settings: EncodeSettings
    var frames: [Int]

    init(_ options: RenderOptions) throws {
        self.options = options
        var decoder = SceneDecoder(maxPixels: options.maxPixels, maxMemory: options.maxMemory)
        decoder.scale = options.scale
        if options.tiltSweep { decoder.tilt = .sweep }
        decoder.platform = options.tier?.platform
        decoder.reduceTransparency = options.tier?.reduceTransparency
        decoder.appearance = options.appearance
        decoder.background = options.background
        document = try decoder.decodeScene(file: options.file)
        settings = options.settings
        settings.dither = document.dither
        if options.strict, var first = (document.content.fontWarnings + document.symbolWarnings).first {
            first.file = options.file ?? Showcase.name
            first.message += " (an error under --strict)"
            throw first
        }
        let count = document.frameCount
        frames = try options.frames.map { s throws(SelectionError) in try FrameSelection.parseList(s, frameCount: count) }
            ?? Array(0..<count)
        if let video = options.video, !FrameSelection.isContiguous(frames) {
            throw UsageError(message: "'--frames \(options.frames ?? "")' is not one run of consecutive frames: a video plays its frames in order at the scene's fps, so a gap would be a jump cut; render the list as PNGs with -o, or give --video '\(video)' one range such as \(frames.first ?? 0)..\(frames.last ?? 0)")
        }
        if let s = options.shard {
            frames = try Shard.parse(s, environment: ProcessInfo.processInfo.environment).slice(frames)
        }
        if options.output == "-" && isatty(1) != 0 {
            throw UsageError(message: "Refusing to write PNG data to a terminal; pipe '-o -' into a program such as ffmpeg")
        }
    }
}
