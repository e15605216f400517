@testable import Dots
import Raster
import Testing

@Test func rippleDisplacesOnlyItsBandAndPushesOutward() {
    let origin = Point(210, 210)
    var plane = testPlane(width: 420, height: 420, events: [.tap(at: origin, time: 0)])
    let ripple = Effect.ripple.defaults
    var hit = Array(repeating: false, count: plane.dotCount)
    for k in 1...14 {
        plane.simulate(toStep: k)
        let rNow = ripple.speed * Float(k), rPrev = ripple.speed * Float(k - 1)
        for (i, s) in dots(plane).enumerated() {
            let d = length(s.home - origin)
            if !hit[i] && s.velocity != .zero {
                hit[i] = true
                // First moved at update k: its home lies in the band swept during this update (the dot was at
                // rest, so position = home), widened by half the ring width.
                #expect(d >= rPrev - ripple.width / 2 && d <= rNow + ripple.width / 2,
                        "dot at distance \(d) first moved at update \(k), band \(rPrev)...\(rNow)")
            }
            if d > rNow + ripple.width / 2 { #expect(s.displacement == .zero) }
            // Pushed outward: within the first half period (about 18 steps) the displacement points away from the
            // tap, to within 1 degree.
            if length(s.displacement) > 1e-3 && d > 0 {
                let cosine = (s.displacement * (s.home - origin)).sum() / (length(s.displacement) * d)
                #expect(cosine > 0.9998, "dot at distance \(d) displaced at cos \(cosine)")
            }
        }
    }
    #expect(hit.filter { $0 }.count > 100)
}

@Test func everyDotReturnsHomeAfterTheWavesDie() {
    let events: [PlaneEvent] = [
        .tap(at: Point(100, 100), time: 0),
        .effect(.shockwave, parameters: Effect.shockwave.defaults, at: Point(300, 200), time: 0.2, tint: nil),
        .drag(path: [Point(50, 300), Point(350, 100)], time: 0.1, duration: 0.8,
              field: .drag(mode: .vortex, tint: Color(0, 122, 255, 0.3))),
    ]
    var plane = testPlane(width: 420, height: 420, events: events)
    // Ripple life 3 s is the longest; trail rings from the drag end by 0.9 + 4 s. Check at 5.5 s.
    plane.simulate(toStep: 330)
    let worst = dots(plane).map { length($0.displacement) }.max() ?? 0
    #expect(worst < 0.5, "largest displacement \(worst) pt")
    #expect(worst < 0.5)
}

@Test func colorWavesTintWithoutDisplacing() {
    let tint = Color(175, 82, 222, 0.3)
    var plane = testPlane(width: 420, height: 420, events: [
        .effect(.bloom, parameters: Effect.bloom.defaults, at: Point(210, 210), time: 0, tint: tint),
        .effect(.noiseTint, parameters: Effect.noiseTint.defaults, at: Point(100, 100), time: 0, tint: tint),
    ])
    plane.simulate(toStep: 60)
    let all = dots(plane)
    #expect(all.allSatisfy { $0.displacement == .zero })
    let tinted = all.filter { $0.tintWeight > 0.1 }
    #expect(!tinted.isEmpty)
    // A bloom's disc (radius 1.5 x 60 = 90 pt) is tinted; far corners are not.
    let center = plane.dot(plane.nearestDot(to: Point(210, 210)))
    #expect(center.tintWeight > 0.3)
    #expect(abs(center.tint.red - tint.red) < 1e-5)
}
