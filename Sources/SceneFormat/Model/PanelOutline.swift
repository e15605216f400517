import Glass
import Raster

/// Where a glass panel is drawn at a time: its spec's frame, eased between keys and scaled about its center by
/// an interactive panel's press, in pixels, with its corner radius there. The one way from a panel's `radius`
/// to the kernel: GlassSection checked it (at least 0), Raster's corner rule (`RoundedRect.clampedRadius`)
/// limits it to the box here, and the `PanelShape` built from the result goes to Glass; nothing reads a shape
/// back to build another. It is the panel's own geometry, so it lives with the spec: the layer rule checked at
/// decode (GlassRules) and the glass layer that draws it both read it from here.
extension GlassPanelSpec {
    /// The box in pixels (`scale` per point) and the corner radius in pixels, clamped to the box (a capsule's
    /// and a circle's is the box's inradius).
    public func outline(at time: Double, scale: Float) -> (box: Rect, cornerRadius: Float) {
        var f = frame(at: time)
        let press = Float(liquid.pressScale(at: time))
        if press != 1 {
            let c = f.center
            f = Rect(x: c.x - f.width * press / 2, y: c.y - f.height * press / 2, width: f.width * press, height: f.height * press)
        }
        let box = f.scaled(by: scale)
        let radius = outline == .rect ? RoundedRect.clampedRadius(radius * press * scale, in: box) : box.inradius
        return (box, radius)
    }

    /// The panel's outline at a time, in units of `scale` pixels per point.
    package func shape(at time: Double, scale: Float) -> PanelShape {
        let o = outline(at: time, scale: scale)
        return PanelShape(outline, box: o.box, cornerRadius: o.cornerRadius, curve: cornerCurve)
    }
}
