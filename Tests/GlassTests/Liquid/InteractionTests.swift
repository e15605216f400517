import Foundation
import Testing
@testable import Glass

@Suite struct InteractionTests {
    /// The spring's step response against the recurrence of the same oscillator integrated here with small steps
    /// (semi-implicit Euler at 0.01 ms: error far below the 1e-3 tolerance).
    @Test func springMatchesItsDifferentialEquation() {
        let r = PressResponse()
        let w = 2 * Double.pi / r.response, z = r.dampingFraction
        var x = 1.0, v = 0.0, t = 0.0
        let dt = 1e-5
        for checkpoint in [0.05, 0.1, 0.2, 0.4, 0.8] {
            while t < checkpoint - dt / 2 {
                v += (-w * w * x - 2 * z * w * v) * dt
                x += v * dt
                t += dt
            }
            #expect(abs(r.stepRemainder(checkpoint) - x) < 1e-3, "t = \(checkpoint)")
        }
    }

    @Test func pressSwellsBouncesAndSettles() {
        let r = PressResponse()
        let held = r.scale(at: 2.0, down: 1.0, up: nil)
        #expect(abs(held - r.pressedScale) < 1e-3)
        // Underdamped: it overshoots the pressed scale on the way up.
        let peak = stride(from: 1.0, to: 1.6, by: 0.005).map { r.scale(at: $0, down: 1.0, up: nil) }.max()!
        #expect(peak > r.pressedScale + 0.005)
        // After release it returns to 1, continuously (no jump at the release instant).
        #expect(abs(r.scale(at: 1.5 + 1e-6, down: 1.0, up: 1.5) - r.scale(at: 1.5, down: 1.0, up: 1.5)) < 1e-4)
        #expect(abs(r.scale(at: 4.0, down: 1.0, up: 1.5) - 1) < 1e-3)
        #expect(r.scale(at: 0.5, down: 1.0, up: 1.5) == 1)
    }

    @Test func shimmerRunsOnceAfterTouchDown() {
        let r = PressResponse()
        #expect(r.shimmer(at: 0.9, down: 1.0) == nil)
        let a = r.shimmer(at: 1.1, down: 1.0)!, b = r.shimmer(at: 1.4, down: 1.0)!
        #expect(b.position > a.position)
        #expect(r.shimmer(at: 1.0 + r.shimmerDuration + 0.01, down: 1.0) == nil)
    }

    @Test func transitionProgressIsContinuousAndClamped() {
        #expect(GlassTransition.progress(at: 0.9, start: 1, duration: 0.5) == 0)
        #expect(GlassTransition.progress(at: 1.25, start: 1, duration: 0.5) == 0.5)
        #expect(GlassTransition.progress(at: 2, start: 1, duration: 0.5) == 1)
    }
}
