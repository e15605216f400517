import Dots
import Raster
import SceneFormat

/// The plane layer of a frame: systemGroupedBackground, the backdrop (the app's image beneath the dots), the
/// simulated dot grid (Dots module) and the bars' scroll edge effects over them (`ScrollEdgeStage`).
///
/// Builds the `Plane` from the plane section (its configuration resolved at decode, canvas, seed and Reduce
/// Transparency included), advances it at 60 Hz and draws it. Attachments that name a glass panel (`element`) track that panel's frame.
struct PlaneLayer {
    let document: SceneDocument
    private(set) var plane: Plane
    let scale: Float
    /// Glass panels by attachment id, for attachments bound to an element: they follow the panel's keyframes.
    let elementPanels: [String: GlassPanelSpec]
    /// The placed backdrop, kept between frames.
    let backdrops: BackdropCache
    /// The bars' scroll edge effects, the layer's last stage.
    let edges: ScrollEdgeStage

    init(document: SceneDocument, backdrops: BackdropCache = BackdropCache(keeping: .everything)) {
        self.backdrops = backdrops
        self.document = document
        edges = ScrollEdgeStage(document: document)
        plane = Plane(configuration: document.plane.configuration, events: document.plane.events,
                      attachments: document.plane.attachments)
        scale = document.canvas.scale
        var panels: [String: GlassPanelSpec] = [:]
        for (attachment, panel) in document.plane.elements {
            if let p = document.glass.panels.first(where: { $0.id == panel }) { panels[attachment] = p }
        }
        elementPanels = panels
    }

    /// Advances the simulation to the given physics step (60 Hz).
    mutating func simulate(toStep step: Int, workers: Workers) {
        let panels = elementPanels
        plane.simulate(toStep: step, workers: workers) { id, time in panels[id]?.frame(at: time) }
    }

    /// The plane at time `t`, with its backdrop at that time (a video's wait for its frame ends when `workers`
    /// are cancelled: the frame is then dropped), and why it lacks its backdrop when a video's frame could not
    /// be decoded: the plane is then drawn without it, so that the kept buffer and record stay true, and the
    /// caller must not publish the frame (`Compositor.incomplete`).
    func plane(at t: Double, workers: Workers) -> (Plane, SceneError?) {
        var p = plane
        p.overdrawn = edges.bands(at: t)
        do throws(SceneError) {
            p.backdrop = try backdrops.backdrop(document, time: t) { workers.isCancelled }
            return (p, nil)
        } catch {
            return (p, error)
        }
    }

    /// Draws the plane at time `t`; why it lacks its backdrop, nil when it is whole (`plane(at:workers:)`).
    func render(into fb: inout Framebuffer, time t: Double, workers: Workers) -> SceneError? {
        let (p, failure) = plane(at: t, workers: workers)
        p.render(into: &fb, scale: scale, workers: workers)
        edges.apply(to: &fb, at: t, workers: workers)
        return failure
    }

    /// Redraws only what changed since the frame `record` describes, which `fb` still holds: the dots that moved
    /// or changed colour, and the backdrop where it moved. Why it lacks its backdrop, nil when it is whole.
    func render(into fb: inout Framebuffer, time t: Double, workers: Workers, record: inout PlaneSpriteRecord) -> SceneError? {
        let (p, failure) = plane(at: t, workers: workers)
        p.render(into: &fb, scale: scale, workers: workers, record: &record)
        edges.apply(to: &fb, at: t, workers: workers)
        return failure
    }
}
