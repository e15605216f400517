@testable import Dots
import Raster
import Testing

func busyPlane(seed: UInt64 = 7) -> Plane {
    let tint = Color(0, 122, 255, 0.3)
    let events: [PlaneEvent] = [
        .tap(at: Point(100, 120), time: 0),
        .effect(.shockwave, parameters: Effect.shockwave.defaults, at: Point(300, 500), time: 0.1, tint: nil),
        .effect(.noiseTint, parameters: Effect.noiseTint.defaults, at: Point(200, 300), time: 0, tint: nil),
        .field(Field(law: .magnetic, center: Point(200, 650), tint: tint), time: 0, duration: 0.5),
        .drag(path: [Point(40, 700), Point(350, 400), Point(200, 100)], time: 0, duration: 0.6, field: .drag(mode: .vortex, tint: tint)),
        .hover(path: [Point(300, 100), Point(100, 300)], time: 0.2, duration: 0.4, field: .drag(mode: .repulsion, tint: tint)),
    ]
    let attachment = PlaneFieldAttachment(
        id: "card",
        bounds: .keyframed(Keyframes([.init(time: 0, value: Rect(x: 40, y: 400, width: 200, height: 100)),
                                      .init(time: 1, value: Rect(x: 140, y: 300, width: 200, height: 140))])),
        tint: Color(255, 45, 85, 0.3))
    return testPlane(width: 390, height: 844, events: events, attachments: [attachment]) {
        $0.ambient.enabled = true
        $0.ambient.first = 0.05
        $0.ambient.interval = 0.3...0.5
        $0.seed = seed
    }
}

@Test func stateAndPixelsAreIdenticalFor1_2And8Workers() {
    var results: [([UInt8], [UInt8])] = []
    for n in [1, 2, 8] {
        var plane = busyPlane()
        plane.simulate(toStep: 40, workers: Workers(n))
        var fb = Framebuffer(width: 390, height: 844)
        plane.render(into: &fb, scale: 1, workers: Workers(n))
        plane.simulate(toStep: 50, workers: Workers(n))
        results.append((plane.stateBytes, fb.rgba8()))
    }
    #expect(results[0].0 == results[1].0 && results[0].0 == results[2].0)
    #expect(results[0].1 == results[1].1 && results[0].1 == results[2].1)
}

/// Reach culling and temporal blocking against the reference: every source on every dot, one update at a time.
@Test(arguments: [1, 5, 45])
func reachCullingMatchesTheFullPassReference(stepsPerCall: Int) {
    var fast = busyPlane(), slow = busyPlane()
    for k in stride(from: stepsPerCall, through: 45, by: stepsPerCall) {
        fast.simulate(toStep: k, workers: Workers(2))
    }
    for _ in 1...45 { slow.referenceUpdate() }
    #expect(fast.step == 45)
    #expect(fast.stateBytes == slow.stateBytes)
}

/// The update kernel (SIMD, reach culling, row skipping, temporal blocking, bands on two workers) against the
/// plain scalar reference of its equations, update by update: the same bytes.
@Test func updateKernelMatchesThePlainReference() {
    var fast = busyPlane(), plain = busyPlane()
    fast.simulate(toStep: 45, workers: Workers(2))
    for _ in 1...45 { plain.plainUpdate() }
    #expect(plain.step == 45)
    #expect(fast.stateBytes == plain.stateBytes)
}

@Test func skippingFramesDoesNotChangeTheResult() {
    var a = busyPlane(), b = busyPlane()
    for k in stride(from: 2, through: 60, by: 2) { a.simulate(toStep: k) }
    b.simulate(toStep: 60)
    #expect(a.stateBytes == b.stateBytes)
}

@Test func ambientWavesFollowTheSeed() {
    var a = busyPlane(seed: 1), b = busyPlane(seed: 1), c = busyPlane(seed: 2)
    a.simulate(toStep: 60); b.simulate(toStep: 60); c.simulate(toStep: 60)
    #expect(a.stateBytes == b.stateBytes)
    #expect(a.stateBytes != c.stateBytes)
    #expect(a.activeWaves.contains { $0.start > 0 && ($0.parameters.type == .bloom || $0.parameters.type == .ring) })
}

@Test func splitMix64MatchesPublishedOutput() {
    // First outputs of SplitMix64 seeded with 0 (Vigna's reference splitmix64.c).
    var g = SplitMix64(seed: 0)
    #expect(g.next() == 0xE220_A839_7B1D_CDAF)
    #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
}

@Test func valueNoiseIsCoherentAndBounded() {
    let n = ValueNoise(seed: 3)
    var prev = n(0, 0, 0)
    for i in 1...400 {
        let v = n(Float(i) * 0.01, 0.37, 0.2)
        #expect(v >= 0 && v <= 1)
        // Quintic fade: slope at most 1.875 per lattice unit, so 0.01 apart differ by under 0.02.
        #expect(abs(v - prev) < 0.02)
        prev = v
    }
}
