import Testing
import Raster
@testable import Glass

/// The Liquid Glass kernel measured on rendered pixels.
@Suite struct LiquidGlassTests {
    /// A plane whose red channel encodes x and green encodes y, so a pixel's color says where it was sampled.
    func coordinatePlane(_ w: Int, _ h: Int) -> Framebuffer {
        var fb = Framebuffer(width: w, height: h)
        for y in 0..<h { for x in 0..<w { fb[x, y] = SIMD4((Float(x) + 0.5) / Float(w), (Float(y) + 0.5) / Float(h), 0.5, 1) } }
        return fb
    }

    func plainGlass(_ lens: Lens) -> LiquidGlass {
        var s = Specular()
        s.rimStrength = 0
        s.bandStrength = 0
        return LiquidGlass(lens: lens, specular: s, light: Specular.light(pitch: 0, roll: 0),
                           surface: Color(red: 1, green: 1, blue: 1, alpha: 0), blurRadius: 0)
    }

    @Test func interiorShowsThePlaneUnmovedAndTheBezelSamplesWhereSnellSays() {
        let w = 200, h = 120
        let plane = coordinatePlane(w, h)
        var frame = plane
        let lens = Lens(index: 1.5, thickness: 12, bezel: 20, profile: .convexCircle)
        let shape = RoundedRect(Rect(x: 20, y: 20, width: 160, height: 80), radius: 0, curve: .circular)
        plainGlass(lens).apply(plane: plane, shape: shape, into: &frame, workers: .single)
        // Flat interior: exactly the plane.
        for (x, y) in [(100, 60), (60, 50), (140, 70)] { #expect(frame[x, y] == plane[x, y]) }
        // On the left bezel, row 60 (far from corners): the inward direction is +x, and the red channel says which
        // x was sampled: the pixel center plus the lens's displacement (bilinear sampling is exact on a linear ramp).
        for x in 21..<39 {
            let d = Double(Float(x) + 0.5 - 20)
            let expected = (Float(x) + 0.5 + Float(lens.displacement(inward: d))) / Float(w)
            #expect(abs(frame[x, 60].x - expected) < 2e-5, "x = \(x)")
            #expect(abs(frame[x, 60].y - plane[x, 60].y) < 1e-6, "no vertical shift on a vertical edge")
        }
        // The bezel really displaces: the view is pulled inward by a visible amount somewhere.
        #expect((21..<39).contains { frame[$0, 60].x - plane[$0, 60].x > 1.0 / Float(w) })
    }

    @Test func identicalForAnyWorkerCount() {
        let plane = coordinatePlane(160, 90)
        var a = plane, b = plane
        let shape = SmoothUnion([RoundedRect(Rect(x: 10, y: 10, width: 60, height: 60), radius: 20),
                                 RoundedRect(Rect(x: 76, y: 14, width: 70, height: 50), radius: 25)], spacing: 16)
        let g = LiquidGlass(lens: Lens(thickness: 10, bezel: 14), dispersion: 0.04, light: Specular.light(pitch: 0.1, roll: -0.2),
                            surface: Color(red: 1, green: 1, blue: 1, alpha: 0.1), tint: Token.systemBlue.color(.light).withAlpha(0.3))
        g.apply(plane: plane, shape: shape, into: &a, workers: .single)
        g.apply(plane: plane, shape: shape, into: &b, workers: Workers(3))
        #expect(a == b)
    }

    @Test func highlightCentroidMovesMonotonicallyWithTilt() {
        let w = 240, h = 240
        let gray = Framebuffer(width: w, height: h, color: Color(128, 128, 128))
        let shape = RoundedRect(Rect(x: 20, y: 20, width: 200, height: 200), radius: 40)
        var centroids: [Double] = []
        for i in 0...8 {
            var s = Specular()
            s.rimStrength = 0
            let g = LiquidGlass(lens: Lens(thickness: 8, bezel: 12), specular: s,
                                light: Specular.light(pitch: 0, roll: -0.4 + Double(i) * 0.1),
                                surface: Color(red: 1, green: 1, blue: 1, alpha: 0), blurRadius: 0)
            var frame = gray
            g.apply(plane: gray, shape: shape, into: &frame, workers: Workers(2))
            var sum = 0.0, weighted = 0.0
            for y in 0..<h { for x in 0..<w {
                let added = Double(frame[x, y].x - gray[x, y].x)
                sum += added
                weighted += added * Double(x + y)
            } }
            centroids.append(weighted / sum)
        }
        let steps = zip(centroids.dropFirst(), centroids).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 > 0 } || steps.allSatisfy { $0 < 0 }, "\(centroids)")
    }

    @Test func adaptiveOpacityGrowsWithSize() {
        let sizes: [Double] = [22 * 22, 44 * 44, 120 * 44, 390 * 100, 390 * 844]
        let o = sizes.map { LiquidGlass.adaptiveOpacity(areaInPoints: $0) }
        #expect(zip(o.dropFirst(), o).allSatisfy { $0 > $1 })
        #expect(abs(LiquidGlass.adaptiveOpacity(areaInPoints: 44 * 44) - 0.10) < 1e-6)
    }

    @Test func dispersionSeparatesChannelsOnlyInTheBezel() {
        let plane = coordinatePlane(200, 120)
        var frame = plane
        let shape = RoundedRect(Rect(x: 20, y: 20, width: 160, height: 80), radius: 0, curve: .circular)
        var g = plainGlass(Lens(index: 1.5, thickness: 12, bezel: 20, profile: .convexCircle))
        g.material.dispersion = 0.1
        // Make all three channels encode x so that their sample positions can be compared.
        var ramp = plane
        for y in 0..<120 { for x in 0..<200 { let v = (Float(x) + 0.5) / 200; ramp[x, y] = SIMD4(v, v, v, 1) } }
        frame = ramp
        g.apply(plane: ramp, shape: shape, into: &frame, workers: .single)
        // Higher index bends more: blue (index + 0.05) samples further inward than red (index - 0.05).
        #expect(frame[25, 60].z > frame[25, 60].x)
        #expect(frame[100, 60].z == frame[100, 60].x)
    }
}

