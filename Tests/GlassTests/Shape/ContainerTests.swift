import Testing
import Raster
@testable import Glass

/// Liquid Glass containers: the whole merged shape is drawn, and each member keeps its own material.
@Suite struct MergedShapeTests {
    /// Two capsule-ended panels side by side, the second offset vertically by `dy`.
    func pair(gap: Float, spacing: Float, dy: Float = 0) -> SmoothUnion<RoundedRect> {
        let a = RoundedRect(Rect(x: 60, y: 60, width: 64, height: 64), radius: 32)
        let b = RoundedRect(Rect(x: 124 + gap, y: 60 + dy, width: 64, height: 64), radius: 32)
        return SmoothUnion([a, b], spacing: spacing)
    }

    /// The area inside the field (d < 0) over the whole canvas, by 4 x 4 point sampling per pixel: an integration
    /// that does not depend on the shape's bounds or on the coverage approximation. (8 x 8 cost 4 s of
    /// the suite's time.)
    func integratedArea(_ s: some Shape, width: Int, height: Int) -> Double {
        var inside = 0
        for y in 0..<(height * 4) {
            for x in 0..<(width * 4) where s.signedDistance(Point((Float(x) + 0.5) / 4, (Float(y) + 0.5) / 4)) < 0 { inside += 1 }
        }
        return Double(inside) / 16
    }

    /// Filled through the shape's bounds (as every renderer visits it), the area matches the integration over a
    /// canvas with 60 px of margin round the parts (more than any reach tested, spacing/4 <= 12 px). Tolerance
    /// 0.4%: the coverage ramp's error on curved edges (ShapeTests measures 0.3% on discs) plus the 1/16 px^2
    /// sampling of the integration. Clipping the merged bulges (the old bounds) loses 0.8-17% of the overlapping pairs here.
    @Test(arguments: [(Float(8), Float(20), Float(0)), (4, 36, 0), (-24, 36, 0), (-40, 48, 0), (12, 36, 10), (-10, 36, -4), (20, 48, 0)])
    func filledAreaMatchesTheIntegratedField(gap: Float, spacing: Float, dy: Float) {
        let u = pair(gap: gap, spacing: spacing, dy: dy)
        let (w, h) = (310, 250)
        var fb = Framebuffer(width: w, height: h)
        fb.fill(u, color: Color(red: 1, green: 1, blue: 1, alpha: 1))
        var filled = 0.0
        for y in 0..<h { for x in 0..<w { filled += Double(fb[x, y].w) } }
        let exact = integratedArea(u, width: w, height: h)
        #expect(abs(filled - exact) / exact < 0.004, "gap \(gap), spacing \(spacing), dy \(dy): filled \(filled), integrated \(exact)")
        #expect(abs(Framebuffer.coverageSum(u, width: w, height: h) - exact) / exact < 0.004)
    }

    @Test func boundsHoldEveryPointTheFieldCovers() {
        for spacing: Float in [10, 36, 60] {
            let u = SmoothUnion([RoundedRect(Rect(x: 60, y: 60, width: 64, height: 64), radius: 32),
                                 RoundedRect(Rect(x: 120, y: 60, width: 64, height: 64), radius: 32),
                                 RoundedRect(Rect(x: 90, y: 110, width: 64, height: 64), radius: 32)], spacing: spacing)
            let b = u.bounds
            for y in stride(from: Float(0), to: 260, by: 0.5) {
                for x in stride(from: Float(0), to: 260, by: 0.5) where u.signedDistance(Point(x, y)) < 0.5 {
                    #expect(x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY, "(\(x), \(y)) covered, outside \(b)")
                }
            }
        }
    }

