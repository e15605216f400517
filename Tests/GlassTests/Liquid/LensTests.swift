import Foundation
import Testing
import Raster
@testable import Glass

/// The optics checked against an independent computation: Snell's law in angle form, n1 sin t1 = n2 sin t2,
/// worked out here from the profile's closed-form slope, against the renderer's vector form.
@Suite struct LensTests {
    /// Displacement by angles: the surface tilts by t1 = atan(slope); inside the glass the ray leans t1 - t2 from
    /// vertical, toward the thick side, and crosses a height z to reach the plane.
    func snell(slope s: Double, height z: Double, index n: Double) -> Double {
        let t1 = atan(abs(s))
        let t2 = asin(sin(t1) / n)
        let lateral = z * tan(t1 - t2)
        return s > 0 ? lateral : -lateral
    }

    @Test(arguments: [1.33, 1.5, 1.9])
    func convexCircleMatchesSnell(index: Double) {
        let lens = Lens(index: index, thickness: 30, bezel: 40, profile: .convexCircle)
        for d in stride(from: 0.5, to: 40, by: 3.25) {
            let x = d / 40
            let z = 30 * (1 - (1 - x) * (1 - x)).squareRoot()
            let slope = 30.0 / 40 * (1 - x) / (1 - (1 - x) * (1 - x)).squareRoot()
            let expected = snell(slope: slope, height: z, index: index)
            // 1e-9 relative: both are double-precision evaluations of the same law.
            #expect(abs(lens.displacement(inward: d) - expected) <= 1e-9 * max(1, abs(expected)), "d = \(d)")
            #expect(lens.displacement(inward: d) > 0, "a convex rim pulls the view inward")
        }
    }

    @Test func squircleMatchesSnellAndConcaveBendsTheOtherWay() {
        let lens = Lens(index: 1.5, thickness: 24, bezel: 30, profile: .convexSquircle)
        for d in stride(from: 1.0, to: 30, by: 2.5) {
            let u = 1 - d / 30
            let z = 24 * pow(1 - pow(u, 4), 0.25)
            let slope = 24.0 / 30 * pow(u, 3) / pow(1 - pow(u, 4), 0.75)
            #expect(abs(lens.displacement(inward: d) - snell(slope: slope, height: z, index: 1.5)) < 1e-9)
        }
        let concave = Lens(index: 1.5, thickness: 24, bezel: 30, profile: .concave)
        #expect(concave.displacement(inward: 10) < 0)
    }

    @Test(arguments: BezelProfile.allCases)
    func flatInteriorDoesNotDisplace(profile: BezelProfile) {
        let lens = Lens(index: 1.5, thickness: 20, bezel: 16, profile: profile)
        for d in [16.0, 17, 40, 1000] { #expect(lens.displacement(inward: d) == 0) }
        // A slab of index 1 is no lens at all.
        #expect(abs(Lens(index: 1, thickness: 20, bezel: 16, profile: profile).displacement(inward: 5)) < 1e-12)
    }

    @Test(arguments: BezelProfile.allCases)
    func profilesRiseFromTheRimAndSlopesAreDerivatives(profile: BezelProfile) {
        for x in stride(from: 0.05, to: 0.95, by: 0.05) {
            let h = 1e-6
            let numeric = (profile.height(x + h) - profile.height(x - h)) / (2 * h)
            #expect(abs(numeric - profile.slope(x)) < 1e-4 * max(1, abs(numeric)), "\(profile) at \(x)")
        }
        #expect(profile.slope(1) == 0 && profile.slope(2) == 0)
    }
}

@Suite struct SmoothUnionTests {
    func pair(gap: Float, spacing: Float) -> SmoothUnion<RoundedRect> {
        let a = RoundedRect(Rect(x: 0, y: 0, width: 100, height: 60), radius: 20)
        let b = RoundedRect(Rect(x: 100 + gap, y: 0, width: 100, height: 60), radius: 20)
        return SmoothUnion([a, b], spacing: spacing)
    }

