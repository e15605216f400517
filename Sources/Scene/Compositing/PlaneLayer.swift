import Dots
import Raster

/// The plane layer of a frame: systemGroupedBackground, the backdrop (the app's image beneath the dots) and the
/// simulated dot grid (Dots module).
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

    init(document: SceneDocument, backdrops: BackdropCache = BackdropCache(keeping: .everything)) {
        self.backdrops = backdrops
        self.document = document
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
    /// are cancelled: the frame is then dropped).
    func plane(at t: Double, workers: Workers) -> Plane {
        var p = plane
        p.backdrop = backdrops.backdrop(document, time: t) { workers.isCancelled }
        return p
    }

    func render(into fb: inout Framebuffer, time t: Double, workers: Workers) {
        plane(at: t, workers: workers).render(into: &fb, scale: scale, workers: workers)
    }

    /// Redraws only what changed since the frame `record` describes, which `fb` still holds: the dots that moved
    /// or changed colour, and the backdrop where it moved.
    func render(into fb: inout Framebuffer, time t: Double, workers: Workers, record: inout PlaneSpriteRecord) {
        plane(at: t, workers: workers).render(into: &fb, scale: scale, workers: workers, record: &record)
    }
}
