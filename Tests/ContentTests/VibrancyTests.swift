import Testing
import Raster
@testable import Content

/// Vibrancy measured on rendered pixels, and the contrast measures against published reference values.
@Suite struct VibrancyTests {
    /// The foreground alpha of each material over its blur (the published design-kit values the Glass issue
    /// cites: about 0.44, 0.70, 0.82 and 0.97 from ultraThin to thick; chrome taken between thin and regular).
    static let overlayAlpha: [Material: Float] = [.ultraThin: 0.44, .thin: 0.70, .chrome: 0.75, .regular: 0.82, .thick: 0.97]

    /// A stand-in for a frosted material: a colored, dotted backdrop (blue-green gradient, dark dots) under the
    /// material's overlay color (white in light, near-black in dark) at its alpha. Glass renders the real thing;
    /// this has the same kind of pixels.
    static func material(_ m: Material, _ appearance: Appearance, width: Int = 240, height: Int = 80) -> Framebuffer {
        var fb = Framebuffer(width: width, height: height, color: Token.systemGroupedBackground.color(appearance))
        for y in 0..<height {
            for x in 0..<width {
                let t = Float(x) / Float(width)
                var c = Color(red: 0.2, green: 0.4 + 0.4 * t, blue: 0.9 - 0.3 * t)
                if x % 12 < 3 && y % 12 < 3 { c = appearance == .light ? Color(red: 0.1, green: 0.1, blue: 0.1) : Color(red: 0.9, green: 0.9, blue: 0.9) }
                fb[x, y] = fb.space.premultiply(c)
            }
        }
        let overlay = (appearance == .light ? Color(red: 1, green: 1, blue: 1) : Color(red: 0.11, green: 0.11, blue: 0.12))
            .withAlpha(overlayAlpha[m]!)
        let o = fb.space.premultiply(overlay)
        fb.withUnsafeMutablePixels { px in for i in px.indices { px[i] = sourceOver(px[i], o) } }
        return fb
    }

    static func textMask() throws -> CoverageMask {
        let r = try FontLibrary.resolve(FontRequest(family: "DejaVu Sans", weight: 700))
        let layout = TextLayout("Legible", face: try Face.shared(r), style: TextStyle(size: 40), scale: 1)
        return layout.mask(at: Point(20, 15))
    }

    static func contrast(_ level: VibrancyLevel, _ m: Material, _ a: Appearance, mask: CoverageMask) -> ContrastSample {
        let before = material(m, a)
        let paint = Paint.vibrant(Vibrancy(level: level, material: m, appearance: a))
        return ContrastSample.measure(mask, before: before, ink: { paint.ink(over: $0, space: before.space) })!
    }

    static let cases: [(Material, Appearance)] = Material.allCases.flatMap { m in Appearance.allCases.map { (m, $0) } }

    @Test(arguments: cases)
    func labelLevelsKeepTheirOrderOnEveryMaterial(material: Material, appearance: Appearance) throws {
        let mask = try Self.textMask()
        let levels: [VibrancyLevel] = [.label, .secondaryLabel, .tertiaryLabel, .quaternaryLabel]
        let c = levels.map { Self.contrast($0, material, appearance, mask: mask) }
        for i in 1..<c.count {
            #expect(c[i - 1].wcag > c[i].wcag, "\(levels[i - 1]) \(c[i - 1].wcag) vs \(levels[i]) \(c[i].wcag)")
            #expect(c[i - 1].apca > c[i].apca, "\(levels[i - 1]) \(c[i - 1].apca) vs \(levels[i]) \(c[i].apca)")
        }
    }

    @Test(arguments: cases)
    func fillLevelsKeepTheirOrder(material: Material, appearance: Appearance) {
        let mask = CoverageMask(shape: RoundedRect(Rect(x: 20, y: 10, width: 200, height: 60), radius: 12), canvasWidth: 240, canvasHeight: 80)
        let c = [VibrancyLevel.fill, .secondaryFill, .tertiaryFill].map { Self.contrast($0, material, appearance, mask: mask).wcag }
        #expect(c[0] > c[1] && c[1] > c[2], "\(c)")
    }

