@testable import Dots
import Raster
import Testing

/// Idle dots must show exactly the token alpha at their centers: with a 3 pt dot at scale 3 the sprite has a
/// 4.5 px radius, so the pixels around a dot's center are fully covered and the 8-bit composite over
/// systemGroupedBackground must equal bg (1 - a) + label a, rounded, within one level (quantization).
@Test(arguments: [Appearance.light, .dark])
func idleDotsShowTheTokenAlphaAtTheirCenters(appearance: Appearance) {
    let plane = testPlane(width: 84, height: 84, appearance: appearance)
    var fb = Framebuffer(width: 252, height: 252)
    plane.render(into: &fb, scale: 3, workers: Workers(2))
    let bytes = fb.rgba8()
    let a: Float = appearance == .light ? 0.05 : 0.02
    let bg = Token.systemGroupedBackground.color(appearance), label = Token.label.color(appearance)
    for gx in 1...3 {
        for gy in 1...3 {
            // Dot home (21 gx, 21 gy) pt -> (63 gx, 63 gy) px; the pixel whose corner is the center.
            let x = 63 * gx, y = 63 * gy
            let o = (y * 252 + x) * 4
            let want = [bg.red * (1 - a) + label.red * a, bg.green * (1 - a) + label.green * a,
                        bg.blue * (1 - a) + label.blue * a]
            for ch in 0..<3 {
                let got = Float(bytes[o + ch]) / 255
                #expect(abs(got - want[ch]) <= 1.0 / 255 + 1e-6, "channel \(ch): \(got) vs \(want[ch])")
            }
            #expect(bytes[o + 3] == 255)
        }
    }
    // Between dots: the background exactly.
    let o = (31 * 252 + 31) * 4
    #expect(Float(bytes[o]) == (bg.red * 255).rounded())
}

@Test func spritesMatchTheCircleReference() {
    var plane = busyPlane()
    plane.simulate(toStep: 30)
    var fast = Framebuffer(width: 390, height: 844), slow = Framebuffer(width: 390, height: 844)
    plane.render(into: &fast, scale: 1, workers: Workers(3))
    plane.renderReference(into: &slow, scale: 1)
    var worst: Float = 0
    fast.withUnsafePixels { a in
        slow.withUnsafePixels { b in
            for i in 0..<a.count {
                let d = a[i] - b[i]
                worst = max(worst, max(max(abs(d.x), abs(d.y)), max(abs(d.z), abs(d.w))))
            }
        }
    }
    // The reference passes each color through straight alpha and back (premultiply round trip): a few ULPs.
    #expect(worst < 1e-5)
}

@Test func reduceTransparencyKeepsTheGridAtIdleOpacity() {
    let events: [PlaneEvent] = [.hold(at: Point(42, 42), time: 0, duration: 2, field: .drag(tint: Color(0, 122, 255, 0.3)))]
    var plane = testPlane(width: 84, height: 84, events: events) { $0.reduceTransparency = true }
    var calm = testPlane(width: 84, height: 84)
    plane.simulate(toStep: 40)
    calm.simulate(toStep: 40)
    var a = Framebuffer(width: 84, height: 84), b = Framebuffer(width: 84, height: 84)
    plane.render(into: &a, scale: 1)
    calm.render(into: &b, scale: 1)
    // Same total ink (dots move but keep idle alpha and no tint), though not the same pixels.
    func ink(_ fb: Framebuffer) -> Double {
        var s = 0.0
        fb.withUnsafePixels { for p in $0 { s += Double(1 - p.x) } }
        return s
    }
    #expect(abs(ink(a) - ink(b)) / ink(b) < 0.02)
    #expect(a != b)
}

@Test func tappedDotsBrightenTowardDotTap() {
    var plane = testPlane(width: 210, height: 210, events: [.tap(at: Point(105, 105), time: 0)])
    plane.simulate(toStep: 4)
    let peak = dots(plane).map(\.alpha).max() ?? 0
    #expect(peak > 0.1 && peak <= 0.17 + 1e-6)
}

/// Redrawing only the dots that changed since the last frame gives the bytes of a full redraw, frame after frame
/// of a busy plane (taps, a vortex drag, fields, noise tint), on any worker count, including a frame where
/// nothing moved and a change of scale (which must redraw everything).
@Test(arguments: [1, 3])
func redrawingChangedDotsEqualsAFullRedraw(workers: Int) {
    var plane = busyPlane()
    var kept = Framebuffer(width: 390, height: 844), record = PlaneSpriteRecord()
    for step in [0, 2, 4, 4, 6, 10, 16, 24, 30, 31, 40, 60, 90] {
        plane.simulate(toStep: step)
        plane.render(into: &kept, scale: 1, workers: Workers(workers), record: &record)
        var full = Framebuffer(width: 390, height: 844)
        plane.render(into: &full, scale: 1, workers: Workers(workers))
        #expect(bits(kept) == bits(full), "step \(step)")
    }
    var small = Framebuffer(width: 195, height: 422)
    plane.render(into: &small, scale: 0.5, workers: Workers(workers), record: &record)
    var full = Framebuffer(width: 195, height: 422)
    plane.render(into: &full, scale: 0.5, workers: Workers(workers))
    #expect(bits(small) == bits(full), "after a change of scale")
}

