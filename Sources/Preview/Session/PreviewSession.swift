import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Regression

/// The scene a preview shows and everything kept between requests, behind the routes: the scene file it
/// follows (`SceneWatch`), a compositor per set of switches, at most 4 (`PreviewCompositors`, with the physics
/// state each has reached), a cache of encoded frames (`FrameCache`, 64 MiB) and playback's render-ahead thread
/// (`RenderAhead`).
///
/// Rendering goes through the ordinary `Compositor` and `EncodeSettings.pngBytes`, so a preview frame's bytes
/// equal `forkrender scene.json --scale s` for that frame. Scrubbing forward continues the simulation; only a
/// step back starts that compositor again from t = 0 (physics only, no pixels, for the frames in between).
public final class PreviewSession: @unchecked Sendable {
    public var file: String { scene.file }
    public var scale: Float { scene.scale }
    /// Where `/export` writes (`--export`); nil: export is off.
    public let exportFolder: String?
    let workers: Workers
    let scene: SceneWatch
    /// Guards the compositors and the documents decoded per switch set; held while a frame renders. A reload
    /// takes it before the scene's lock, so holding it the scene does not change.
    let renderLock = NSLock()
    let compositors: PreviewCompositors
    /// Documents decoded with each set of switches, for the overlap view and the rule breaks (as many as the
    /// compositors: a document holds the scene's decoded backdrop).
    private var documents = LeastRecentlyUsed<PreviewSettings, SceneDocument>(capacity: PreviewCompositors.capacity)
    let cache = FrameCache()
    let ahead = RenderAhead()

    public var document: SceneDocument { scene.document }
    /// Bumped on every successful reload; the page polls it.
    public var version: Int { scene.version }
    /// The command line's message for the scene on disk when it no longer decodes; nil when it does.
    public var error: String? { scene.error }

    /// Decodes the scene file; throws the command line's error when it does not decode, or when its preview
    /// would need more memory than `maxMemory` (`--max-memory`; `PreviewMemory`). A break of the three-layer
    /// rule is not such an error here (`SceneWatch`).
    public init(file: String, scale: Float = 1, exportFolder: String? = nil, workers: Workers = .allCores,
                maxMemory: Double = SceneDecoder.defaultMaxMemory) throws(SceneError) {
        scene = try SceneWatch(file: file, scale: scale, maxMemory: maxMemory)
        self.exportFolder = exportFolder
        self.workers = workers
        compositors = PreviewCompositors(file: file, workers: workers)
    }

    /// Reads the scene file and, when its bytes or an input file it reads (a backdrop image) changed, decodes it:
    /// success replaces the scene (compositors and cache start afresh) and bumps `version`; failure keeps the
    /// last good scene and sets `error`.
    @discardableResult
    public func reload() -> (version: Int, error: String?) {
        if let unchanged = scene.unchanged() { return unchanged }
        return renderLock.withLock {
            scene.reload {
                compositors.removeAll()
                documents.removeAll()
                cache.removeAll()
                ahead.cancel()
            }
        }
    }

    /// The frame as PNG bytes. `play`: the page is playing the timeline; the frames after this one are rendered
    /// ahead into the cache. Without it, rendering ahead stops.
    public func png(_ r: FrameRequest, play: Bool = false) throws(SceneError) -> [UInt8] {
        if !play { ahead.cancel() }
        let bytes: [UInt8]
        if let hit = cache[r] {
            bytes = hit
        } else {
            bytes = try ahead.pageRequest(for: r) { () throws(SceneError) in try rendering { () throws(SceneError) in try render(r) } }
        }
        if play {
            let doc = document
            ahead.start(after: r, frameCount: doc.frameCount, fps: doc.fps) { [weak self] r in
                self?.renderAhead(r) != nil
            }
        }
        return bytes
    }

    /// What a new tilt changes in frame `r.frame` under `r.settings`: the frame's pixels over every region glass
    /// and content covered (`FramePatch`). Outside them the frame is the plane, which no tilt changes, so the
    /// patch drawn over any frame of the same index and switches, whatever its tilt, gives `png(r)`'s pixels.
    /// Stops rendering ahead, as a frame request does.
    public func patch(_ r: FrameRequest) throws(SceneError) -> FramePatch {
        ahead.cancel()
        return try ahead.pageRequest(for: r) { () throws(SceneError) in
            try rendering { () throws(SceneError) in
                try draw(r) { frame, covered, dither in FramePatch(frame, covered: covered, dither: dither, workers: workers) }
            }
        }
    }

    /// Ends rendering ahead for good, for the end of the process.
    public func stop() { ahead.stop() }

