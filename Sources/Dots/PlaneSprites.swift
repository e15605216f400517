import Raster

/// Drawing the plane: systemGroupedBackground, then one anti-aliased circular point sprite per visible dot.
///
/// Sprite: a disc of diameter dotSize x scale pixels centered on the dot's position x scale; a pixel's coverage
/// is `coverage(distance:)` of the signed distance at its center (the same rule as Raster's shapes, so the
/// scalar reference below, which fills `Circle`s, gives identical bytes). Color: the label token at the dot's
/// state alpha, mixed (straight sRGB, UIKit style) with its tint K by the tint weight m:
/// `label(alpha a).mixed(with: K, m)`; composited source-over in the framebuffer's blend space, in dot order.
///
/// Parallelism: the framebuffer is cut into bands of 16 pixel rows; a band draws every dot whose sprite can
/// overlap it (found from grid rows, widened by the largest displacement), clipped to its own rows, so every
/// pixel is written by exactly one worker and the cost follows the number of visible dots, not the area.
extension Plane {
    /// Pixel rows per band.
    static let spriteBand = 16

    /// What a sprite's color depends on besides the dot, resolved once per frame.
    struct Paint {
        let space: BlendSpace
        let label: Color
        /// label premultiplied at alpha 1 in `space` (premultiplying is linear in alpha).
        let labelUnit: SIMD4<Float>
        /// Reduce Transparency: every dot at this alpha, untinted.
        let fixedAlpha: Float?
    }

    func paint(_ space: BlendSpace) -> Paint {
        let c = configuration
        return Paint(space: space, label: c.label, labelUnit: space.premultiply(c.label.withAlpha(1)),
                     fixedAlpha: c.reduceTransparency ? c.dotIdle : nil)
    }

    /// The premultiplied color of dot n, as drawn.
    @inline(__always)
    static func spriteColor(_ n: Int, _ st: DotHandle, _ p: Paint) -> SIMD4<Float> {
        if let a = p.fixedAlpha { return p.labelUnit * a }
        let a = st.alpha[n], m = st.weight[n]
        if m == 0 { return p.labelUnit * a }
        let k = Color(red: st.tr[n], green: st.tg[n], blue: st.tb[n], alpha: st.ta[n])
        return p.space.premultiply(p.label.withAlpha(a).mixed(with: k, m))
    }

    /// Fills the background and draws the dots (each band fills its own rows first). `scale` is pixels per point (the canvas scale).
    public func render(into fb: inout Framebuffer, scale: Float, workers: Workers = .single) {
        let c = configuration
        let background = fb.space.premultiply(c.background)
        let paint = paint(fb.space)
        let radius = c.dotSize * scale / 2
        let reachPt = c.dotSize / 2 + maxDisplacement + 1 / scale + 0.5
        let w = fb.width, h = fb.height
        let s = c.spacing
        let colRange = gridRange(lo: c.canvas.minX - reachPt, hi: c.canvas.minX + Float(w) / scale + reachPt,
                                 first: firstColumn, count: columns, spacing: s)
        storage.withHandle { st in
            fb.withUnsafeMutablePixels { px in
                workers.forEachBand(h, bandSize: Self.spriteBand) { band in
                    (px.baseAddress! + band.lowerBound * w).update(repeating: background, count: band.count * w)
                    guard c.visible else { return }
                    let y0 = Float(band.lowerBound) / scale + c.canvas.minY, y1 = Float(band.upperBound) / scale + c.canvas.minY
                    let rowRange = gridRange(lo: y0 - reachPt, hi: y1 + reachPt, first: firstRow, count: rows, spacing: s)
                    for j in rowRange {
                        for i in colRange {
                            let n = j * columns + i
                            let center = (Point(st.x[n], st.y[n]) - Point(c.canvas.minX, c.canvas.minY)) * scale
                            let ys = max(band.lowerBound, Int(checked: center.y - radius - 0.5, .down))
                            let ye = min(band.upperBound, Int(checked: center.y + radius + 0.5, .up) + 1)
                            let xs = max(0, Int(checked: center.x - radius - 0.5, .down))
                            let xe = min(w, Int(checked: center.x + radius + 0.5, .up) + 1)
                            guard ys < ye, xs < xe else { continue }
                            let color = Self.spriteColor(n, st, paint)
                            for py in ys..<ye {
                                for pxi in xs..<xe {
                                    let d = Point(Float(pxi) + 0.5, Float(py) + 0.5) - center
                                    let cov = coverage(distance: (d * d).sum().squareRoot() - radius)
                                    if cov > 0 { px[py * w + pxi] = sourceOver(px[py * w + pxi], color * cov) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The scalar reference: every dot filled as a Raster `Circle`, one after another, on one thread.
    func renderReference(into fb: inout Framebuffer, scale: Float) {
        let c = configuration
        fb.fill(fb.space.premultiply(c.background))
        guard c.visible else { return }
        let paint = paint(fb.space)
        for n in 0..<dotCount {
            let (center, premul) = storage.withHandle { st in
                ((Point(st.x[n], st.y[n]) - Point(c.canvas.minX, c.canvas.minY)) * scale, Self.spriteColor(n, st, paint))
            }
            fb.fill(Circle(center: center, radius: c.dotSize * scale / 2), color: fb.space.color(premul))
        }
    }

    /// Grid indices (0-based) whose home coordinate lies in lo...hi points.
    func gridRange(lo: Float, hi: Float, first: Int, count: Int, spacing s: Float) -> Range<Int> {
        let a = max(0, Int(checked: lo / s, .up) - first)
        let b = min(count, Int(checked: hi / s, .down) - first + 1)
        return a < b ? a..<b : 0..<0
    }
}
