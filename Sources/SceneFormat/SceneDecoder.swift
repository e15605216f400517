import Foundation
import Raster

/// Turns scene JSON into a validated `SceneDocument`, or one `SceneError` that says what is wrong and where.
/// It reads the scene file it is handed and nothing else of its own: a backdrop's image and video come through
/// `resolver`, as usvg's parser takes its `image_href_resolver` from the caller.
public struct SceneDecoder: Sendable {
    /// Canvases above this many pixels are refused before anything is allocated (`--max-megapixels`).
    public var maxPixels: Int = 64_000_000
    /// Renders whose memory estimate is above this many bytes are refused at decode (`--max-memory`).
    public var maxMemory: Double = SceneDecoder.defaultMaxMemory

    /// Values that replace the scene's own (the tier sheet renders one scene in every tier and appearance).
    /// Applied while decoding, so every token resolves for the overriding appearance.
    public var appearance: Appearance?
    public var platform: Platform?
    public var reduceTransparency: Bool?
    /// Pixels per point replacing the scene's canvas scale (`--scale`, the preview's and the tier sheet's view
    /// scale, the benchmarks' device scale). Applied while decoding, so the canvas, dot, text and memory budgets
    /// are checked at the scale that renders, the same way for every command.
    public var scale: Float?
    /// Replaces the scene's tilt keyframes (`--tilt-sweep`, the preview's tilt pad and export).
    public var tilt: TiltOverride?
    /// The folder relative paths in the scene start from (icon files, `fontDirs`): the scene file's own (set by
    /// `decode(file:)`); nil reads them from the current directory.
    public var directory: String?
    /// What a break of the three-layer rule does: refuse the scene (every command) or record it in
    /// `GlassSpec.ruleBreaks` and decode the scene anyway (the preview, whose overlap view paints the region).
    public var layerRule: LayerRule = .refuse
    /// Whether frames show the safe-area guides a scene asks for (`"canvas": {"safeArea": true}`): the commands
    /// that review a scene set it (`sheet`, the preview); rendered frames leave the guides out.
    public var safeAreaGuides = false
    /// Replaces the scene's `canvas.background` (`--background`): "transparent", or a colour as a scene writes it.
    public var background: String?
    /// With `safeAreaGuides`: shows (true) or hides (false) the guides of the scene's device whatever its
    /// `"safeArea"` says (the preview's switch); nil keeps the scene's.
    public var showSafeArea: Bool?

    public typealias TiltOverride = SceneFormat.TiltOverride

    public enum LayerRule: Sendable {
        /// Throw the break as the decode's error.
        case refuse
        /// Record the break, with its location and JSON path, and return the document.
        case report
    }

    /// What the program decoding the scene lends the decoder: a backdrop's image read and its video probed, and
    /// the renderer's own memory for the estimate (`SceneResolver`; Output's `RenderResolver` is the real one).
    public var resolver: any SceneResolver

    public init(resolver: any SceneResolver, maxPixels: Int = 64_000_000, maxMemory: Double = SceneDecoder.defaultMaxMemory,
                scale: Float? = nil) {
        self.resolver = resolver
        self.maxPixels = maxPixels
        self.maxMemory = maxMemory
        self.scale = scale
    }

    static let rootKeys = ["$schema", "canvas", "appearance", "platform", "reduceTransparency", "blending", "dither",
                           "duration", "fps", "seed", "tilt", "plane", "glass", "glowHalo", "containers", "content", "events", "check", "fontDirs"]

    static let canvasKeys = ["width", "height", "scale", "device", "safeArea", "background"]

    /// Reads and decodes a scene file. Errors carry the file name.
    public func decode(file path: String) throws(SceneError) -> SceneDocument {
        try decode(data: Self.read(file: path), file: path)
    }

    /// A scene file's bytes: refused when it is not a file that can be read or is over the size limit.
    public static func read(file path: String) throws(SceneError) -> Data {
        if let why = InputFile.problem(path) {
            throw SceneError(file: path, path: "", location: nil, message: "scene file \(why)")
        }
        if let size = InputFile.size(path), size > SceneLimits.fileBytes {
            throw SceneError(file: path, path: "", location: nil,
                             message: "scene file of \(size) bytes is over the limit of \(SceneLimits.fileBytes) (docs/limits.md)")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SceneError(file: path, path: "", location: nil, message: "scene file cannot be read: \(error.localizedDescription)")
        }
    }