@Suite struct HighlightOverDotsTests {
    /// The seed's "dot opacity modulates under highlight bands": a dot seen through the band's light stands out
    /// less from the background than the same dot seen where the band is not.
    @Test func dotsLoseContrastUnderTheBand() {
        let w = 300, h = 300
        var plane = Framebuffer(width: w, height: h, color: Token.systemGroupedBackground.color(.light))
        let dot = Token.label.color(.light).opacity(0.3)
        for y in stride(from: 10, to: h, by: 20) { for x in stride(from: 10, to: w, by: 20) {
            plane.fill(Circle(center: Point(Float(x) + 0.5, Float(y) + 0.5), radius: 3), color: dot)
        } }
        var s = Specular()
        s.rimStrength = 0
        s.bandStrength = 0.5
        let light = Specular.light(pitch: 0, roll: 0)
        let g = LiquidGlass(lens: Lens(thickness: 4, bezel: 6), specular: s, light: light,
                            surface: Color(red: 1, green: 1, blue: 1, alpha: 0), blurRadius: 0)
        var frame = plane
        let shape = RoundedRect(Rect(x: 0, y: 0, width: 300, height: 300), radius: 0, curve: .circular)
        g.apply(plane: plane, shape: shape, into: &frame, workers: .single)
        // The band runs across the diagonal at `bandPosition`; compare a dot on it with one far from it.
        let u0 = Specular.bandPosition(light: light)
        func contrast(_ x: Int, _ y: Int) -> Float { frame[x + 10, y].x - frame[x, y].x }
        let along = Int((u0 * 300).rounded() / 20) * 20 + 10  // a dot center on the band's diagonal x + y = 2 u0 * 300
        let onBand = contrast(along, along)
        let offBand = contrast(10, 10)
        #expect(offBand > 0 && onBand > 0)
        #expect(onBand < offBand * 0.8, "on band \(onBand), off band \(offBand)")
    }
}
