@testable import Dots
import Raster
import Testing

func fieldPlane(_ f: Field) -> Plane {
    testPlane(width: 420, height: 420, events: [.field(f, time: 0, duration: nil)])
}

@Test func vortexMotionIsTangential() {
    let c = Point(210, 210)
    var plane = fieldPlane(Field(law: .vortex, center: c))
    plane.simulate(toStep: 4)
    var checked = 0
    for s in dots(plane) {
        let r = s.home - c, d = length(r)
        guard d > 30, d < 180 else { continue }
        let radial = (s.displacement * r).sum() / d
        let tangential = (s.displacement * Point(-r.y, r.x)).sum() / d
        // After 4 steps the dot has moved a few points along a circle of radius d; the chord's radial part is
        // about (arc)^2 / (2 d), under 2% of the arc here.
        #expect(tangential > 0, "clockwise on screen")
        #expect(abs(radial) < 0.02 * abs(tangential), "radial \(radial) tangential \(tangential) at \(d)")
        checked += 1
    }
    #expect(checked > 100)
}

@Test func repulsionIncreasesDistance() {
    let c = Point(205, 212)
    var plane = fieldPlane(Field(law: .repulsion, center: c))
    plane.simulate(toStep: 20)
    var checked = 0
    for s in dots(plane) {
        let d0 = length(s.home - c)
        guard d0 > 0, d0 < 190 else { continue }
        #expect(length(s.position - c) > d0)
        checked += 1
    }
    #expect(checked > 100)
}

@Test func radialGravityAttracts() {
    let c = Point(205, 212)
    var plane = fieldPlane(Field(law: .radialGravity, center: c))
    plane.simulate(toStep: 20)
    for s in dots(plane) {
        let d0 = length(s.home - c)
        guard d0 > 0, d0 < 190 else { continue }
        #expect(length(s.position - c) < d0)
    }
}

@Test func outlineGathersDotsOnItsRing() {
    let c = Point(210, 210)
    var plane = fieldPlane(Field(law: .outline, center: c, ringRadius: 84))
    plane.simulate(toStep: 30)
    for s in dots(plane) {
        let d0 = length(s.home - c), d = length(s.position - c)
        guard d0 > 1, d0 < 190, abs(d0 - 84) > 1 else { continue }
        #expect(abs(d - 84) < abs(d0 - 84), "dot at \(d0) moved to \(d)")
    }
}

@Test func magneticPushesAlongDipoleField() {
    let f = Field(law: .magnetic, center: Point(0, 0), angle: 0)
    // On the moment's axis the dipole field points along m; broadside it points against m.
    let axis = f.force(at: Point(50, 0)).force
    let side = f.force(at: Point(0, 50)).force
    #expect(axis.x > 0 && abs(axis.y) < 1e-6)
    #expect(side.x < 0 && abs(side.y) < 1e-6)
    // At 45 degrees: B = 3 (m.r) r - m = (0.5, 1.5) for r = (1, 1)/sqrt 2, so the push is along (1, 3)/sqrt 10.
    let diag = f.force(at: Point(40, 40)).force
    #expect(abs(diag.y / diag.x - 3) < 1e-4)
}

@Test func releaseFadesTheFieldOverSixTenthsOfASecond() {
    let hold = PlaneEvent.hold(at: Point(210, 210), time: 0.2, duration: 1, field: .drag(tint: Color(0, 122, 255, 0.3)))
    var plane = testPlane(width: 420, height: 420, events: [hold])
    let track = plane.fieldTracks[0]
    #expect(track.intensity(at: 0.4) == 0)          // before the 0.3 s threshold
    #expect(track.intensity(at: 0.6) == 1)          // held
    #expect(track.intensity(at: 1.2) == 1)          // released at 1.2 s
    #expect(abs(track.intensity(at: 1.5) - 0.5) < 1e-6)
    #expect(abs(track.intensity(at: 1.65) - 0.25) < 1e-6)
    #expect(track.intensity(at: 1.8) == 0)
    // On the dots: pulled in while held, home within 0.5 pt two seconds after the fade.
    plane.simulate(toStep: 72)
    let near = plane.dot(plane.nearestDot(to: Point(252, 210)))
    #expect(near.displacement.x < -1)
    #expect(near.alpha > 0.2)
    plane.simulate(toStep: 230)
    #expect(dots(plane).allSatisfy { length($0.displacement) < 0.5 })
}

