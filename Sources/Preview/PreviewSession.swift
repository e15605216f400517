import Foundation
import Raster
import Scene

/// The scene a preview shows and everything kept between requests: the last scene text that decoded, one
/// compositor per combination of switches (with the physics state it has reached), and a cache of encoded frames.
///
/// Rendering goes through the ordinary `Compositor` and `EncodeSettings.pngBytes`, so a preview frame's bytes
/// equal `forkrender scene.json --scale s` for that frame. Scrubbing forward continues the simulation; only a
/// step back starts that compositor again from t = 0 (physics only, no pixels, for the frames in between).
public final class PreviewSession: @unchecked Sendable {
    public let file: String
    public let scale: Float
    /// Where `/export` writes (`--export`); nil: export is off.
    public let exportFolder: String?
    let workers: Workers
    private let lock = NSLock()

    /// The last scene text that decoded, and its document with the scene's own switches.
    /// (libmicrohttpd answers 127.0.0.1 and ::1 on a thread each, so everything below is read under the lock.)
    private var text: String
    private var current: SceneDocument
    private var currentVersion = 1
    private var currentError: String?
    private var lastData: Data?

    public var document: SceneDocument { lock.withLock { current } }
    /// Bumped on every successful reload; the page polls it.
    public var version: Int { lock.withLock { currentVersion } }
    /// The command line's message for the scene on disk when it no longer decodes; nil when it does.
    public var error: String? { lock.withLock { currentError } }

    private struct Slot {
        var compositor: Compositor
        var sceneTilt: Keyframes<Tilt>
    }
    private var slots: [PreviewSettings: Slot] = [:]
    private var cache: [FrameRequest: [UInt8]] = [:]
    private var cacheOrder: [FrameRequest] = []
    /// Encoded frames kept for scrubbing back and play-ahead (about 40 KB each at scale 1).
    static let cacheLimit = 400

    /// Compositors that started again from t = 0 because a request went back in time; tests read it.
    public var restarts: Int { lock.withLock { restartCount } }
    private var restartCount = 0

    /// Decodes the scene file; throws the command line's error when it does not decode.
    public init(file: String, scale: Float = 1, exportFolder: String? = nil, workers: Workers = .allCores) throws(SceneError) {
        self.file = file
        self.scale = scale
        self.exportFolder = exportFolder
        self.workers = workers
        let data = FileManager.default.contents(atPath: file)
        current = try SceneDecoder().decode(file: file)
        current.canvas.scale = scale
        text = data.flatMap { String(data: $0, encoding: .utf8) } ?? ""
        lastData = data
    }

    private func decoder(_ s: PreviewSettings) -> SceneDecoder {
        var d = SceneDecoder()
        d.directory = (file as NSString).deletingLastPathComponent
        d.appearance = s.appearance
        d.platform = s.platform
        d.reduceTransparency = s.reduceTransparency
        return d
    }

    private func decode(_ text: String, _ s: PreviewSettings) throws(SceneError) -> SceneDocument {
        do {
            var doc = try decoder(s).decode(text: text)
            doc.canvas.scale = scale
            _ = try SceneDecoder().checkCanvas(doc.canvas)
            return doc
        } catch {
            var e = error
            e.file = file
            throw e
        }
    }

    /// Reads the scene file and, when its bytes changed, decodes it: success replaces the scene (compositors and
    /// cache start afresh) and bumps `version`; failure keeps the last good scene and sets `error`.
    @discardableResult
    public func reload() -> (version: Int, error: String?) {
        lock.withLock {
            let data = FileManager.default.contents(atPath: file)
            if data != lastData || data == nil {
                lastData = data
                do throws(SceneError) {
                    let doc = try SceneDecoder().decode(file: file)
                    guard let data, let t = String(data: data, encoding: .utf8) else { throw SceneError(file: file, path: "", location: nil, message: "scene file changed while reading") }
                    var scaled = doc
                    scaled.canvas.scale = scale
                    _ = try SceneDecoder().checkCanvas(scaled.canvas)
                    text = t
                    current = scaled
                    slots = [:]
                    cache = [:]
                    cacheOrder = []
                    currentError = nil
                    currentVersion += 1
                } catch {
                    currentError = error.diagnostic
                }
            }
            return (currentVersion, currentError)
        }
    }

    /// The frame as PNG bytes.
    public func png(_ r: FrameRequest) throws(SceneError) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let hit = cache[r] { return hit }
        var slot: Slot
        if let s = slots[r.settings] {
            slot = s
        } else {
            let doc = try decode(text, r.settings)
            slot = Slot(compositor: Compositor(document: doc, workers: workers), sceneTilt: doc.tilt)
        }
        if slot.compositor.step > slot.compositor.physicsStep(forFrame: r.frame) {
            var doc = slot.compositor.document
            doc.tilt = slot.sceneTilt
            slot.compositor = Compositor(document: doc, workers: workers)
            restartCount += 1
        }
        slot.compositor.setTilt(r.tilt.map { Keyframes([.init(time: 0, value: $0, easing: .linear)]) } ?? slot.sceneTilt)
        let image = slot.compositor.render(frame: r.frame)
        slots[r.settings] = slot
        let bytes: [UInt8]
        do {
            bytes = try EncodeSettings(dither: slot.compositor.document.dither).pngBytes(image)
        } catch {
            throw SceneError(file: file, path: "", location: nil, message: "cannot encode the frame: \(error)")
        }
        cache[r] = bytes
        cacheOrder.append(r)
        if cacheOrder.count > Self.cacheLimit {
            cache[cacheOrder.removeFirst()] = nil
        }
        return bytes
    }

    /// Writes the frame as `frame-NNNN.png` (the bytes `/frame.png` serves) and the whole timeline with the same
    /// switches and tilt as `timeline.mp4` through the ordinary render pipeline and ffmpeg, into `exportFolder`.
    /// File names are fixed here, never taken from the request. Returns the paths written.
    public func export(_ r: FrameRequest) throws -> [String] {
        guard let folder = exportFolder else { throw OutputError("export is off: start forkrender preview with --export <folder>") }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let png = (folder as NSString).appendingPathComponent(String(format: "frame-%04d.png", r.frame))
        try AtomicFile.write(try self.png(r), to: png)
        let t = lock.withLock { text }
        var doc = try decode(t, r.settings)
        if let tilt = r.tilt { doc.tilt = Keyframes([.init(time: 0, value: tilt, easing: .linear)]) }
        let video = (folder as NSString).appendingPathComponent("timeline.mp4")
        let sink = try VideoSink(path: video, width: doc.canvas.pixelWidth, height: doc.canvas.pixelHeight, fps: doc.fps, dither: doc.dither)
        _ = try RenderPipeline(document: doc, workers: workers).run(frames: Array(0..<doc.frameCount), sinks: [sink])
        return [png, video]
    }

    /// The legibility report for one frame under the given switches and tilt.
    public func lint(_ r: FrameRequest) throws(SceneError) -> LegibilityReport {
        let t = lock.withLock { text }
        var doc = try decode(t, r.settings)
        if let tilt = r.tilt { doc.tilt = Keyframes([.init(time: 0, value: tilt, easing: .linear)]) }
        return LegibilityAudit.run(document: doc, frames: [r.frame], workers: workers)
    }
}
