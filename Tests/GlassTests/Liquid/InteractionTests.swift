import Foundation
import Testing
@testable import Glass

@Suite struct InteractionTests {
    /// The spring's step response against the same oscillator integrated with small steps (`DampedOscillator`).
    @Test func springMatchesItsDifferentialEquation() {
        let r = PressResponse()
        var o = DampedOscillator(response: r.response, damping: r.dampingFraction)
        for checkpoint in [0.05, 0.1, 0.2, 0.4, 0.8] {
            o.run(to: checkpoint)
            #expect(abs(r.stepRemainder(checkpoint) - o.x) < 1e-3, "t = \(checkpoint)")
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
