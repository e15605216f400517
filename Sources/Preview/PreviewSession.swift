import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Regression

/// The scene a preview shows and everything kept between requests: the last scene text that decoded, one
/// compositor per combination of switches (with the physics state it has reached), and a cache of encoded frames
/// (FrameCache, 64 MiB).
///
/// Rendering goes through the ordinary `Compositor` and `EncodeSettings.pngBytes`, so a preview frame's bytes
/// equal `forkrender scene.json --scale s` for that frame. Scrubbing forward continues the simulation; only a
/// step back starts that compositor again from t = 0 (physics only, no pixels, for the frames in between).
///
/// Playback renders ahead: a frame asked for with `play` sets a thread rendering the frames after it (up to
/// `aheadSeconds` of the timeline) into the cache with the same compositor, so the page's next requests are
/// answered from the cache while the renderer works on the frames after them. Any other frame request stops
/// it (a tilt drag must not wait behind frames nobody asked for).
public final class PreviewSession: @unchecked Sendable {
    public let file: String
    public let scale: Float
    /// Where `/export` writes (`--export`); nil: export is off.
    public let exportFolder: String?
    let workers: Workers
    /// Guards the scene: its text, document, version and error. Held for moments only, so that every request
    /// (validating its frame number reads the document) is answered while a frame renders.
    private let lock = NSLock()
    /// Guards the compositors and the documents decoded per switch set; held while a frame renders. A reload
    /// takes it before `lock`; the scene changes only under both, so either one is enough to read it.
    let renderLock = NSLock()

    /// The last scene text that decoded, and its document with the scene's own switches.
    /// (libmicrohttpd answers 127.0.0.1 and ::1 on a thread each, so everything below is read under a lock.)
    private var text: String
    private var current: SceneDocument
    private var currentVersion = 1
    private var currentError: String?
    private var lastData: Data?
    /// The size and modification time of the files the scene reads besides itself (a backdrop image), as
    /// they were when it last decoded: a change of either reloads the scene like a change of its text.
    private var lastInputs: [String]

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
    /// Documents decoded with each combination of switches, for the overlap view.
    private var documents: [PreviewSettings: SceneDocument] = [:]
    let cache = FrameCache()

    /// How far playback renders ahead of the frame on screen: one second of the timeline (at least 8 frames).
    static let aheadSeconds = 1.0
    /// Where each session's render-ahead loop runs (a concurrent queue: one blocked loop per session).
    private static let aheadQueue = DispatchQueue(label: "forkrender preview render-ahead", qos: .userInitiated, attributes: .concurrent)
    struct AheadJob {
        var template: FrameRequest
        var next: Int
        var last: Int
    }
    /// The frames to render ahead; guarded by `ahead`, which the render-ahead thread waits on.
    var aheadJob: AheadJob?
    /// The frame the render-ahead thread is drawing now.
    var aheadRendering: FrameRequest?
    /// Page requests waiting for the render lock: the render-ahead thread starts no frame while there are any
    /// (NSLock is not fair: the thread could take the lock back frame after frame while a request waits).
    private var pageWaiting = 0
    private var aheadStarted = false
    /// Set by `stop`: the render-ahead loop ends and starts no frame.
    private var stopped = false
    let ahead = NSCondition()

    /// Compositors that started again from t = 0 because a request went back in time (`restarts`, for tests);
    /// guarded by `renderLock`.
    var restartCount = 0

    /// Decodes the scene file; throws the command line's error when it does not decode. A break of the
    /// three-layer rule is not such an error here: the preview decodes with `layerRule: .report`, shows the
    /// frame and paints the region red in the overlap view (`ruleBreaks` lists the breaks); export refuses it.
    public init(file: String, scale: Float = 1, exportFolder: String? = nil, workers: Workers = .allCores) throws(SceneError) {
        self.file = file
        self.scale = scale
        self.exportFolder = exportFolder
        self.workers = workers
        let data = FileManager.default.contents(atPath: file)
        current = try Self.reportingDecoder(scale: scale).decode(file: file)
        text = data.flatMap { String(data: $0, encoding: .utf8) } ?? ""
        lastData = data
        lastInputs = Self.stamps(current)
    }

