import Foundation
import Testing
@testable import Raster

/// Anti-aliased coverage summed over all pixels must equal each shape's analytic area. The 0.5 - d coverage is
/// exact for axis-aligned edges; on curves the error grows with curvature, so shapes of radius >= 8 px are held
/// to 0.3% of their area.
@Suite struct ShapeCoverageTests {
    func relativeError(_ measured: Double, _ exact: Double) -> Double { abs(measured - exact) / exact }

    @Test(arguments: [8.0, 13.7, 40.25])
    func circleArea(radius: Double) {
        let c = Circle(center: Point(61.3, 57.8), radius: Float(radius))
        let sum = Framebuffer.coverageSum(c, width: 128, height: 128)
        #expect(relativeError(sum, Double.pi * radius * radius) < 0.003)
    }

    @Test func capsuleArea() {
        let c = Capsule(from: Point(20.5, 30), to: Point(90, 71.2), radius: 9)
        let length = (Double(90 - 20.5) * Double(90 - 20.5) + Double(71.2 - 30) * Double(71.2 - 30)).squareRoot()
        let exact = Double.pi * 81 + 2 * 9 * length
        #expect(relativeError(Framebuffer.coverageSum(c, width: 128, height: 128), exact) < 0.003)
    }

    @Test(arguments: CornerCurve.allCases)
    func roundedRectArea(curve: CornerCurve) {
        let r = RoundedRect(Rect(x: 10.25, y: 12.5, width: 180, height: 96.5), radius: 22, curve: curve)
        #expect(relativeError(Framebuffer.coverageSum(r, width: 220, height: 128), r.area) < 0.003)
    }

    /// The continuous corner's area, checked against a numerical integration of its superellipse written here.
    @Test func continuousCornerAreaByIntegration() {
        let e = 30.0, n = Double(ContinuousCorner.exponent)
        let steps = 200_000
        var quadrant = 0.0
        for i in 0..<steps {
            let x = (Double(i) + 0.5) / Double(steps) * e
            quadrant += pow(pow(e, n) - pow(x, n), 1 / n) * e / Double(steps)
        }
        let rect = RoundedRect(Rect(x: 0, y: 0, width: 100, height: 100), radius: Float(e / Double(ContinuousCorner.reach)), curve: .continuous)
        let exact = 100 * 100 - 4 * (e * e - quadrant)
        #expect(relativeError(rect.area, exact) < 1e-4)
    }

    @Test func continuousCornerPassesThroughTheCircularFortyFiveDegreePoint() {
        // Both corners of radius r cross the diagonal at r (1 - 1/sqrt 2) from each side.
        let r: Float = 40
        let box = Rect(x: 0, y: 0, width: 200, height: 200)
        let p = Point(repeating: r * (1 - 1 / Float(2).squareRoot()))
        #expect(abs(RoundedRect(box, radius: r, curve: .circular).signedDistance(p)) < 1e-3)
        #expect(abs(RoundedRect(box, radius: r, curve: .continuous).signedDistance(p)) < 1e-2)
        // The continuous corner starts earlier along the side: 1.2 r from the corner the circular edge is still
        // straight (distance exactly -0.5 half a pixel inside) while the continuous edge has begun to curve away.
        let q = Point(1.2 * r, 0.5)
        #expect(abs(RoundedRect(box, radius: r, curve: .circular).signedDistance(q) + 0.5) < 1e-5)
        #expect(RoundedRect(box, radius: r, curve: .continuous).signedDistance(q) > -0.45)
        // Past its reach (1.52866 r) the continuous edge is straight again.
        let s = Point(1.6 * r, 0.5)
        #expect(abs(RoundedRect(box, radius: r, curve: .continuous).signedDistance(s) + 0.5) < 1e-5)
    }

    @Test func radiusClampsToHalfTheShorterSide() {
        let pill = RoundedRect(Rect(x: 0, y: 0, width: 100, height: 40), radius: 500, curve: .circular)
        #expect(pill.reach == 20)
        let capsule = Capsule(from: Point(20, 20), to: Point(80, 20), radius: 20)
        for p in [Point(3, 20), Point(50, 1), Point(95, 30), Point(10, 8)] {
            #expect(abs(pill.signedDistance(p) - capsule.signedDistance(p)) < 1e-4)
        }
    }

