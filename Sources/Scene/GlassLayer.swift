import Raster

/// The glass layer. (Foundation version: nothing drawn yet; the Glass issues render the panels.)
struct GlassLayer {
    let document: SceneDocument

    init(document: SceneDocument) { self.document = document }

    /// Draws every glass surface into `frame`, reading only `plane`: glass never samples glass.
    func render(plane: Framebuffer, into frame: inout Framebuffer, time: Double, workers: Workers) {}
}
