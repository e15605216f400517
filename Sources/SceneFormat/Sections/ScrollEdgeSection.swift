import Glass
import Raster

/// A bar's `scrollEdge`: what the plane beneath it becomes between the canvas edge and the bar's far side
/// (`ScrollEdge`, Glass). Every default is resolved here from `GlassDefaults.ScrollEdgeEffect`:
///
/// - `edge`: "top" or "bottom"; by default the edge nearer the bar's first frame.
/// - `style`: "soft" (a progressive blur and fade) or "hard" (a nearly opaque band and a dividing line);
///   default "soft", the style iOS 26 draws under bars by default.
/// - `extent`: points past the bar's far side the band reaches, 0 to `maxExtent`; default 24 (soft) or 0 (hard).
enum ScrollEdgeSection {
    static let keys = ["edge", "style", "extent"]
    /// Budget of `extent`, points: two bars' height, more than any screen's edge effect needs.
    static let maxExtent: Double = 200

    static func decode(_ panel: ObjectReader, frames: Keyframes<Rect>, canvas: Rect?, appearance: Appearance)
        throws(SceneError) -> ScrollEdge? {
        guard let o = try panel.object("scrollEdge", keys: keys) else { return nil }
        let first = frames.keys.first?.value ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let nearer: ScrollEdge.Edge = canvas.map { first.minY + first.height / 2 > $0.minY + $0.height / 2 } == true ? .bottom : .top
        let edge = try o.choice("edge", default: nearer)
        let style = try o.choice("style", default: ScrollEdge.Style.soft)
        typealias D = GlassDefaults.ScrollEdgeEffect
        let extent = try o.float("extent", default: style == .soft ? D.softExtent : D.hardExtent,
                                 in: .closed(0, maxExtent).measured(in: .points))
        return ScrollEdge(edge: edge, style: style, extent: extent, radius: D.radius, fade: D.fade, opacity: D.opacity,
                          line: D.lineToken.color(appearance), lineWidth: D.lineWidthPixels)
    }

    /// The memory estimate's share: the soft effect's scratch, which its kernel bounds by a table of column
    /// sums (32 B per pixel of the widest band over the bar's keys, with the blur's reach on both sides), one
    /// bar at a time.
    static func sumBytes(_ doc: SceneDocument) -> Double {
        let c = doc.canvas
        let rows = doc.glass.panels.compactMap { p -> Int? in
            guard let e = p.scrollEdge, e.style == .soft else { return nil }
            let reach = 2 * (Int((e.radius * c.scale).rounded(.up)) + 1)
            return p.frames.keys.map { k in
                min(c.pixelHeight, e.band(bar: k.value, width: c.pixelWidth, canvasHeight: c.pixelHeight, scale: c.scale).height + reach)
            }.max()
        }.max() ?? 0
        return Double(rows) * Double(c.pixelWidth) * 32
    }
}
