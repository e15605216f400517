import Raster

/// Drawing the plane: systemGroupedBackground, the backdrop over it where there is one (`PlaneBackdrop`), then
/// one anti-aliased circular point sprite per visible dot.
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
        let sprites = SpriteLayout(self, fb, scale: scale)
        let w = fb.width, h = fb.height
        storage.withHandle { st in fb.withUnsafeMutablePixels { px in
            workers.forEachBand(h, bandSize: Self.spriteBand) { band in
                drawSprites(sprites, st, band: band, columns: 0..<w, into: px)
            }
        } }
    }

    /// Redraws only where a dot changed since the frame `record` describes, when `fb` still holds that frame
    /// (the caller's promise: the same buffer, untouched since); otherwise draws everything. The bytes equal
    /// `render(into:scale:workers:)`'s: a dirty region (`PlaneSpriteRecord.dirtyRegions`) is filled and every dot
    /// reaching it is drawn again, clipped to it, in the same order, so each of its pixels goes through the same
    /// operations; a pixel outside every dirty region is touched by no dot that moved or changed color, so it
    /// already holds its value.
    public func render(into fb: inout Framebuffer, scale: Float, workers: Workers = .single,
                       record: inout PlaneSpriteRecord) {
        let sprites = SpriteLayout(self, fb, scale: scale)
        var current = PlaneSpriteRecord(self, sprites, fb)
        current.noteChanges(since: record)
        guard current.sameFrame(as: record) else {
            render(into: &fb, scale: scale, workers: workers)
            record = current
            return
        }
        let dirty = current.dirtyRegions(since: record, band: Self.spriteBand)
        record = current
        let h = fb.height
        storage.withHandle { st in fb.withUnsafeMutablePixels { px in
            workers.forEachBand(h, bandSize: Self.spriteBand) { band in
                for region in dirty[band.lowerBound / Self.spriteBand] {
                    drawSprites(sprites, st, band: region.rows, columns: region.columns, into: px)
                }
            }
        } }
    }

    /// What a frame's sprites depend on besides the dots, resolved once.
    struct SpriteLayout {
        let paint: Paint
        let background: SIMD4<Float>
        let backdrop: PlaneBackdrop?
        let radius: Float
        let reachPt: Float
        let scale: Float
        let width: Int

        init(_ plane: Plane, _ fb: Framebuffer, scale: Float) {
            let c = plane.configuration
            paint = plane.paint(fb.space)
            background = fb.space.premultiply(c.background)
            backdrop = plane.backdrop
            precondition(backdrop.map { $0.pixels.space == fb.space } ?? true, "the backdrop is in another blend space")
            radius = c.dotSize * scale / 2
            reachPt = c.dotSize / 2 + plane.maxDisplacement + 1 / scale + 0.5
            self.scale = scale
            width = fb.width
        }

    }

    /// The pixel box a sprite of `radius` centered at `center` (pixels) may touch, clipped to columns 0..<width and
    /// rows 0..<height: the same bounds `drawSprites` draws within.
    @inline(__always)
    static func spriteBox(_ center: Point, radius: Float, width: Int, height: Int) -> (xs: Int, xe: Int, ys: Int, ye: Int) {
        (max(0, Int(checked: center.x - radius - 0.5, .down)), min(width, Int(checked: center.x + radius + 0.5, .up) + 1),
         max(0, Int(checked: center.y - radius - 0.5, .down)), min(height, Int(checked: center.y + radius + 0.5, .up) + 1))
    }

    /// The center of dot n in pixels.
    @inline(__always)
    func spriteCenter(_ n: Int, _ st: DotHandle, scale: Float) -> Point {
        let c = configuration
        return (Point(st.x[n], st.y[n]) - Point(c.canvas.minX, c.canvas.minY)) * scale
    }

    /// Fills `band` x `columns` with the background and the backdrop and draws, clipped to it, every dot that can
    /// reach it, in grid order (rows, then columns: the order every pixel composites its dots in).
    func drawSprites(_ l: SpriteLayout, _ st: DotHandle, band: Range<Int>, columns: Range<Int>,
                     into px: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        let c = configuration
        let w = l.width, scale = l.scale, radius = l.radius
        for y in band {
            // The background where the backdrop does not lie (the copy would overwrite it), then the backdrop.
            let line = px.baseAddress! + y * w
            let covered = l.backdrop?.columns(row: y, within: columns) ?? columns.lowerBound..<columns.lowerBound
            (line + columns.lowerBound).update(repeating: l.background, count: covered.lowerBound - columns.lowerBound)
            (line + covered.upperBound).update(repeating: l.background, count: columns.upperBound - covered.upperBound)
            l.backdrop?.copy(row: y, columns: columns, into: line)
        }
        guard c.visible else { return }
        let colRange = gridRange(lo: c.canvas.minX + Float(columns.lowerBound) / scale - l.reachPt,
                                 hi: c.canvas.minX + Float(columns.upperBound) / scale + l.reachPt,
                                 first: firstColumn, count: self.columns, spacing: c.spacing)
        let y0 = Float(band.lowerBound) / scale + c.canvas.minY, y1 = Float(band.upperBound) / scale + c.canvas.minY
        let rowRange = gridRange(lo: y0 - l.reachPt, hi: y1 + l.reachPt, first: firstRow, count: rows, spacing: c.spacing)
        for j in rowRange {
            for i in colRange {
                let n = j * self.columns + i
                let center = spriteCenter(n, st, scale: scale)
                let ys = max(band.lowerBound, Int(checked: center.y - radius - 0.5, .down))
                let ye = min(band.upperBound, Int(checked: center.y + radius + 0.5, .up) + 1)
                let xs = max(columns.lowerBound, Int(checked: center.x - radius - 0.5, .down))
                let xe = min(columns.upperBound, Int(checked: center.x + radius + 0.5, .up) + 1)
                guard ys < ye, xs < xe else { continue }
                let color = Self.spriteColor(n, st, l.paint)
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

    /// Grid indices (0-based) whose home coordinate lies in lo...hi points.
    func gridRange(lo: Float, hi: Float, first: Int, count: Int, spacing s: Float) -> Range<Int> {
        let a = max(0, Int(checked: lo / s, .up) - first)
        let b = min(count, Int(checked: hi / s, .down) - first + 1)
        return a < b ? a..<b : 0..<0
    }
}