@Test func attachmentTintsOnlyNearbyDots() {
    let tint = Color(255, 149, 0, 0.3)
    let a = PlaneFieldAttachment(id: "card", bounds: .fixed(Rect(x: 100, y: 100, width: 120, height: 80)), tint: tint)
    var plane = testPlane(width: 420, height: 420, attachments: [a])
    plane.simulate(toStep: 60)
    let under = plane.dot(plane.nearestDot(to: Point(168, 147)))
    let far = plane.dot(plane.nearestDot(to: Point(378, 378)))
    #expect(under.tintWeight > 0.9)
    #expect(abs(under.tint.green - tint.green) < 1e-5)
    #expect(far.tintWeight == 0)
    // A dot just outside the right edge is drawn toward the element.
    let right = plane.dot(plane.nearestDot(to: Point(231, 147)))
    #expect(right.displacement.x < 0)
}

@Test func externalAttachmentBoundsComeFromTheProvider() {
    let a = PlaneFieldAttachment(id: "panel", bounds: .external, tint: Color(255, 149, 0, 0.3))
    var plane = testPlane(width: 420, height: 420, attachments: [a])
    plane.simulate(toStep: 30) { id, t in id == "panel" ? Rect(x: 100 + Float(t) * 60, y: 100, width: 100, height: 60) : nil }
    #expect(plane.dot(plane.nearestDot(to: Point(147, 126))).tintWeight > 0.9)
    var idle = testPlane(width: 420, height: 420, attachments: [a])
    idle.simulate(toStep: 30)
    #expect(dots(idle).allSatisfy { $0.tintWeight == 0 })
}

@Test func dragSpawnsATrailRingEvery25Points() {
    let tint = Color(0, 122, 255, 0.3)
    // 100 pt in 1 s along a straight line, then 30 pt more in a second segment.
    let drag = PlaneEvent.drag(path: [Point(0, 0), Point(100, 0), Point(100, 30)], time: 0.5, duration: 1.3, field: .drag(tint: tint))
    let timeline = PlaneTimeline(events: [drag], tapTint: tint, waveTint: tint)
    #expect(timeline.waves.count == 5)                          // at 25, 50, 75, 100 and 125 pt of travel
    #expect(timeline.waves.allSatisfy { $0.parameters == Effect.ring.defaults })
    #expect(timeline.waves[1].origin == Point(50, 0))
    #expect(timeline.waves[4].origin == Point(100, 25))
    // 50 pt of 130 travelled at 0.5 + 1.3 x 50/130 = 1.0 s, step 60.
    #expect(timeline.waves[1].start == 60)
    let track = timeline.fields[0]
    #expect(track.intensity(at: 1.0) == 1)
    #expect(track.path.position(at: 1.0) == Point(50, 0))
}

@Test func hoverFollowsAtHalfStrengthAndLeavesOnExit() {
    let hover = PlaneEvent.hover(path: [Point(0, 0), Point(200, 0)], time: 0, duration: 1, field: .drag(tint: Color(0, 122, 255, 0.3)))
    let track = PlaneTimeline(events: [hover], tapTint: .init(0, 0, 0), waveTint: .init(0, 0, 0)).fields[0]
    #expect(track.intensity(at: 0.5) == 0.5)
    #expect(track.path.position(at: 0.5) == Point(100, 0))
    #expect(track.intensity(at: 1.0) == 0.5)
    #expect(track.intensity(at: 1.0001) == 0)
    #expect(PlaneTimeline(events: [hover], tapTint: .init(0, 0, 0), waveTint: .init(0, 0, 0)).waves.isEmpty)
}