    /// The one corner rule: a radius lies in 0 ... half the shorter side. Expected values written out by hand
    /// for an 80 x 40 rect (inradius 20).
    @Test(arguments: [(Float(-5), Float(0)), (0, 0), (12.5, 12.5), (20, 20), (21, 20), (1e9, 20)])
    func cornerRuleClampsToTheInradius(radius: Float, expected: Float) {
        let rect = Rect(x: 3, y: 7, width: 80, height: 40)
        #expect(rect.inradius == 20)
        #expect(RoundedRect.clampedRadius(radius, in: rect) == expected)
        #expect(RoundedRect(rect, radius: radius, curve: .circular).radius == expected)
        #expect(RoundedRect(rect, radius: radius, curve: .circular).reach == expected)
        // The continuous corner reaches 1.52866 radii along each side, within the same limit.
        #expect(RoundedRect(rect, radius: radius, curve: .continuous).reach == min(expected * 1.52866, 20))
    }

    @Test func fillIsIdenticalForAnyWorkerCount() {
        var a = Framebuffer(width: 200, height: 150, color: Color(242, 242, 247))
        var b = a
        let shape = RoundedRect(Rect(x: 13.3, y: 9.1, width: 170, height: 120), radius: 30)
        a.fill(shape, color: Token.systemBlue.color(.light).opacity(0.5), workers: .single)
        b.fill(shape, color: Token.systemBlue.color(.light).opacity(0.5), workers: Workers(4))
        #expect(a == b)
    }
}

@Suite struct EasingTests {
    @Test(arguments: Easing.allCases)
    func endpointsAndMonotonic(e: Easing) {
        #expect(abs(e(0)) < 1e-9 && abs(e(1) - 1) < 1e-6)
        var last = -1.0
        for i in 0...100 {
            let v = e(Double(i) / 100)
            #expect(v >= last - 1e-9)
            last = v
        }
    }

    @Test func easeInOutIsSymmetric() {
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(Easing.easeInOut(x) + Easing.easeInOut(1 - x) - 1) < 1e-6)
        }
        // cubic-bezier(0.42, 0, 1, 1) at x = 0.5, solved independently by bisection on the parametric form.
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<80 { let m = (lo + hi) / 2; if bezier(m, 0.42, 1) < 0.5 { lo = m } else { hi = m } }
        #expect(abs(Easing.easeIn(0.5) - bezier(lo, 0, 1)) < 1e-6)
    }

    @Test func keyframesHoldOutsideAndEaseBetween() {
        let k = Keyframes<Double>([.init(time: 1, value: 10, easing: .linear), .init(time: 3, value: 20, easing: .linear)])
        let mix = { (a: Double, b: Double, t: Double) in a + (b - a) * t }
        #expect(k.value(at: 0, mix: mix) == 10)
        #expect(k.value(at: 2, mix: mix) == 15)
        #expect(k.value(at: 5, mix: mix) == 20)
    }
}