    /// Vibrancy pulls color forward: a label over a blue backdrop comes out bluer than over a neutral one.
    @Test func vibrancyPullsColorFromBehind() {
        let v = Vibrancy(level: .secondaryLabel, material: .thin, appearance: .dark)
        let blue = v.color(over: Color(red: 0.1, green: 0.2, blue: 0.9))
        let gray = v.color(over: Color(red: 0.4, green: 0.4, blue: 0.4))
        #expect(blue.blue - blue.red > gray.blue - gray.red + 0.05)
        // Without a material it is the flat token color.
        let flat = Vibrancy(level: .secondaryLabel, material: nil, appearance: .dark).color(over: Color(red: 0, green: 0, blue: 1))
        #expect(flat == Token.secondaryLabel.color(.dark))
    }

    /// The optimized compositing loop against a plain per-pixel reference, and for 1 and 2 workers.
    @Test func applyMatchesTheScalarReference() throws {
        let mask = try Self.textMask()
        let before = Self.material(.regular, .light)
        let paint = Paint.vibrant(Vibrancy(level: .secondaryLabel, material: .regular, appearance: .light))
        var one = before, two = before
        paint.apply(mask, to: &one, workers: .single)
        paint.apply(mask, to: &two, workers: Workers(2))
        #expect(one == two)
        var reference = before
        for y in 0..<mask.height {
            for x in 0..<mask.width where mask[x, y] > 0 {
                let fx = mask.originX + x, fy = mask.originY + y
                let dst = reference[fx, fy]
                let c = paint.color(over: reference.space.color(dst))
                reference[fx, fy] = sourceOver(dst, reference.space.premultiply(c) * mask[x, y])
            }
        }
        #expect(reference == one)
    }

    @Test func hairlinesStayOneDevicePixel() {
        for scale: Float in [1, 2, 2.5, 3] {
            let m = Hairline(start: Point(10.3, 20.7), length: 50, axis: .horizontal).mask(scale: scale, canvasWidth: 400, canvasHeight: 200)
            #expect(m.height == 1)
            #expect(abs(m.area - Double(50 * scale)) < 1e-3)
            let v = Hairline(start: Point(10.3, 20.7), length: 30, axis: .vertical).mask(scale: scale, canvasWidth: 400, canvasHeight: 200)
            #expect(v.width == 1 && abs(v.area - Double(30 * scale)) < 1e-3)
        }
    }

    /// Reference values: WCAG 2 (black on white is 21:1) and the APCA-W3 0.0.98G README examples
    /// (#888 on #fff: Lc 63.06; #fff on #888: Lc -68.54; black on white about 106.04; white on black -107.88).
    @Test func contrastMeasuresMatchPublishedValues() {
        let white = Color(255, 255, 255), black = Color(0, 0, 0), gray = Color(0x88, 0x88, 0x88)
        #expect(abs(Contrast.wcag(black, white) - 21) < 1e-3)
        #expect(abs(Contrast.wcag(white, white) - 1) < 1e-6)
        #expect(abs(Contrast.apca(text: gray, background: white) - 63.06) < 0.05)
        #expect(abs(Contrast.apca(text: white, background: gray) + 68.54) < 0.05)
        #expect(abs(Contrast.apca(text: black, background: white) - 106.04) < 0.05)
        #expect(abs(Contrast.apca(text: white, background: black) + 107.88) < 0.05)
    }

    @Test func thresholdsFollowSize() {
        #expect(LegibilityThreshold.text(size: 17, weight: 400) == LegibilityThreshold(wcag: 4.5, apca: 75))
        #expect(LegibilityThreshold.text(size: 20, weight: 700) == LegibilityThreshold(wcag: 3, apca: 60))
        #expect(LegibilityThreshold.text(size: 40, weight: 400) == LegibilityThreshold(wcag: 3, apca: 45))
    }
}
