import Dispatch
import Dots
import Raster
import SceneFormat

/// Builds frames in the one order the design language allows: the plane, then glass, then content.
///
/// This is the only place that knows the layer order. Glass receives the finished plane as a read-only value
/// and nothing else, so no glass surface can sample another glass surface: the rule holds by construction.
public struct Compositor {
    public let document: SceneDocument
    public let workers: Workers
    /// The tilt the glass highlights are lit by: the document's until `setTilt` gives another.
    public private(set) var tilt: Keyframes<Tilt>
    /// What the session keeps between frames.
    let state: FrameState
    var plane: PlaneLayer
    var glass: GlassLayer
    let content: ContentLayer
    /// Physics steps taken so far (60 Hz, from t = 0).
    public private(set) var step = 0
    public private(set) var times = StageTimes()
    /// The plane of the last frame, kept to be drawn over by the next one.
    var planeBuffer: Framebuffer?
    /// What `planeBuffer` holds, so that the next frame redraws only the dots that changed.
    var planeRecord = PlaneSpriteRecord()
    /// Why the frame rasterized last lacks part of its scene, nil when it is whole: a backdrop video's frame its
    /// decoder could not deliver. Such a frame is drawn without it, consistently (the kept buffers and records
    /// say what it holds), but must never be published: every caller that writes, compares or shows frames
    /// checks this after each frame, as it checks a cancellation.
    public private(set) var incomplete: SceneError?

    /// The physics rate. Frames sample the simulation at whatever fps the scene asks for.
    public static let physicsRate = 60.0

    /// A session over `document`; `keeping: .nothing` makes every store kept between frames keep nothing (the
    /// reference the kept stores are checked against).
    public init(document: SceneDocument, workers: Workers = .allCores, keeping: Keeping = .everything) {
        self.document = document
        self.workers = workers
        tilt = document.tilt
        state = FrameState(pixels: document.canvas.pixelWidth * document.canvas.pixelHeight, keeping: keeping)
        plane = PlaneLayer(document: document, backdrops: state.backdrop)
        glass = GlassLayer(document: document, tilt: tilt, state: state)
        content = ContentLayer(document: document, masks: state.masks, styling: state.liquidStyling(document))
    }

    /// The physics step a frame shows: the last step at or before the frame's time.
    public func physicsStep(forFrame i: Int) -> Int {
        // Exact for integer fps; the epsilon absorbs binary fractions of non-integer fps.
        Int(checked: Double(i) * Self.physicsRate / document.fps + 1e-9, .down)
    }

    /// Advances the simulation to frame `i`. Frames must be visited in increasing order; skipping frames is
    /// cheap because only the simulation runs for them, so a subset of frames equals a full run's bytes.
    public mutating func simulate(toFrame i: Int) {
        let target = physicsStep(forFrame: i)
        precondition(target >= step, "frames must be rendered in increasing order")
        let t0 = DispatchTime.now()
        if target > step { plane.simulate(toStep: target, workers: workers) }
        step = target
        times.simulate += t0.secondsSince
    }

    /// Rasterizes the current state as frame `i`.
    public mutating func rasterize(frame i: Int) -> Framebuffer {
        var frame = emptyFrame()
        rasterize(frame: i, into: &frame)
        return frame
    }

    /// A frame-sized buffer for `rasterize(frame:into:)`, whose pixels are unspecified until a frame is drawn
    /// into it (`Framebuffer.unfilled`): every first use writes all of them before reading any, since a fresh
    /// slot copies the whole plane and the plane buffer is first drawn whole (its record starts empty).
    public func emptyFrame() -> Framebuffer {
        let c = document.canvas
        return Framebuffer.unfilled(width: c.pixelWidth, height: c.pixelHeight, space: document.blending)
    }

    /// Rasterizes the current state as frame `i` into `frame` (a buffer from `emptyFrame()`; its old pixels
    /// are all overwritten): a fresh slot around it, so the whole plane is copied.
    public mutating func rasterize(frame i: Int, into frame: inout Framebuffer) {
        var slot = FrameSlot(consume frame)
        rasterize(frame: i, into: &slot)
        frame = slot.frame
    }

