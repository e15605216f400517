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
///   sums, each built in one fixed order by one piece, so bytes are the same for any worker count.
/// - Allocations: the column sums, 32 B per pixel of the band and its reach, and two rows per band of rows.
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

    func applySoft(to plane: inout Framebuffer, band: PixelRect, background: SIMD4<Float>, radius: Float, workers: Workers) {
        let w = plane.width, h = plane.height
        let reach = Int(radius.rounded(.up)) + 1
        let lo = max(0, band.y - reach), hi = min(h, band.maxY + reach)
        let columns = ColumnSums(plane, rows: lo..<hi, workers: workers)
        plane.withUnsafeMutablePixels { px in
            let out = px.baseAddress!
            workers.forEachBand(band.height, bandSize: 8) { piece in
                var sums = [SIMD4<Double>](repeating: .zero, count: w + 1)
                var blurred = [SIMD4<Float>](repeating: .zero, count: w)
                for y in piece.lowerBound + band.y..<piece.upperBound + band.y {
                    let s = closeness(row: y, band: band)
                    let r = radius * s
                    let k = Int(r)
                    let f = r - Float(k)
                    columns.box(row: y, k: k, height: h, sums: &sums, into: &blurred, weight: 1 - f, adding: false)
                    if f > 0 { columns.box(row: y, k: k + 1, height: h, sums: &sums, into: &blurred, weight: f, adding: true) }
                    let a = fade * s * s
                    let line = out + y * w
                    for x in 0..<w { line[x] = blurred[x] * (1 - a) + background * a }
                }
            }
        }
    }

    /// Prefix sums down each column of a plane's rows `rows` (in Double): `at(i, x)` is the sum of column x over
    /// the first i of those rows.
    struct ColumnSums {
        let rows: Range<Int>
        let width: Int
        let sums: [SIMD4<Double>]

        init(_ plane: Framebuffer, rows: Range<Int>, workers: Workers) {
            let w = plane.width
            (self.rows, width) = (rows, w)
            var sums = [SIMD4<Double>](repeating: .zero, count: (rows.count + 1) * w)
            sums.withUnsafeMutableBufferPointer { s in
                let base = s.baseAddress!
                plane.withUnsafePixels { px in
                    // Columns in pieces of 64: each column's sums are built down it by one piece, in row order.
                    workers.forEachBand(w, bandSize: 64) { cols in
                        for (i, y) in rows.enumerated() {
                            let above = base + i * w, here = base + (i + 1) * w, src = px.baseAddress! + y * w
                            for x in cols { here[x] = above[x] + SIMD4<Double>(src[x]) }
                        }
                    }
                }
            }
            self.sums = sums
        }

        /// Row y's box means of radius k (the box clipped to the canvas's `height` rows and the row's width),
        /// times `weight`, written to `out` or added to it.
        func box(row y: Int, k: Int, height: Int, sums row: inout [SIMD4<Double>], into out: inout [SIMD4<Float>],
                 weight: Float, adding: Bool) {
            let y0 = max(0, y - k) - rows.lowerBound, y1 = min(height, y + k + 1) - rows.lowerBound
            precondition(y0 >= 0 && y1 <= rows.count, "the box reaches past the summed rows")
            let w = width
            sums.withUnsafeBufferPointer { s in
                let top = s.baseAddress! + y0 * w, bottom = s.baseAddress! + y1 * w
                // Row prefix sums of the box's column sums: row[x] holds columns 0 ..< x.
                row[0] = .zero
                for x in 0..<w { row[x + 1] = row[x] + (bottom[x] - top[x]) }
            }
            let rowsIn = Double(y1 - y0)
            // One reciprocal for the columns whose box lies inside the row, one per column near its ends: a
            // division per pixel was a third of the kernel's time.
            let inner = Double(weight) / (rowsIn * Double(2 * k + 1))
            for x in 0..<w {
                let x0 = x - k, x1 = x + k + 1
                let scale = x0 >= 0 && x1 <= w ? inner : Double(weight) / (rowsIn * Double(min(w, x1) - max(0, x0)))
                let v = SIMD4<Float>((row[min(w, x1)] - row[max(0, x0)]) * scale)
                out[x] = adding ? out[x] + v : v
            }
        }
    }
}