/// The eight-lane rounded rectangle (`RoundedRect+Lanes.swift`) against its reference, the scalar distance.
@Suite struct RoundedRectLaneTests {
    /// DMath.pow (lanes) against powf over the continuous corner's inputs: x^n for x in (0, 1] (the scaled corner offsets,
    /// whose powers are added to a sum of at least 1, so absolute error is what reaches the distance) and x^(1/n)
    /// for x in [1, 2] (that sum; relative error). Bounds 3e-7 (about 2.5 ulps of 1); measured below.
    @Test func powLanesMatchPowf() {
        let n = ContinuousCorner.exponent
        func worst(_ xs: [Float], _ e: Float, relative: Bool) -> Float {
            var w: Float = 0
            var i = 0
            while i + 16 <= xs.count {
                let x = SIMD16<Float>(xs[i..<(i + 16)])
                let p = DMath.pow(x, e)
                for l in 0..<16 {
                    let exact = powf(x[l], e)
                    w = max(w, abs(p[l] - exact) / (relative ? exact : 1))
                }
                i += 16
            }
            return w
        }
        let count = 1 << 16
        let even = worst((0..<count).map { Float($0 + 1) / Float(count) }, n, relative: false)
        let geometric = worst((0..<count).map { exp2f(-60 * Float($0) / Float(count)) }, n, relative: false)
        let root = worst((0..<count).map { 1 + Float($0) / Float(count - 1) }, 1 / n, relative: true)
        #expect(DMath.pow(SIMD16(repeating: 1), n) == SIMD16(repeating: 1))
        #expect(DMath.pow(SIMD16(repeating: 0), n) == SIMD16(repeating: 0))
        #expect(even < 3e-7 && geometric < 3e-7, "max absolute error \(even), \(geometric)")
        #expect(root < 3e-7, "max relative error \(root)")
        print("DMath.pow (lanes): max absolute error of x^n on (0, 1] \(max(even, geometric)), max relative error of x^(1/n) on [1, 2] \(root)")
    }

