import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Regression

/// The render command's options, parsed once, in the order their errors are reported. Adds the `--font-dir`
/// folders to fontconfig as it parses them.
struct RenderOptions {
    var file: String?
    var quiet: Bool
    var threads: Int
    var settings: EncodeSettings
    var scale: Float?
    var maxPixels: Int
    /// Bytes.
    var maxMemory: Double
    var tiltSweep: Bool
    /// `--tier`: the device and Reduce Transparency of the tier sheet's column of that name; nil keeps the scene's.
    var tier: (platform: Platform, reduceTransparency: Bool)?
    var appearance: Appearance?
    /// `--background`: "transparent" or a colour, as `canvas.background` takes it; nil keeps the scene's.
    var background: String?
    var strict: Bool
    /// `--frames` and `--shard` as given: they select out of the scene's frames, known once it is decoded.
    var frames: String?
    var shard: String?
    /// The PNG folder, "-" for stdout, nil for none (the default with `--video`).
    var output: String?
    var video: String?
    /// `--clean`: remove the folder's frames this render will not overwrite (`StaleFrames`) instead of refusing.
    var clean: Bool

    init(_ p: ParsedArguments) throws {
        file = try p.optionalSceneFile()
        quiet = p.quiet
        threads = try p.threads()
        let depth = try p.int("--depth", in: 8...16) ?? 8
        guard depth == 8 || depth == 16 else { throw UsageError.invalid("\(depth)", for: "--depth", "expected 8 or 16") }
        // The level goes as given to the one place that checks it and picks its strategy.
        let level = try p.int("--png-level")
        do {
            settings = try EncodeSettings(depth: depth, pngLevel: level)
        } catch {
            // Its own message, as a usage error (exit 2): the range is stated once, where it is checked.
            throw UsageError.invalid(p.value("--png-level") ?? "", for: "--png-level", error.message)
        }
        scale = try p.scaleOverride()
        try p.addFontDirectories()
        maxMemory = try p.double("--max-memory", in: 0.001...1_000_000).map { $0 * 1e9 } ?? SceneDecoder.defaultMaxMemory
        maxPixels = try p.maxPixels()
        tiltSweep = p.has("--tilt-sweep")
        // The parser took only the columns' names and the appearances' raw values.
        tier = p.value("--tier").flatMap { name in TierSheet.columns.first { $0.0 == name } }.map { ($0.1, $0.2) }
        appearance = p.value("--appearance").flatMap(Appearance.init(rawValue:))
        background = p.value("--background")
        strict = p.has("--strict")
        frames = p.value("--frames")
        shard = p.value("--shard")
        video = p.value("--video")
        output = p.value("--output") ?? (video == nil ? "frames" : nil)
        clean = p.has("--clean")
        if clean && (output == nil || output == "-") {
            throw UsageError(message: "--clean removes stale frames from an output folder; it needs -o <folder>")
        }
    }
}
