import Raster

/// The scroll edge effect of a bar (iOS 26's `ScrollEdgeEffectStyle`): what the plane beneath a bar becomes in
/// the band between the canvas edge and a little past the bar, before any glass samples it.
///
/// Geometry. The band is the rows from the canvas edge (`edge`) to the bar's far side plus `extent` points
/// (`band(bar:canvasHeight:scale:)`). In it, s is the row's closeness to the edge: s = 1 - d / H, with d the
/// distance in pixels from the edge to the row's center and H the band's height, so s is near 1 at the edge
/// and near 0 at the band's inner boundary.
///
/// Styles (Apple's words, SwiftUI's `ScrollEdgeEffectStyle`: soft "a subtle, blurred boundary", drawn
/// "translucent and blurry and ... progressively more opaque" toward the edge; hard "a linear, nearly opaque
/// boundary" with "a defined, straight horizontal line"):
/// - soft: a progressive blur, then a fade. Row y's blur is the mean over a (2k+1) x (2k+1) box centered on
///   each pixel, the box clipped to the canvas (the mean of the pixels inside it), with a real radius
///   r = radius x s pixels: k = floor(r) and k + 1 mixed by the fraction of r, so the radius grows
///   continuously toward the edge. Then the appearance's background is mixed in with weight fade x s^2.
/// - hard: the background at `opacity` over the whole band, then a dividing line of `lineWidth` device pixels
///   (a hairline) of `line` source-over at the band's inner boundary.
///
/// Contract
/// - Input: the plane, premultiplied and opaque, in any blend space; the blur and the mixes are linear and work
///   on the stored values. It writes the band's rows only, and reads rows within `radius` + 1 of them.
/// - Sums: each box sum is a difference of column prefix sums (down the band, in Double) and then of row prefix
///   sums, each built in one fixed order, so bytes are the same for any worker count.
/// - Kernels: `applySoft` (ScrollEdgeSoft.swift: pieces of rows, each keeping only the column sums its boxes
///   reach) gives `softReference`'s bits (ScrollEdgeReference.swift: the whole band's column sums, then each row).
public struct ScrollEdge: Sendable, Equatable {
    public enum Edge: String, Sendable, CaseIterable { case top, bottom }
    public enum Style: String, Sendable, CaseIterable { case soft, hard }

    public var edge: Edge
    public var style: Style
    /// Points the band reaches past the bar's far side.
    public var extent: Float
    /// soft: the blur's box radius at the edge, in points.
    public var radius: Float
    /// soft: the background's weight at the edge (the fade is fade x s^2).
    public var fade: Float
    /// hard: the background's opacity over the band.
    public var opacity: Float
    /// hard: the dividing line's colour (straight) and width in device pixels.
    public var line: Color
    public var lineWidth: Int

    public init(edge: Edge, style: Style, extent: Float, radius: Float, fade: Float, opacity: Float, line: Color,
                lineWidth: Int) {
        (self.edge, self.style, self.extent, self.radius, self.fade) = (edge, style, extent, radius, fade)
        (self.opacity, self.line, self.lineWidth) = (opacity, line, lineWidth)
    }

    /// The band's rows for a bar whose frame is `bar` (points), over a canvas of `canvasHeight` pixels, full
    /// width (`width` pixels). Empty when the bar lies beyond the canvas.
    public func band(bar: Rect, width: Int, canvasHeight: Int, scale: Float) -> PixelRect {
        switch edge {
        case .top:
            let end = min(canvasHeight, max(0, Int(((bar.maxY + extent) * scale).rounded(.up))))
            return PixelRect(x: 0, y: 0, width: width, height: end)
        case .bottom:
            let start = min(canvasHeight, max(0, Int(((bar.minY - extent) * scale).rounded(.down))))
            return PixelRect(x: 0, y: start, width: width, height: canvasHeight - start)
        }
    }

    /// Row y's closeness to the edge (s in [0, 1]) in `band`.
    public func closeness(row y: Int, band: PixelRect) -> Float {
        let d = edge == .top ? Float(y - band.y) + 0.5 : Float(band.maxY - y) - 0.5
        return min(1, max(0, 1 - d / Float(band.height)))
    }

    /// Applies the effect to `band` of `plane` (rows of the plane, full width) in place, over `background`
    /// (premultiplied, in the plane's space), at `scale` device pixels per point.
    public func apply(to plane: inout Framebuffer, band: PixelRect, background: SIMD4<Float>, scale: Float,
                      workers: Workers) {
        guard !band.isEmpty, plane.width > 0 else { return }
        switch style {
        case .soft: applySoft(to: &plane, band: band, background: background, radius: radius * scale, workers: workers)
        case .hard: applyHard(to: &plane, band: band, background: background)
        }
    }

    func applyHard(to plane: inout Framebuffer, band: PixelRect, background: SIMD4<Float>) {
        let w = plane.width
        let o = opacity, ink = plane.space.premultiply(line)
        let lines = edge == .top ? max(band.y, band.maxY - lineWidth)..<band.maxY : band.y..<min(band.maxY, band.y + lineWidth)
        plane.withUnsafeMutablePixels { px in
            for y in band.rows {
                for x in 0..<w {
                    var p = px[y * w + x] * (1 - o) + background * o
                    if lines.contains(y) { p = sourceOver(p, ink) }
                    px[y * w + x] = p
                }
            }
        }
    }
}
