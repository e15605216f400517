import Glass
import Raster

/// The glass layer: every panel of the scene drawn by the Glass module, in scene order, over the plane.
struct GlassLayer {
    let document: SceneDocument

    init(document: SceneDocument) { self.document = document }

    /// Draws every glass surface into `frame`, reading only `plane`: glass never samples glass, and a panel
    /// drawn over another renders the pixels it would render alone.
    func render(plane: Framebuffer, into frame: inout Framebuffer, time: Double, workers: Workers) {
        for panel in document.glass.panels {
            let surface = panel.surface(at: time, scale: document.canvas.scale, appearance: document.appearance)
            Glass.draw(surface, plane: plane, into: &frame, workers: workers)
        }
    }
}
