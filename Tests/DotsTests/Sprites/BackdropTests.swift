@testable import Dots
import Raster
import Testing

/// A backdrop of a gradient: every pixel different, so a copy from the wrong place shows.
func gradientBackdrop(width: Int, height: Int, x: Int, y: Int, key: UInt64 = 1) -> PlaneBackdrop {
    var px = Framebuffer(width: width, height: height)
    for j in 0..<height { for i in 0..<width { px[i, j] = SIMD4(Float(i) / Float(width), Float(j) / Float(height), 0.5, 1) } }
    return PlaneBackdrop(pixels: px, x: x, y: y, key: key)
}

/// The sprite pass over a backdrop gives the reference's bytes (the background, the backdrop copied over it,
/// every dot filled as a `Circle`), for a backdrop inside the frame and one hanging over its edges.
@Test(arguments: [(20, 30, 300, 500), (-40, -25, 500, 900)])
func spritesOverABackdropMatchTheReference(x: Int, y: Int, w: Int, h: Int) {
    var plane = busyPlane()
    plane.simulate(toStep: 30)
    plane.backdrop = gradientBackdrop(width: w, height: h, x: x, y: y)
    var fast = Framebuffer(width: 390, height: 844), slow = Framebuffer(width: 390, height: 844)
    plane.render(into: &fast, scale: 1, workers: Workers(3))
    plane.renderReference(into: &slow, scale: 1)
    var worst: Float = 0
    fast.withUnsafePixels { a in slow.withUnsafePixels { b in
        for i in 0..<a.count { let d = a[i] - b[i]; worst = max(worst, max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w)))) }
    } }
    // As `spritesMatchTheCircleReference`: the reference's premultiply round trip, a few ULPs.
    #expect(worst < 1e-5)
    // Inside the backdrop, away from every dot: the backdrop's pixel exactly.
    #expect(fast[max(0, x) + 11, max(0, y) + 11] == plane.backdrop!.pixels[max(0, x) + 11 - x, max(0, y) + 11 - y])
}

/// Redrawing only what changed over a scrolling backdrop (its rectangle moves every other step, then stays)
/// gives the bytes of a full redraw on any worker count; a still backdrop adds nothing to what changed.
@Test(arguments: [1, 3])
func redrawingOverAScrollingBackdropEqualsAFullRedraw(workers: Int) {
    var plane = busyPlane()
    var kept = Framebuffer(width: 390, height: 844), record = PlaneSpriteRecord()
    for (k, step) in [0, 2, 4, 4, 6, 10, 16, 24, 30, 31].enumerated() {
        plane.simulate(toStep: step)
        plane.backdrop = gradientBackdrop(width: 390, height: 1200, x: 0, y: k < 7 ? -k * 37 : -222)
        plane.render(into: &kept, scale: 1, workers: Workers(workers), record: &record)
        var full = Framebuffer(width: 390, height: 844)
        plane.render(into: &full, scale: 1, workers: Workers(workers))
        // A Bool first: a failing comparison of two frames' arrays would describe 330,000 pixels.
        let same = bits(kept) == bits(full)
        #expect(same, "step \(step)")
    }
}

/// The record answers for the backdrop: a scroll marks its old and new rectangles changed, a new key (a
/// video's next frame) its rectangle; the same backdrop nothing; and `fill` counts its rectangle as a box.
@Test func theRecordCoversTheBackdrop() {
    let plane0 = testPlane(width: 100, height: 100) { $0.visible = false }
    func record(_ b: PlaneBackdrop?) -> PlaneSpriteRecord {
        var p = plane0
        p.backdrop = b
        var fb = Framebuffer(width: 100, height: 100), r = PlaneSpriteRecord()
        p.render(into: &fb, scale: 1, record: &r)
        return r
    }
    let still = record(gradientBackdrop(width: 100, height: 50, x: 0, y: 10))
    #expect(record(gradientBackdrop(width: 100, height: 50, x: 0, y: 10)).changedBoxes(since: still) == [])
    let moved = record(gradientBackdrop(width: 100, height: 50, x: 0, y: 14))
    #expect(moved.changedBoxes(since: still) == [PixelRect(x: 0, y: 10, width: 100, height: 50), PixelRect(x: 0, y: 14, width: 100, height: 50)])
    let rows = moved.changedRows(since: still)!
    #expect(rows.isEmpty(row: 9) && !rows.isEmpty(row: 10) && !rows.isEmpty(row: 63) && rows.isEmpty(row: 64))
    let next = record(gradientBackdrop(width: 100, height: 50, x: 0, y: 10, key: 2))
    #expect(next.changedBoxes(since: still) == [PixelRect(x: 0, y: 10, width: 100, height: 50), PixelRect(x: 0, y: 10, width: 100, height: 50)])
    #expect(still.fill?.boxes == [PixelRect(x: 0, y: 10, width: 100, height: 50)])
    #expect(record(nil).changedBoxes(since: still) == [PixelRect(x: 0, y: 10, width: 100, height: 50)])
}