    /// The coverage of a Liquid Glass render, recovered exactly: drawing over two different frames, a pixel of
    /// coverage c differs by (1 - c) times the frames' difference.
    func renderedCoverage(_ shape: SmoothUnion<RoundedRect>, width w: Int, height h: Int) -> [Float] {
        let plane = Framebuffer(width: w, height: h, color: Color(200, 200, 200))
        var a = Framebuffer(width: w, height: h, fill: SIMD4(0, 0, 0, 1))
        var b = Framebuffer(width: w, height: h, fill: SIMD4(1, 1, 1, 1))
        let glass = LiquidGlass(lens: Lens(thickness: 10, bezel: 14), light: Specular.light(pitch: 0, roll: 0),
                                veil: .init(gain: 0.9, saturation: 1, offset: 0.1))
        glass.apply(plane: plane, shape: shape, into: &a, workers: .single)
        glass.apply(plane: plane, shape: shape, into: &b, workers: .single)
        return (0..<(w * h)).map { 1 - (b[$0 % w, $0 / w].x - a[$0 % w, $0 / w].x) }
    }

    /// The merged controls are drawn whole: the rendered coverage at every pixel of the canvas equals the
    /// anti-aliasing ramp of the joined field there (to 1e-4, float rounding of the two blends), so the bulge
    /// of the neck above and below the boxes fades out as the field says. The clipped render cut it at the
    /// boxes' top and bottom, rows jumping from full coverage to none (overlapping by 24 px, as the showcase controls do mid-merge).
    @Test func topAndBottomOfAMergedShapeFadeOutAntiAliased() {
        let (w, h) = (260, 190)
        let u = pair(gap: -24, spacing: 36)
        let cov = renderedCoverage(u, width: w, height: h)
        var bulge = 0
        for y in 0..<h {
            for x in 0..<w {
                let expected = coverage(distance: u.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5)))
                #expect(abs(cov[y * w + x] - expected) < 1e-4, "(\(x), \(y)): rendered \(cov[y * w + x]), field \(expected)")
                if y < 59 && expected > 0 { bulge += 1 }
            }
        }
        #expect(bulge > 50, "the neck bulges above the boxes")
    }
}

@Suite struct ContainerMaterialBlendTests {
    /// Over a uniform gray plane with no highlights, an untinted member merged with a blue one: along the row
    /// through both centers the blue excess (b - r) rises monotonically from none over the untinted member to
    /// the tinted member's own value, with no seam (no step larger than the neck's smooth ramp allows).
    @Test func tintChangesMonotonicallyAcrossTheNeck() {
        let (w, h) = (300, 120)
        let plane = Framebuffer(width: w, height: h, color: Color(150, 150, 150))
        var frame = plane
        let a = RoundedRect(Rect(x: 20, y: 20, width: 120, height: 80), radius: 30)
        let b = RoundedRect(Rect(x: 130, y: 20, width: 140, height: 80), radius: 30)
        let lens = Lens(thickness: 10, bezel: 14)
        let plainM = LiquidMaterial(lens: lens, veil: .init(gain: 0.9, saturation: 1, offset: 0.1))
        let blue = LiquidMaterial(lens: Lens(index: 1.7, thickness: 14, bezel: 20, profile: .convexCircle),
                                  veil: .init(gain: 0.7, saturation: 1.5, offset: 0.2), tint: Token.systemBlue.color(.light).withAlpha(0.5))
        var specular = Specular()
        specular.mirror = 0
        specular.bandStrength = 0
        let glass = LiquidGlass(material: plainM, specular: specular, light: Specular.light(pitch: 0, roll: 0), blur: Tent(radius: 0))
        glass.apply(plane: plane, container: SmoothUnion([a, b], spacing: 40), materials: [plainM, blue], into: &frame, workers: Workers(2))
        var alone = plane, blueAlone = plane
        glass.apply(plane: plane, shape: a, into: &alone, workers: .single)
        var g2 = glass
        g2.material = blue
        g2.apply(plane: plane, shape: b, into: &blueAlone, workers: .single)
        let row = 60
        let excess = (50...240).map { frame[$0, row].z - frame[$0, row].x }
        #expect(abs(excess.first! - (alone[50, row].z - alone[50, row].x)) < 1e-6)
        #expect(abs(excess.last! - (blueAlone[240, row].z - blueAlone[240, row].x)) < 1e-6)
        #expect(excess.last! > excess.first! + 0.1)
        let steps = zip(excess.dropFirst(), excess).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= -1e-6 }, "the blue excess falls somewhere across the neck")
        // The ramp spans the neck (about the spacing wide): no single pixel carries more than a sixth of it.
        #expect(steps.max()! < (excess.last! - excess.first!) / 6)
    }
}
