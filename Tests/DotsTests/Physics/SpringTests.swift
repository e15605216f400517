@testable import Dots
import Foundation
import Raster
import Testing

/// The documented update v' = damping (v + spring (h - p)), p' = p + v' is a linear recurrence; its closed form
/// x_n = rho^n (A cos n theta + B sin n theta) (rho = sqrt(damping), cos theta = trace / (2 rho), trace =
/// 1 + damping - damping x spring) is computed here in Double, independently of the plane's code.
@Test func loneDotFollowsClosedFormSpringDamper() {
    var plane = testPlane()
    let n = plane.nearestDot(to: Point(105, 105))
    let x0 = Point(6, -4), v0 = Point(0.5, 1)
    plane.place(dot: n, displacement: x0, velocity: v0)
    let k = 0.03, d = 0.88
    let trace = 1 + d - d * k, rho = d.squareRoot()
    let theta = acos(trace / (2 * rho))
    func closedForm(_ x0: Double, _ v0: Double, _ step: Int) -> Double {
        let x1 = (1 - d * k) * x0 + d * v0
        let a = x0, b = (x1 / rho - a * cos(theta)) / sin(theta)
        return pow(rho, Double(step)) * (a * cos(Double(step) * theta) + b * sin(Double(step) * theta))
    }
    for step in 1...120 {
        plane.simulate(toStep: step)
        let got = plane.dot(n).displacement
        let wantX = closedForm(Double(x0.x), Double(v0.x), step)
        let wantY = closedForm(Double(x0.y), Double(v0.y), step)
        // Float32 arithmetic over 120 steps of a contracting map: errors stay near 1e-6 pt; 1e-4 pt is generous.
        #expect(abs(Double(got.x) - wantX) < 1e-4, "step \(step): x \(got.x) vs \(wantX)")
        #expect(abs(Double(got.y) - wantY) < 1e-4, "step \(step): y \(got.y) vs \(wantY)")
    }
    // Every other dot stayed exactly home.
    for (i, s) in dots(plane).enumerated() where i != n {
        #expect(s.displacement == .zero)
    }
}

@Test func restingDotSleepsExactlyHome() {
    var plane = testPlane()
    let n = plane.nearestDot(to: Point(105, 105))
    plane.place(dot: n, displacement: Point(3, 3))
    plane.simulate(toStep: 600)
    let s = plane.dot(n)
    #expect(s.position == s.home)
    #expect(s.velocity == .zero)
}