    @Test func panelsFartherThanTheSpacingStaySeparate() {
        let u = pair(gap: 30, spacing: 20)
        // Every point on the segment between the panels is outside the union: no glass pixels between them.
        for x in stride(from: Float(100.5), to: 130, by: 0.5) { #expect(u.signedDistance(Point(x, 30)) > 0) }
    }

    @Test func panelsNearerThanHalfTheSpacingBridge() {
        let u = pair(gap: 9.5, spacing: 20)
        for x in stride(from: Float(100), through: 109.5, by: 0.25) { #expect(u.signedDistance(Point(x, 30)) < 0) }
        // Between half the spacing and the spacing they reach for each other: glass beyond each edge, no bridge.
        let reaching = pair(gap: 15, spacing: 20)
        #expect(reaching.signedDistance(Point(100.25, 30)) < 0)
        #expect(reaching.signedDistance(Point(107.5, 30)) > 0)
    }

    @Test func theFieldRisesMonotonicallyToTheMidpoint() {
        for g: Float in [6, 12, 18, 25] {
            let u = pair(gap: g, spacing: 20)
            var last = -Float.infinity
            for x in stride(from: Float(100), through: 100 + g / 2, by: 0.125) {
                let d = u.signedDistance(Point(x, 30))
                #expect(d >= last - 1e-5)
                last = d
            }
        }
    }

    @Test func theBridgeThresholdIsHalfTheSpacing() {
        // Midpoint of the gap: exactly g/2 - k/4 with k = spacing, negative (joined) iff g < spacing / 2.
        for g: Float in [4, 9.9, 10, 10.1, 19.9, 20, 35] {
            let d = pair(gap: g, spacing: 20).signedDistance(Point(100 + g / 2, 30))
            #expect(abs(d - (g / 2 - 5)) < 1e-4)
        }
    }

    @Test func areaChangesContinuouslyAsPanelsApproach() {
        // Slide one panel in by 0.25 px steps: the area may only change by about the strip it sweeps.
        var last: Double?
        for step in 0..<160 {
            let g = 40 - Float(step) * 0.25
            let area = Framebuffer.coverageSum(pair(gap: g, spacing: 20), width: 260, height: 70)
            if let last { #expect(abs(area - last) < 60 * 0.25 + 40, "jump at gap \(g)") }
            last = area
        }
    }
}

@Suite struct SpecularTests {
    /// Steps of a sweep all move the band the same way (strictly), and it travels a visible distance.
    func isStrictlyMonotonic(_ u: [Double]) -> Bool {
        let steps = zip(u.dropFirst(), u).map { $0 - $1 }
        return steps.allSatisfy { $0 > 0 } || steps.allSatisfy { $0 < 0 }
    }

    @Test func bandMovesMonotonicallyAsTheTiltSweeps() {
        let byRoll = (0...40).map { Specular.bandPosition(light: Specular.light(pitch: 0, roll: -0.6 + Double($0) * 0.03)) }
        #expect(isStrictlyMonotonic(byRoll))
        #expect(abs(byRoll.last! - byRoll.first!) > 0.3)
        let byPitch = (0...40).map { Specular.bandPosition(light: Specular.light(pitch: -0.5 + Double($0) * 0.025, roll: 0)) }
        #expect(isStrictlyMonotonic(byPitch))
    }

    @Test func theEdgeMirrorsMostWhereItFacesTheLight() {
        let s = Specular()
        let l = Specular.light(pitch: 0, roll: 0)  // light from above (negative y)
        func mirror(_ nx: Double, _ ny: Double) -> Double {
            var n = SIMD3(nx, ny, 0.8)
            n /= (n * n).sum().squareRoot()
            let r = s.reflection(normal: n, light: l)
            return r.share * r.grey
        }
        #expect(mirror(0, -0.6) > mirror(0.6, 0))
        #expect(mirror(0.6, 0) >= mirror(0, 0.6))
        #expect(s.reflection(normal: SIMD3(0, 0, 1), light: l).share == 0)
    }
}
