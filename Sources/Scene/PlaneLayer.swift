import Raster

/// The plane layer of a frame: systemGroupedBackground and the dot grid.
/// (Foundation version: the grid at rest; the Dots issue replaces this with the simulated plane.)
struct PlaneLayer {
    let document: SceneDocument

    init(document: SceneDocument) { self.document = document }

    /// Advances the simulation to the given physics step (60 Hz).
    mutating func simulate(toStep step: Int, workers: Workers) {}

    func render(into fb: inout Framebuffer, workers: Workers) {
        let scale = document.canvas.scale
        let background = Token.systemGroupedBackground.color(document.appearance)
        fb.fill(fb.space.premultiply(background))
        let plane = document.plane
        guard plane.visible else { return }
        let color = Token.label.color(document.appearance).opacity(plane.idleAlpha)
        let spacing = plane.spacing, r = plane.dotSize * scale / 2
        let cols = Int((document.canvas.width / spacing).rounded(.up)) + 1
        let rows = Int((document.canvas.height / spacing).rounded(.up)) + 1
        for j in 0..<rows {
            for i in 0..<cols {
                let c = Point(Float(i) * spacing, Float(j) * spacing) * scale
                fb.fill(Circle(center: c, radius: r), color: color)
            }
        }
    }
}