    /// Decodes `data`, the bytes of the scene file at `path` (`read(file:)`): errors carry the file name, and
    /// the files it names are found beside it.
    public func decode(data: Data, file path: String) throws(SceneError) -> SceneDocument {
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError(file: path, path: "", location: UTF8Position.firstInvalid(in: data),
                             message: "scene file is not UTF-8 text (an invalid byte sequence starts here)")
        }
        var decoder = self
        decoder.directory = (path as NSString).deletingLastPathComponent
        return try decoder.decode(text: text, named: path)
    }

    /// Decodes `text` as the contents of `file`: its errors and its recorded rule breaks name that file.
    public func decode(text: String, named file: String) throws(SceneError) -> SceneDocument {
        var document = try Self.naming(file) { () throws(SceneError) in try decode(text: text) }
        for i in document.glass.ruleBreaks.indices { document.glass.ruleBreaks[i].file = file }
        return document
    }

    /// Runs `body`, giving a SceneError it throws the file it came from (text decoded without a path).
    public static func naming<T>(_ file: String, _ body: () throws(SceneError) -> T) throws(SceneError) -> T {
        do {
            return try body()
        } catch {
            var e = error
            e.file = file
            throw e
        }
    }

    public func decode(text: String) throws(SceneError) -> SceneDocument {
        let root: JSONNode
        do {
            root = try JSON.parse(text)
        } catch {
            throw SceneError(path: "", location: error.location, message: "invalid JSON: \(error.message)")
        }
        let r = try ObjectReader(root, path: "", keys: Self.rootKeys)
        _ = try r.string("$schema")  // the editor's link to the schema: a string, or the schema refuses the scene

        var canvas = try decodeCanvas(r)
        let sceneAppearance = try r.choice("appearance", default: Appearance.light)
        let appearance = self.appearance ?? sceneAppearance
        canvas.background = try CanvasBackground.decode(r, override: background, appearance: appearance)
        let scenePlatform = try r.choice("platform", default: Platform.ios26)
        let platform = self.platform ?? scenePlatform
        let sceneReduce = try r.bool("reduceTransparency", default: false)
        let reduceTransparency = self.reduceTransparency ?? sceneReduce
        let duration = try r.number("duration", default: 4, in: .duration)
        let fps = try r.number("fps", default: 30, in: .closed(0.001, 1000).excludingLower(0))
        try checkFrames(r, duration: duration, fps: fps)
        let seed = try r.int("seed", default: 0, in: .closed(0, 9_007_199_254_740_991))
        var notes: [String] = []

        for (key, limit) in [("glass", SceneLimits.glassPanels), ("content", SceneLimits.contentItems)] {
            if let n = r.count(key) { try ObjectReader.checkCount(n, limit: limit, path: key, location: r.node(key)!.location) }
        }
        // The scene's own keyframes are checked even when an override replaces them.
        var tilt = try decodeTilt(r, duration: duration)
        if let override = self.tilt { tilt = override.keyframes(duration: duration) }
        let blending = try r.choice("blending", default: BlendSpace.srgb)
        let plane = try PlaneSection.decodeEvents(r, duration: duration, into: PlaneSection.decode(
            r, .init(canvas: canvas, appearance: appearance, seed: UInt64(seed), reduceTransparency: reduceTransparency,
                     blending: blending, directory: directory, fps: fps, resolver: resolver)))
        let glowHalo = try r.bool("glowHalo", default: true)
        let glass = try GlassSection.decode(r, .init(appearance: appearance, platform: platform,
                                                     reduceTransparency: reduceTransparency, duration: duration, fps: fps,
                                                     layerRule: layerRule, glowHalo: glowHalo, touches: plane.events,
                                                     canvas: Rect(x: 0, y: 0, width: canvas.width, height: canvas.height)))
        try checkDots(r, canvas: canvas, plane: plane)
        notes += glass.notes
        try FontDirectories.decode(r, base: directory)
        let content = try ContentSection.decode(r, panels: GlassPanels(glass), appearance: appearance,
                                                  duration: duration, directory: directory)
        try checkText(r, canvas: canvas, content: content)
        let check = try CheckSection.decode(r, frameCount: max(1, Int(checked: duration * fps, .toNearestOrAwayFromZero)),
                                            panels: GlassPanels(glass))
        notes += check.framesPastEnd.map(\.note)

        var document = SceneDocument(
            canvas: canvas, appearance: appearance,
            platform: platform, reduceTransparency: reduceTransparency,
            blending: blending,
            dither: try r.bool("dither", default: true),
            duration: duration, fps: fps, seed: UInt64(seed), tilt: tilt,
            plane: plane, glass: glass, content: content, check: check, notes: notes)
        document.symbolWarnings = try checkSymbols(document)
        document.notes += document.symbolWarnings.map { "\($0.path): \($0.message)" }
        try checkMemory(document)
        return document
    }

    func decodeCanvas(_ r: ObjectReader) throws(SceneError) -> Canvas {
        let c = try r.object("canvas", keys: Self.canvasKeys)
        let device = try c.flatMap { (c) throws(SceneError) in try Self.device(c) }
        let width = try c?.float("width", default: 390, in: .length), height = try c?.float("height", default: 844, in: .length)
        var canvas = Canvas(
            width: device?.width ?? width ?? 390,
            height: device?.height ?? height ?? 844,
            scale: try c?.float("scale", default: device?.scale ?? 3, in: NumberRange.closed(0, SceneLimits.scale).excludingLower(0))
                ?? 3)
        canvas.device = device
        let guides = try c?.bool("safeArea", default: false) ?? false
        if guides && device == nil {
            throw c!.fail("safeArea", "the safe-area guides are a device's: name one with \"device\" (docs/scene-format.md#devices)")
        }
        canvas.guides = (showSafeArea ?? guides) && safeAreaGuides && device != nil
        guard let scale else { return try checkCanvas(canvas, location: c?.location) }
        // The override's size is the command line's, not the scene's: its error names no line of the file.
        canvas.scale = scale
        return try checkCanvas(canvas)
    }

    /// `canvas.device`: a name from `DeviceScreen.all`, which gives the size; `width` and `height` may not be
    /// given with it (the scale may: a preview at another scale).
    static func device(_ c: ObjectReader) throws(SceneError) -> DeviceScreen? {
        guard let id = try c.string("device") else { return nil }
        let names = DeviceScreen.all.map(\.id)
        guard let device = DeviceScreen.named(id) else {
            throw SceneError(path: c.childPath("device"), location: c.node("device")?.location ?? c.location,
                             message: "unknown device '\(id)'; expected one of: \(names.joined(separator: ", "))",
                             suggestion: Suggest.closest(to: id, in: names))
        }
        for key in ["width", "height"] where c.has(key) {
            throw c.fail(key, "the device '\(id)' gives the canvas its size (\(Value.format(Double(device.width))) x \(Value.format(Double(device.height))) pt); remove '\(key)' or 'device'")
        }
        return device
    }

    /// Refuses canvases under one pixel or over the pixel limit, before anything is allocated.
    func checkCanvas(_ canvas: Canvas, location: SourceLocation? = nil) throws(SceneError) -> Canvas {
        let w = Double(canvas.width) * Double(canvas.scale), h = Double(canvas.height) * Double(canvas.scale)
        guard w.rounded() >= 1, h.rounded() >= 1 else {
            throw SceneError(path: "canvas", location: location, message: "canvas is smaller than one pixel (\(Value.format(w)) x \(Value.format(h)))")
        }
        guard w * h <= Double(maxPixels) else {
            throw SceneError(path: "canvas", location: location,
                             message: "canvas of \(Value.format(w.rounded())) x \(Value.format(h.rounded())) pixels is over the limit of \(Value.format(Double(maxPixels) / 1e6)) megapixels (raise it with --max-megapixels)")
        }
        return canvas
    }

    func decodeTilt(_ r: ObjectReader, duration: Double) throws(SceneError) -> Keyframes<Tilt> {
        let limit = NumberRange.closed(-Tilt.maximumAngle, Tilt.maximumAngle).measured(in: .radians)
        return Keyframes(try r.keyframes("tilt", valueKeys: ["pitch", "roll"]) { (o) throws(SceneError) -> Tilt in
            Tilt(pitch: try o.number("pitch", default: 0, in: limit), roll: try o.number("roll", default: 0, in: limit))
        })
    }
}

extension NumberRange {
    func excludingLower(_ v: Double) -> NumberRange {
        NumberRange(lower: v, lowerInclusive: false, upper: upper, upperInclusive: upperInclusive, dimension: dimension)
    }
}
