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
        s.mirror = 0
        s.bandStrength = 0
        return LiquidGlass(lens: lens, specular: s, light: Specular.light(pitch: 0, roll: 0),
                           veil: .none, blur: Tent(radius: 0))
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
                            veil: .init(gain: 0.9, saturation: 1.4, offset: 0.1), tint: Token.systemBlue.color(.light).withAlpha(0.3))
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
            s.mirror = 0
            let g = LiquidGlass(lens: Lens(thickness: 8, bezel: 12), specular: s,
                                light: Specular.light(pitch: 0, roll: -0.4 + Double(i) * 0.1),
                                veil: .none, blur: Tent(radius: 0))
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

    /// The measured veils (docs/liquid-glass.md): `clear` lifts what lies behind, `regular` passes about a third
    /// of it (dark) or a seventh (light), more saturated; each within 0...1.
    @Test func theVeilsAreTheMeasuredTransfers() {
        let shape = RoundedRect(Rect(x: 0, y: 0, width: 40, height: 40), radius: 0, curve: .circular)
        for (variant, light, gain, offset) in [(GlassDefaults.Liquid.Variant.clear, false, 1.029, 16.0), (.clear, true, 1.041, 18.8),
                                                (.regular, false, 0.311, 11.0), (.regular, true, 0.139, 214.0)] {
            let g = LiquidGlass(lens: Lens(thickness: 0, bezel: 0), specular: { var s = Specular(); s.bandStrength = 0; return s }(),
                                light: Specular.light(pitch: 0, roll: 0), veil: GlassDefaults.Liquid.veil(variant, light: light),
                                blur: Tent(radius: 0))
            for level in [0.0, 50, 120, 200] {
                let plane = Framebuffer(width: 40, height: 40, color: Color(red: Float(level / 255), green: Float(level / 255), blue: Float(level / 255)))
                var frame = plane
                g.apply(plane: plane, shape: shape, into: &frame, workers: .single)
                let expected = min(255, gain * level + offset)
                #expect(abs(Double(frame[20, 20].x) * 255 - expected) < 0.01, "\(variant) \(light) at \(level)")
            }
        }
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
        s.mirror = 0
        s.bandStrength = 0.5
        let light = Specular.light(pitch: 0, roll: 0)
        let g = LiquidGlass(lens: Lens(thickness: 4, bezel: 6), specular: s, light: light,
                            veil: .none, blur: Tent(radius: 0))
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