    /// Runs `body` holding `renderLock`.
    private func rendering<T>(_ body: () throws(SceneError) -> T) throws(SceneError) -> T {
        renderLock.lock()
        defer { renderLock.unlock() }
        return try body()
    }

    /// Renders (or finds in the cache) one frame; the caller holds `renderLock`.
    private func render(_ r: FrameRequest) throws(SceneError) -> [UInt8] {
        if let hit = cache[r] { return hit }
        let bytes = try draw(r) { frame, _, dither throws(SceneError) in
            do {
                return try EncodeSettings(dither: dither).pngBytes(frame)
            } catch {
                throw SceneError(file: file, path: "", location: nil, message: "cannot encode the frame: \(error)")
            }
        }
        cache.insert(bytes, for: r)
        return bytes
    }

    /// Draws frame `r` with the compositor of its switches; the caller holds `renderLock`.
    private func draw<T>(_ r: FrameRequest, _ body: (Framebuffer, [PixelRect], Bool) throws(SceneError) -> T) throws(SceneError) -> T {
        let text = scene.text
        return try compositors.draw(r, decode: { () throws(SceneError) in try scene.decode(text, r.settings) }, body)
    }

    /// A frame for the render-ahead thread, unless it is cached or no longer wanted.
    private func renderAhead(_ r: FrameRequest) {
        if cache.contains(r) { return }
        renderLock.withLock {
            if ahead.isWanted(r), r.frame < scene.document.frameCount { _ = try? render(r) }
        }
    }

    // MARK: Other views

    /// The overlap view of one frame under the given switches (tilt does not move glass).
    public func overlap(_ r: FrameRequest) throws(SceneError) -> OverlapMap {
        OverlapMap(document: try document(r.settings), frame: r.frame)
    }

    /// The breaks of the three-layer rule under the given switches (the tier decides what counts as a layer),
    /// each the error the command line refuses the scene with; empty when the scene keeps the rule.
    public func ruleBreaks(_ s: PreviewSettings) throws(SceneError) -> [SceneError] {
        try document(s).glass.ruleBreaks
    }

    /// The scene decoded with the given switches, kept until the scene changes (the last 4 sets used).
    private func document(_ s: PreviewSettings) throws(SceneError) -> SceneDocument {
        try rendering { () throws(SceneError) in
            let text = scene.text
            return try documents.value(s) { () throws(SceneError) in try scene.decode(text, s) }
        }
    }

    /// Writes the frame as `frame-NNNN.png` (the bytes `/frame.png` serves), the whole timeline with the same
    /// switches and tilt as `timeline.mp4`, and the timeline with its tilt swept across the full range as
    /// `tilt-sweep.mp4` (what `forkrender --tilt-sweep` renders), into `exportFolder`. The videos go through the
    /// ordinary render pipeline and the VideoSink of `forkrender --video` (ffmpeg, a temporary name renamed when
    /// complete); the PNG is written under a temporary name too. File names are fixed here, never taken from the
    /// request. Returns the paths written. A scene that breaks the layer rule is refused with the command
    /// line's error, before anything is written: the normal pipeline would refuse it.
    public func export(_ r: FrameRequest) throws -> [String] {
        guard let folder = exportFolder else { throw OutputError("export is off: start forkrender preview with --export <folder>") }
        if let e = try ruleBreaks(r.settings).first { throw e }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let png = (folder as NSString).appendingPathComponent(String(format: "frame-%04d.png", r.frame))
        try AtomicFile.write(try self.png(r), to: png)
        // The frames' document and the request's tilt, as every route draws them (`TiltOverride`).
        let d = try document(r.settings)
        var written = [png]
        for (name, tilt) in [("timeline.mp4", r.tiltOverride), ("tilt-sweep.mp4", TiltOverride.sweep)] {
            let video = (folder as NSString).appendingPathComponent(name)
            let sink = try VideoSink(path: video, width: d.canvas.pixelWidth, height: d.canvas.pixelHeight, fps: d.fps, dither: d.dither,
                                     alpha: d.canvas.isTransparent)
            // A cancelled export aborts its video: ffmpeg killed, the temporary file removed.
            _ = try RenderPipeline(document: d, workers: workers, tilt: tilt)
                .run(frames: Array(0..<d.frameCount), sinks: [sink], cancelled: { [workers] in workers.cancellation.isCancelled })
            written.append(video)
        }
        return written
    }

    /// The legibility report for one frame under the given switches and tilt.
    public func lint(_ r: FrameRequest) throws(SceneError) -> LegibilityReport {
        try LegibilityAudit.run(document: try document(r.settings), frames: [r.frame], workers: workers, tilt: r.tiltOverride)
    }
}
