import Glass
import Raster
import SceneFormat

/// The plane layer's last stage: each bar's scroll edge effect (`ScrollEdge`, Glass), over the finished plane
/// (backdrop and dots), so the glass above samples the blurred, faded plane and never another glass surface.
///
/// The bands are a function of the bars' frames at the frame's time; the plane's record holds them
/// (`Plane.overdrawn`), so the plane redraws them whole before this stage rewrites them, and the frame slot, the
/// glass's kept tiles, halo cells and lens windows read them again in every frame. Bars apply in the order the
/// scene lists them.
struct ScrollEdgeStage: Sendable {
    let bars: [(edge: ScrollEdge, panel: GlassPanelSpec)]
    let width: Int, height: Int
    let scale: Float
    /// The plane's background, premultiplied in the frame's blend space: what the effect fades toward.
    let background: SIMD4<Float>

    init(document: SceneDocument) {
        bars = document.glass.panels.compactMap { p in p.scrollEdge.map { ($0, p) } }
        (width, height, scale) = (document.canvas.pixelWidth, document.canvas.pixelHeight, document.canvas.scale)
        background = document.blending.premultiply(document.plane.configuration.background)
    }

    /// Each bar's band at time `t` (rows of the frame, full width; none for a bar beyond the canvas).
    func bands(at t: Double) -> [PixelRect] {
        bars.map { $0.edge.band(bar: $0.panel.frame(at: t), width: width, canvasHeight: height, scale: scale) }
    }

    /// Applies every bar's effect to `plane`, the plane drawn at time `t` with `bands(at: t)` overdrawn.
    func apply(to plane: inout Framebuffer, at t: Double, workers: Workers) {
        for (bar, band) in zip(bars, bands(at: t)) {
            bar.edge.apply(to: &plane, band: band, background: background, scale: scale, workers: workers)
        }
    }
}
