import Dots
import Raster

/// The plane layer of a frame: systemGroupedBackground and the simulated dot grid (Dots module).
///
/// Builds the `Plane` from the plane section (its configuration resolved at decode, canvas, seed and Reduce
/// Transparency included), advances it at 60 Hz and draws it. Attachments that name a glass panel (`element`) track that panel's frame.
struct PlaneLayer {
    let document: SceneDocument
    private(set) var plane: Plane
    let scale: Float
    /// Glass panels by attachment id, for attachments bound to an element: they follow the panel's keyframes.
    let elementPanels: [String: GlassPanelSpec]

    init(document: SceneDocument) {
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

    func render(into fb: inout Framebuffer, workers: Workers) {
        plane.render(into: &fb, scale: scale, workers: workers)
    }

    /// Redraws only the dots that changed since the frame `record` describes, which `fb` still holds.
    func render(into fb: inout Framebuffer, workers: Workers, record: inout PlaneSpriteRecord) {
        plane.render(into: &fb, scale: scale, workers: workers, record: &record)
    }
}
