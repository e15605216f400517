import Foundation
import Testing
@testable import Glass

/// The selection lens's spring and squash (`SelectionSpring`) against independent computations: the oscillator's
/// differential equation integrated here, the rate by central differences, and Kyant0's squash written out.
@Suite struct SelectionSpringTests {
    /// Progress is 1 minus the remainder of the oscillator integrated independently (`DampedOscillator`), the rate
    /// its velocity negated.
    @Test func progressAndRateMatchTheirDifferentialEquation() {
        let s = SelectionSpring()
        var o = DampedOscillator(response: s.response, damping: s.dampingFraction)
        for checkpoint in [0.02, 0.06, 0.12, 0.245, 0.4, 0.8] {
            o.run(to: checkpoint)
            let x = 1 - o.x, v = -o.velocity
            #expect(abs(s.progress(checkpoint) - x) < 1e-3, "progress at t = \(checkpoint)")
            #expect(abs(s.rate(checkpoint) - v) < 1e-2 * max(1, abs(v)), "rate at t = \(checkpoint)")
            let h = 1e-6
            let numeric = (s.progress(checkpoint + h) - s.progress(checkpoint - h)) / (2 * h)
            #expect(abs(s.rate(checkpoint) - numeric) < 1e-4 * max(1, abs(numeric)))
        }
        #expect(s.progress(0) == 0 && s.progress(-1) == 0 && s.rate(0) == 0)
    }

    /// The stated figures: overshoot e^(-pi z / sqrt(1 - z^2)) = 4.6% at 0.245 s, within 1% from 0.37 s.
    @Test func overshootsAndSettlesAsStated() {
        let s = SelectionSpring()
        let samples = stride(from: 0.0, through: 1.0, by: 0.0005).map { ($0, s.progress($0)) }
        let peak = samples.max { $0.1 < $1.1 }!
        #expect(abs(peak.1 - 1.046) < 0.001, "peak \(peak.1)")
        #expect(abs(peak.0 - 0.245) < 0.002, "at \(peak.0) s")
        let lastOutside = samples.last { abs($0.1 - 1) > 0.01 }!.0
        #expect(lastOutside < 0.37, "within 1% from \(lastOutside) s")
    }

    /// Kyant0's squash: stretched along by 1 / (1 - min(0.75 v, 0.2)), thinned across by 1 - min(0.25 v, 0.15),
    /// v the speed over 40 lengths per second.
    @Test func squashStretchesAlongAndThinsAcross() {
        let still = SelectionSpring.squash(vx: 0, vy: 0)
        #expect(still.x == 1 && still.y == 1)
        let slow = SelectionSpring.squash(vx: 8, vy: 0)   // v = 0.2
        #expect(abs(slow.x - 1 / (1 - 0.15)) < 1e-12 && abs(slow.y - 0.95) < 1e-12)
        let fast = SelectionSpring.squash(vx: -400, vy: 0)  // clamped, either direction
        #expect(abs(fast.x - 1.25) < 1e-12 && abs(fast.y - 0.85) < 1e-12)
        let down = SelectionSpring.squash(vx: 0, vy: 8)
        #expect(abs(down.y - slow.x) < 1e-12 && abs(down.x - slow.y) < 1e-12)
    }
}