    /// Each input file of `doc` as its path, size and modification time.
    private static func stamps(_ doc: SceneDocument) -> [String] {
        doc.inputFiles.map { path in
            let a = try? FileManager.default.attributesOfItem(atPath: path)
            let date = (a?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(path) \(a?[.size] as? Int ?? -1) \(date)"
        }
    }

    /// The command line's decoder at the preview's scale (`--scale s`, with its checks), except that a break of
    /// the layer rule is recorded, not thrown.
    private static func reportingDecoder(scale: Float) -> SceneDecoder {
        var d = SceneDecoder()
        d.layerRule = .report
        d.scale = scale
        return d
    }

    private func decoder(_ s: PreviewSettings) -> SceneDecoder {
        var d = Self.reportingDecoder(scale: scale)
        d.directory = (file as NSString).deletingLastPathComponent
        d.appearance = s.appearance
        d.platform = s.platform
        d.reduceTransparency = s.reduceTransparency
        return d
    }

    private func decode(_ text: String, _ s: PreviewSettings, tilt: SceneDecoder.TiltOverride? = nil) throws(SceneError) -> SceneDocument {
        var d = decoder(s)
        d.tilt = tilt
        return try d.decode(text: text, named: file)
    }

    /// Reads the scene file and, when its bytes or an input file it reads (a backdrop image) changed, decodes it:
    /// success replaces the scene (compositors and cache start afresh) and bumps `version`; failure keeps the
    /// last good scene and sets `error`.
    @discardableResult
    public func reload() -> (version: Int, error: String?) {
        let data = FileManager.default.contents(atPath: file)
        let inputs = Self.stamps(document)
        let unchanged = lock.withLock { data == lastData && inputs == lastInputs && data != nil ? (currentVersion, currentError) : nil }
        if let unchanged { return unchanged }
        return renderLock.withLock { lock.withLock {
            if data != lastData || inputs != lastInputs || data == nil {
                lastData = data
                lastInputs = inputs
                do throws(SceneError) {
                    let doc = try Self.reportingDecoder(scale: scale).decode(file: file)
                    guard let data, let t = String(data: data, encoding: .utf8) else { throw SceneError(file: file, path: "", location: nil, message: "scene file changed while reading") }
                    text = t
                    current = doc
                    lastInputs = Self.stamps(doc)
                    slots = [:]
                    documents = [:]
                    cache.removeAll()
                    stopAhead()
                    currentError = nil
                    currentVersion += 1
                } catch {
                    currentError = error.diagnostic
                }
            }
            return (currentVersion, currentError)
        } }
    }

    /// The frame as PNG bytes. `play`: the page is playing the timeline; the frames after this one are rendered
    /// ahead into the cache. Without it, rendering ahead stops.
    public func png(_ r: FrameRequest, play: Bool = false) throws(SceneError) -> [UInt8] {
        if !play { stopAhead() }
        let bytes: [UInt8]
        if let hit = cache[r] {
            bytes = hit
        } else {
            bytes = try withRenderLock(for: r) { () throws(SceneError) in try render(r) }
        }
        if play { startAhead(after: r) }
        return bytes
    }

    /// What a new tilt changes in frame `r.frame` under `r.settings`: the frame's pixels over every region glass
    /// and content covered (`FramePatch`). Outside them the frame is the plane, which no tilt changes, so the
    /// patch drawn over any frame of the same index and switches, whatever its tilt, gives `png(r)`'s pixels.
    /// Stops rendering ahead, as a frame request does.
    public func patch(_ r: FrameRequest) throws(SceneError) -> FramePatch {
        stopAhead()
        return try withRenderLock(for: r) { () throws(SceneError) in
            try draw(r) { frame, covered, dither in FramePatch(frame, covered: covered, dither: dither, workers: workers) }
        }
    }

    /// Runs `body` holding the render lock, ahead of the render-ahead thread: it waits while that thread draws
    /// `r` itself (rather than draw it again) and starts no frame while a page request waits for the lock.
    private func withRenderLock<T>(for r: FrameRequest, _ body: () throws(SceneError) -> T) throws(SceneError) -> T {
        ahead.lock()
        while aheadRendering == r { ahead.wait() }
        pageWaiting += 1
        ahead.unlock()
        defer {
            ahead.lock()
            pageWaiting -= 1
            ahead.broadcast()
            ahead.unlock()
        }
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

    /// Draws frame `r` with the compositor of its switches into that compositor's kept slot
    /// (`Compositor.renderKept`: a new tilt of the frame drawn last redraws only the glass) and hands `body` the
    /// frame, the regions glass and content covered, and the document's dither. The caller holds `renderLock`.
    private func draw<T>(_ r: FrameRequest, _ body: (Framebuffer, [PixelRect], Bool) throws(SceneError) -> T) throws(SceneError) -> T {
        var slot: Slot
        if let s = slots[r.settings] {
            slot = s
        } else {
            let doc = try decode(text, r.settings)
            slot = Slot(compositor: Compositor(document: doc, workers: workers), sceneTilt: doc.tilt)
        }
        if slot.compositor.step > slot.compositor.physicsStep(forFrame: r.frame) {
            // The tilt is set below; it never changes the simulation.
            slot.compositor = Compositor(document: slot.compositor.document, workers: workers)
            restartCount += 1
        }
        slot.compositor.setTilt(r.tilt.map { Keyframes([.init(time: 0, value: $0, easing: .linear)]) } ?? slot.sceneTilt)
        slots[r.settings] = nil  // the compositor uniquely held while it draws
        defer { slots[r.settings] = slot }
        let dither = slot.compositor.document.dither
        let drawn = try slot.compositor.renderKept(frame: r.frame) { frame, covered throws(SceneError) in
            // A cancelled render left bands undrawn: neither encoded nor cached (the process is ending).
            guard !workers.cancellation.isCancelled else {
                throw SceneError(file: file, path: "", location: nil, message: "interrupted")
            }
            return try body(frame, covered, dither)
        }
        // A frame without part of its scene (a backdrop video's frame not decoded) is neither shown nor cached:
        // its error is, as a scene error is.
        if let e = slot.compositor.incomplete { throw SceneError(file: file, path: e.path, location: nil, message: e.message) }
        return drawn
    }

    // MARK: Rendering ahead

    /// Asks the render-ahead thread for the frames after `r` (same tilt and switches), to the end of the
    /// timeline at most.
    private func startAhead(after r: FrameRequest) {
        let count = document.frameCount
        let window = max(8, Int(Self.aheadSeconds * document.fps))
        ahead.lock()
        defer { ahead.unlock() }
        let last = min(count - 1, r.frame + window)
        aheadJob = r.frame < last ? AheadJob(template: r, next: r.frame + 1, last: last) : nil
        if aheadJob != nil && !aheadStarted {
            aheadStarted = true
            // The loop holds the session only while it works; it ends within a second of the session's end.
            Self.aheadQueue.async { [weak self] in
                while let s = self, s.aheadStep() {}
            }
        }
        ahead.broadcast()
    }

    /// Ends rendering ahead for good, for the end of the process: the loop starts no new frame, and the one it
    /// draws ends within a band once the workers' cancellation is raised.
    public func stop() {
        ahead.lock()
        stopped = true
        aheadJob = nil
        ahead.broadcast()
        ahead.unlock()
    }

    private func stopAhead() {
        ahead.lock()
        aheadJob = nil
        ahead.broadcast()
        ahead.unlock()
    }

    /// One turn of the render-ahead thread: waits up to a second for work (and while a page request waits for
    /// the render lock), renders one frame that is not cached yet. Returns true to be called again.
    private func aheadStep() -> Bool {
        ahead.lock()
        if aheadJob == nil || pageWaiting > 0 { _ = ahead.wait(until: Date(timeIntervalSinceNow: pageWaiting > 0 ? 0.05 : 1)) }
        guard var r = aheadJob?.template, let job = aheadJob, pageWaiting == 0, !stopped else {
            let more = !stopped
            ahead.unlock()
            return more
        }
        r.frame = job.next
        aheadRendering = r
        ahead.unlock()
        if !cache.contains(r) {
            renderLock.lock()
            // A reload or another request may have come while waiting for the lock: render only a wanted frame.
            if isWanted(r), r.frame < current.frameCount { _ = try? render(r) }
            renderLock.unlock()
        }
        ahead.lock()
        if var j = aheadJob, j.template == job.template, j.next == job.next {
            j.next += 1
            aheadJob = j.next <= j.last ? j : nil
        }
        aheadRendering = nil
        ahead.broadcast()
        ahead.unlock()
        return true
    }

    private func isWanted(_ r: FrameRequest) -> Bool {
        ahead.withLock {
            guard let j = aheadJob else { return false }
            var t = j.template
            t.frame = r.frame
            return t == r && j.next == r.frame
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

    /// The scene decoded with the given switches, kept until the scene changes.
    private func document(_ s: PreviewSettings) throws(SceneError) -> SceneDocument {
        renderLock.lock()
        defer { renderLock.unlock() }
        if let d = documents[s] { return d }
        let doc = try decode(text, s)
        documents[s] = doc
        return doc
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
        let t = lock.withLock { text }
        let doc = try decode(t, r.settings, tilt: r.tilt.map { .fixed($0) })
        let sweep = try decode(t, r.settings, tilt: .sweep)
        var written = [png]
        for (name, d) in [("timeline.mp4", doc), ("tilt-sweep.mp4", sweep)] {
            let video = (folder as NSString).appendingPathComponent(name)
            let sink = try VideoSink(path: video, width: d.canvas.pixelWidth, height: d.canvas.pixelHeight, fps: d.fps, dither: d.dither)
            // A cancelled export aborts its video: ffmpeg killed, the temporary file removed.
            _ = try RenderPipeline(document: d, workers: workers).run(frames: Array(0..<d.frameCount), sinks: [sink],
                                                                      cancelled: { [workers] in workers.cancellation.isCancelled })
            written.append(video)
        }
        return written
    }

    /// The legibility report for one frame under the given switches and tilt.
    public func lint(_ r: FrameRequest) throws(SceneError) -> LegibilityReport {
        let t = lock.withLock { text }
        let doc = try decode(t, r.settings, tilt: r.tilt.map { .fixed($0) })
        return LegibilityAudit.run(document: doc, frames: [r.frame], workers: workers)
    }
}