    /// Every pixel center of a box holding the shape, eight at a time, against `signedDistance(_:)`: equal bits
    /// for circular corners; for continuous ones within 2e-5 px (one coverage level is 1/255 = 0.0039 px).
    @Test(arguments: CornerCurve.allCases)
    func lanesMatchScalar(curve: CornerCurve) {
        var worst: Float = 0
        for (rect, radius) in [(Rect(x: 10.3, y: 7.6, width: 120.5, height: 44.2), Float(22)),
                               (Rect(x: 3, y: 5, width: 60, height: 60), Float(30)),
                               (Rect(x: 0.5, y: 0.25, width: 200, height: 90), Float(7.5))] {
            let shape = RoundedRect(rect, radius: radius, curve: curve)
            for y in -4..<Int(rect.maxY + 5) {
                for x0 in stride(from: -8, to: Int(rect.maxX + 9), by: 8) {
                    let xs = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + (Float(x0) + 0.5)
                    let d = shape.signedDistance8(x: xs, y: Float(y) + 0.5)
                    for l in 0..<8 {
                        let exact = shape.signedDistance(Point(xs[l], Float(y) + 0.5))
                        if curve == .circular { #expect(d[l] == exact) }
                        worst = max(worst, abs(d[l] - exact))
                    }
                }
            }
        }
        #expect(worst < 2e-5, "max difference \(worst) px")
        print("signedDistance8 \(curve): max difference \(worst) px")
    }

    /// DMath.pow (lanes) gives, in every lane, the bits of its arithmetic done one lane at a time (`powLanesReference`):
    /// over the corner's ratios in (0, 1] (evenly and geometrically spaced), the sums in [1, 2], 0, 1, values
    /// below the smallest normal, and both exponents the corner uses.
    @Test func powLanesAreTheirLaneReference() {
        let n = ContinuousCorner.exponent
        let count = 1 << 14
        var xs: [Float] = [0, 1, 2, Float.leastNormalMagnitude, Float.leastNonzeroMagnitude, 1e-30, 0.5, 1.5]
        xs += (0..<count).map { Float($0 + 1) / Float(count) }
        xs += (0..<count).map { exp2f(-60 * Float($0) / Float(count)) }
        xs += (0..<count).map { 1 + Float($0) / Float(count - 1) }
        while xs.count % 16 != 0 { xs.append(0.25) }
        var mismatches = 0
        for e in [n, 1 / n] {
            for start in stride(from: 0, to: xs.count, by: 16) {
                let x = SIMD16<Float>(xs[start..<(start + 16)])
                let p = DMath.pow(x, e)
                for l in 0..<16 where p[l].bitPattern != ContinuousCorner.powLanesReference(x[l], e).bitPattern {
                    mismatches += 1
                    if mismatches <= 5 {
                        Issue.record("DMath.pow(\(x[l]), \(e)) = \(p[l]), reference \(ContinuousCorner.powLanesReference(x[l], e))")
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    /// `signedDistance8` gives, in every lane, the bits of `signedDistanceLanesReference` (the lanes' first
    /// arithmetic, one pixel at a time): over every pixel center around three shapes, a square centered on a
    /// pixel center (its diagonals, where ox = oy, hold pixel centers) and points off the pixel grid.
    @Test(arguments: CornerCurve.allCases)
    func lanesAreTheirReference(curve: CornerCurve) {
        var mismatches = 0, corners = 0
        func check(_ shape: RoundedRect, _ xs: SIMD8<Float>, _ y: Float) {
            let d = shape.signedDistance8(x: xs, y: y)
            for l in 0..<8 {
                let expected = shape.signedDistanceLanesReference(x: xs[l], y: y)
                let ox = abs(xs[l] - shape.rect.center.x), oy = abs(y - shape.rect.center.y)
                if ox > shape.rect.width / 2 - shape.reach && oy > shape.rect.height / 2 - shape.reach { corners += 1 }
                if d[l].bitPattern != expected.bitPattern {
                    mismatches += 1
                    if mismatches <= 5 { Issue.record("(\(xs[l]), \(y)): lanes \(d[l]), reference \(expected)") }
                }
            }
        }
        for (rect, radius) in [(Rect(x: 10.3, y: 7.6, width: 120.5, height: 44.2), Float(22)),
                               (Rect(x: 3, y: 5, width: 60, height: 60), Float(30)),
                               (Rect(x: 0.5, y: 0.25, width: 200, height: 90), Float(7.5)),
                               (Rect(x: 0, y: 0, width: 65, height: 65), Float(20))] {
            let shape = RoundedRect(rect, radius: radius, curve: curve)
            for y in -4..<Int(rect.maxY + 5) {
                for x0 in stride(from: -8, to: Int(rect.maxX + 9), by: 8) {
                    check(shape, SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + (Float(x0) + 0.5), Float(y) + 0.5)
                    check(shape, SIMD8<Float>(0, 1.13, 2.71, 3.3, 4.05, 5.5, 6.9, 7.77) + Float(x0), Float(y) + 0.37)
                }
            }
        }
        #expect(corners > 10_000)
        #expect(mismatches == 0)
    }

    /// Two shapes at the same eight points (`signedDistance8(_:_:x:y:)`, the corners of both in one set of
    /// sixteen lanes) give each shape's own `signedDistance8` bits: pairs of different reach, side by side,
    /// overlapping, one far from the other (corners in one and not the other), and every mix of corner curves.
    @Test func pairedLanesAreEachShapesOwn() {
        let rects = [RoundedRect(Rect(x: 20, y: 30, width: 180, height: 180), radius: 90),
                     RoundedRect(Rect(x: 140.5, y: 30, width: 180, height: 180), radius: 90),
                     RoundedRect(Rect(x: 60.3, y: 61.7, width: 120.5, height: 44.2), radius: 22),
                     RoundedRect(Rect(x: 400, y: 400, width: 60, height: 60), radius: 12),
                     RoundedRect(Rect(x: 20, y: 30, width: 180, height: 180), radius: 90, curve: .circular)]
        var mismatches = 0, compared = 0
        for a in rects {
            for b in rects {
                for y in stride(from: 0, to: 480, by: 3) {
                    for x0 in stride(from: 0, to: 480, by: 8) {
                        let xs = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7) + (Float(x0) + 0.5)
                        let (da, db) = RoundedRect.signedDistance8(a, b, x: xs, y: Float(y) + 0.5)
                        let ea = a.signedDistance8(x: xs, y: Float(y) + 0.5), eb = b.signedDistance8(x: xs, y: Float(y) + 0.5)
                        for l in 0..<8 {
                            compared += 1
                            if da[l].bitPattern != ea[l].bitPattern || db[l].bitPattern != eb[l].bitPattern {
                                mismatches += 1
                                if mismatches <= 5 {
                                    Issue.record("(\(xs[l]), \(y)): paired \(da[l]) \(db[l]), alone \(ea[l]) \(eb[l])")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(compared > 1_000_000 && mismatches == 0)
    }
}