/// The pixels' bit patterns, so that equality is exact (no float comparison).
func bits(_ fb: Framebuffer) -> [SIMD4<UInt32>] {
    fb.withUnsafePixels { px in px.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) } }
}

/// `changedSpans(since:)` holds between any two records, not only consecutive ones (frame slots compare a record
/// taken several frames ago): a plane drawn in full at each of two steps differs only inside the spans, for
/// pairs of steps near and far apart, forwards and backwards. An empty record or another scale gives nil.
@Test func changedSpansHoldEveryPixelThatDiffers() {
    var plane = busyPlane()
    var planes: [(record: PlaneSpriteRecord, bits: [SIMD4<UInt32>])] = []
    for step in [0, 3, 4, 12, 30, 31, 60] {
        plane.simulate(toStep: step)
        var fb = Framebuffer(width: 390, height: 844), record = PlaneSpriteRecord()
        plane.render(into: &fb, scale: 1, workers: Workers(2), record: &record)
        planes.append((record, bits(fb)))
    }
    let band = PlaneSpriteRecord.changeBand
    var differing = 0
    for (a, b) in [(0, 1), (1, 2), (2, 3), (0, 6), (3, 5), (5, 6), (6, 2)] {
        guard let spans = planes[b].record.changedSpans(since: planes[a].record) else {
            Issue.record("no spans between records \(a) and \(b)")
            continue
        }
        #expect(spans.count == (844 + band - 1) / band)
        var outside = 0
        for y in 0..<844 {
            for x in 0..<390 where planes[a].bits[y * 390 + x] != planes[b].bits[y * 390 + x] {
                differing += 1
                if !spans[y / band].contains(where: { $0.contains(x) }) { outside += 1 }
            }
        }
        #expect(outside == 0, "\(outside) pixels differ outside the spans between records \(a) and \(b)")
    }
    #expect(differing > 0, "the steps chosen must move some dots")
    #expect(planes[1].record.changedSpans(since: PlaneSpriteRecord()) == nil)
    var small = Framebuffer(width: 195, height: 422), halfScale = PlaneSpriteRecord()
    plane.render(into: &small, scale: 0.5, workers: .single, record: &halfScale)
    #expect(halfScale.changedSpans(since: planes[6].record) == nil)
}

/// The changes a record notes against the one it was drawn after (found once by the render) answer every question
/// about the pair as comparing the two records does: the same spans, rows (with rectangles joined in, which
/// take `RowSpans.union`) and boxes, in the same order. A record changed in place is another record: it drops
/// what it noted (the copies below compare afresh).
@Test(arguments: [1, 3])
func notedChangesAnswerAsComparingTheRecords(workers: Int) {
    var plane = busyPlane()
    var kept = Framebuffer(width: 390, height: 844), record = PlaneSpriteRecord()
    var compared = 0
    for step in [0, 2, 4, 4, 6, 10, 16, 24, 30, 31, 40, 60, 90] {
        let previous = record
        plane.simulate(toStep: step)
        plane.render(into: &kept, scale: 1, workers: Workers(workers), record: &record)
        var fresh = record
        fresh.width = record.width  // the same fields, but no longer the record that was drawn
        let extra = [PixelRect(x: 100, y: 200, width: 150, height: 90), PixelRect(x: -20, y: 830, width: 60, height: 40),
                     PixelRect(x: 380, y: 0, width: 30, height: 844)]
        for band in [1, 16, 24] {
            #expect(record.changedSpans(since: previous, band: band) == fresh.changedSpans(since: previous, band: band))
        }
        #expect(record.changedRows(since: previous) == fresh.changedRows(since: previous), "step \(step)")
        #expect(record.changedRows(since: previous, adding: extra) == fresh.changedRows(since: previous, adding: extra),
                "step \(step)")
        #expect(record.changedBoxes(since: previous) == fresh.changedBoxes(since: previous), "step \(step)")
        if let rows = fresh.changedRows(since: previous), rows.pixelCount > 0 { compared += 1 }
    }
    #expect(compared >= 8, "the steps chosen must move dots between most frames")
}