    /// Rasterizes the current state as frame `i` into `slot` (around a buffer from `emptyFrame()`). The plane is
    /// drawn into a buffer the compositor keeps: glass reads the plane around each panel while it writes the
    /// frame. The slot then takes from it only what changed since its last frame (see FrameSlot), and glass and
    /// content draw over it. Reusing the buffers means no frame-sized allocation per frame. `keepingBodies`: the
    /// session draws frames on request (`renderKept`), so glass keeps its liquid drawings unlit for a new tilt
    /// of the same frame (LiquidBodyCache); a render pipeline, whose frames never repeat, does not.
    public mutating func rasterize(frame i: Int, into slot: inout FrameSlot, keepingBodies: Bool = false) {
        let c = document.canvas
        precondition(slot.frame.width == c.pixelWidth && slot.frame.height == c.pixelHeight
                     && slot.frame.space == document.blending, "frame buffer does not match the canvas")
        let t0 = DispatchTime.now()
        if planeBuffer == nil { planeRecord = PlaneSpriteRecord() }
        var planeLayer = planeBuffer ?? emptyFrame()
        planeBuffer = nil  // keep the buffer uniquely referenced while drawing into it
        incomplete = plane.render(into: &planeLayer, time: document.time(ofFrame: i), workers: workers, record: &planeRecord)
        // The frosted panels' covered pixels are overwritten by glass, so the slot leaves them (FrameSlot.take).
        let drawings = glass.drawings(plane: planeLayer, time: document.time(ofFrame: i))
        slot.take(plane: planeLayer, record: planeRecord, workers: workers,
                  sparing: glass.overwrittenSpans(drawings, canvas: PixelRect(planeLayer)))
        let t1 = DispatchTime.now()
        times.plane += t1.seconds(since: t0)
        var covered = glass.render(plane: planeLayer, record: planeRecord, into: &slot.frame,
                                   time: document.time(ofFrame: i), workers: workers, times: &times.glassDrawings,
                                   drawings: drawings, keepingBodies: keepingBodies)
        planeBuffer = planeLayer
        let t2 = DispatchTime.now()
        times.glass += t2.seconds(since: t1)
        covered += content.render(into: &slot.frame, time: document.time(ofFrame: i), workers: workers).map { Overlay($0) }
        covered += SafeAreaGuides(canvas: document.canvas, appearance: document.appearance)
            .draw(into: &slot.frame, workers: workers).map { Overlay($0) }
        slot.cover(covered)
        // Cancelled inside the frame: some bands may not have been drawn, so the slot no longer knows what it holds.
        // The same for the panels glass kept: a tile may hold part of a drawing (and the halo's cells, which
        // the glass layer does not keep from a cancelled pass).
        if workers.isCancelled {
            slot.forget()
            state.forgetCancelledFrame()
        }
        times.content += t2.secondsSince
    }

    /// Lights the glass by `tilt` from the next frame on, keeping the simulation and every kept store: tilt
    /// moves only the glass highlights, never the plane or a shape, so a preview that drags the tilt replays no
    /// physics and evaluates no distance field again. The document is not changed.
    public mutating func setTilt(_ tilt: Keyframes<Tilt>) {
        self.tilt = tilt
        glass = GlassLayer(document: document, tilt: tilt, state: state)
    }

    /// Simulates up to and rasterizes frame `i`.
    public mutating func render(frame i: Int) -> Framebuffer {
        simulate(toFrame: i)
        return rasterize(frame: i)
    }

    /// Simulates up to and rasterizes frame `i`, for a caller that publishes it: throws when the frame could
    /// not be drawn whole (`incomplete`), naming what is missing.
    public mutating func renderWhole(frame i: Int) throws(SceneError) -> Framebuffer {
        let frame = render(frame: i)
        if let incomplete { throw incomplete }
        return frame
    }

    /// Simulates up to and rasterizes frame `i` into `frame` (see `rasterize(frame:into:)`).
    public mutating func render(frame i: Int, into frame: inout Framebuffer) {
        simulate(toFrame: i)
        rasterize(frame: i, into: &frame)
    }

    /// Simulates up to frame `i` and draws it into the session's kept slot (`KeptFrameSlot`), which held the last
    /// frame drawn here: only what changed since is copied from the plane, so a new tilt of the same frame redraws
    /// the glass and copies nothing else; its liquid drawings are lit again from their kept bodies
    /// (LiquidBodyCache), not drawn. `body` reads the finished frame and the regions glass and content covered
    /// (`FrameSlot.covered`) and must not keep the frame: the slot goes back to the store after it.
    public mutating func renderKept<R, E: Error>(frame i: Int, _ body: (Framebuffer, [PixelRect]) throws(E) -> R) throws(E) -> R {
        var slot = state.frames.take() ?? FrameSlot(emptyFrame())
        simulate(toFrame: i)
        rasterize(frame: i, into: &slot, keepingBodies: true)
        defer { state.frames.keep(slot) }
        return try body(slot.frame, slot.covered)
    }

    /// Simulates up to and rasterizes frame `i` into `slot` (see `rasterize(frame:into:)`).
    public mutating func render(frame i: Int, into slot: inout FrameSlot) {
        simulate(toFrame: i)
        rasterize(frame: i, into: &slot)
    }
}

/// Wall-clock seconds spent in each stage, summed over frames.
public struct StageTimes: Sendable {
    public var simulate = 0.0
    public var plane = 0.0
    public var glass = 0.0
    public var content = 0.0
    /// The glass stage drawing by drawing (what `glass` sums, but for the halo and finding the drawings).
    public var glassDrawings = GlassDrawingTimes()
    public var rasterize: Double { plane + glass + content }
}

extension DispatchTime {
    package func seconds(since start: DispatchTime) -> Double {
        Double(uptimeNanoseconds &- start.uptimeNanoseconds) / 1e9
    }
    package var secondsSince: Double { DispatchTime.now().seconds(since: self) }
}
