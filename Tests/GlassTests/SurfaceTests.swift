import Testing
import Raster
@testable import Glass

/// The plane as the Dots module draws it at rest, with the dots at full label opacity so that what survives the
/// glass is large against Float rounding: systemGroupedBackground and 3 pt dots every 21 pt, at `scale`.
func dotPlane(width: Int, height: Int, scale: Float, appearance: Appearance = .light) -> Framebuffer {
    var fb = Framebuffer(width: width, height: height, color: Token.systemGroupedBackground.color(appearance))
    let pitch = 21 * scale
    for j in 0...Int(Float(height) / pitch) {
        for i in 0...Int(Float(width) / pitch) {
            fb.fill(Circle(center: Point(Float(i), Float(j)) * pitch, radius: 1.5 * scale), color: Token.label.color(appearance))
        }
    }
    return fb
}

func draw(_ surface: GlassSurface, over plane: Framebuffer, workers: Workers = .single) -> Framebuffer {
    var frame = plane
    Glass.draw(surface, plane: plane, into: &frame, workers: workers)
    return frame
}

@Suite("Glass surfaces")
struct SurfaceTests {
    let clear = Framebuffer(width: 240, height: 200)  // transparent black: glass over nothing shows its own layers

    /// Over a transparent plane, the frosted overlay and the border are exactly their tokens: the overlay is
    /// the material's token at its alpha, the border the separator token laid over it.
    @Test(arguments: Material.allCases, Appearance.allCases)
    func frostedOverlayAndBorderAreTheTokens(material: Material, appearance: Appearance) {
        let shape = PanelShape(.rect, box: Rect(x: 20, y: 20, width: 160, height: 120), cornerRadius: 16)
        let out = draw(GlassSurface(shape: shape, material: material, appearance: appearance, tier: .frosted), over: clear)
        let t = material.token, o = appearance == .light ? t.light : t.dark
        let overlay = BlendSpace.srgb.premultiply(o.token.color(appearance).withAlpha(o.token.color(appearance).alpha * o.alpha))
        let sep = BlendSpace.srgb.premultiply(Token.separator.color(appearance))
        #expect(out[100, 80] == overlay)
        #expect(out[21, 80] == overlay)                      // one pixel in: past the hairline
        #expect(out[20, 80] == sep + overlay * (1 - sep.w))  // the hairline, left edge
        #expect(out[100, 139] == sep + overlay * (1 - sep.w))  // bottom edge
        #expect(out[19, 80] == .zero && out[100, 140] == .zero)  // nothing outside, no shadow
    }

    /// Over a real plane: blur (a uniform plane stays uniform), the saturate matrix, then the overlay.
    /// Tolerance 1e-6: the blur's Double sums rounded to Float, and Float matrix arithmetic.
    @Test func frostedOverAUniformPlane() {
        let bg = Token.systemGroupedBackground.color(.light)
        let plane = Framebuffer(width: 240, height: 200, color: bg)
        let shape = PanelShape(.rect, box: Rect(x: 20, y: 20, width: 160, height: 120), cornerRadius: 16)
        let out = draw(GlassSurface(shape: shape, material: .regular, appearance: .light, scale: 1, tier: .frosted), over: plane)
        let s = 1.8
        let c = (Double(bg.red), Double(bg.green), Double(bg.blue))
        let sat = SIMD4<Float>(Float((0.213 + 0.787 * s) * c.0 + (0.715 - 0.715 * s) * c.1 + (0.072 - 0.072 * s) * c.2),
                               Float((0.213 - 0.213 * s) * c.0 + (0.715 + 0.285 * s) * c.1 + (0.072 - 0.072 * s) * c.2),
                               Float((0.213 - 0.213 * s) * c.0 + (0.715 - 0.715 * s) * c.1 + (0.072 + 0.928 * s) * c.2), 1)
        let overlay = SIMD4<Float>(0.82, 0.82, 0.82, 0.82)  // white at 0.82, premultiplied
        #expect(maxDifference(out[100, 80], overlay + sat * (1 - 0.82)) < 1e-6)
    }

    /// The web tier is the seed's CSS: background rgba(255,255,255,0.45) (0.06 dark), a 1 CSS px border of
    /// rgba(255,255,255,0.35) (2 device pixels at scale 2), and the specular gradient from 0.25 to 0 over the
    /// top half of the padding box.
    @Test(arguments: Appearance.allCases)
    func webLayersAreTheSeedCSS(appearance: Appearance) {
        let shape = PanelShape(.rect, box: Rect(x: 20, y: 20, width: 200, height: 160), cornerRadius: 24, curve: .circular)
        let out = draw(GlassSurface(shape: shape, appearance: appearance, scale: 2, tier: .web), over: clear)
        let a: Float = appearance == .light ? 0.45 : 0.06
        let bg = SIMD4<Float>(a, a, a, a)
        let border = SIMD4<Float>(0.35, 0.35, 0.35, 0.35)
        #expect(out[120, 150] == bg)   // below the gradient's end (y > 22 + 156 / 2)
        #expect(out[20, 150] == border + bg * (1 - 0.35))
        #expect(out[21, 150] == border + bg * (1 - 0.35))
        #expect(out[22, 150] == bg)
        let shine: Float = 0.25 * (1 - 0.5 / 78)  // pixel row 22: 0.5 px into a gradient that ends after 78 px
        #expect(maxDifference(out[120, 22], SIMD4(repeating: shine) + bg * (1 - shine)) < 1e-6)
    }

    /// Reduce Transparency: every pixel inside the hairline is exactly systemBackground.
    @Test(arguments: Appearance.allCases)
    func opaqueIsExactlySystemBackground(appearance: Appearance) {
        let plane = dotPlane(width: 240, height: 200, scale: 3, appearance: appearance)
        let shape = PanelShape(.capsule, box: Rect(x: 10, y: 30, width: 220, height: 120))
        let out = draw(GlassSurface(shape: shape, material: .ultraThin, tint: Color(255, 0, 0, 0.5), appearance: appearance,
                                    scale: 3, tier: .opaque), over: plane, workers: Workers(2))
        let expected = BlendSpace.srgb.premultiply(Token.systemBackground.color(appearance))
        var inside = 0
        for y in 0..<200 { for x in 0..<240 where shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5)) <= -1.5 {
            #expect(out[x, y] == expected)
            inside += 1
        } }
        #expect(inside > 20000)
    }

    /// Android before API 31: no blur, so a dot under the surface stays sharp under the overlay.
    @Test func androidLegacyDoesNotBlur() {
        let plane = dotPlane(width: 240, height: 200, scale: 3)
        let shape = PanelShape(.rect, box: Rect(x: 20, y: 20, width: 200, height: 160), cornerRadius: 20, curve: .circular)
        let out = draw(GlassSurface(shape: shape, material: .thin, scale: 3, tier: .androidLegacy), over: plane)
        let overlay = BlendSpace.srgb.premultiply(Material.thin.token.overlay(.light))
        for (x, y) in [(63, 63), (70, 63), (126, 126)] {
            #expect(out[x, y] == overlay + plane[x, y] * (1 - overlay.w))
        }
        let blurred = draw(GlassSurface(shape: shape, material: .thin, scale: 3, tier: .android), over: plane)
        #expect(blurred[63, 63] != out[63, 63])
    }

    /// For each pair of adjacent materials, the thicker one leaves less variance of the dot grid beneath it.
    @Test(arguments: Appearance.allCases)
    func thickerMaterialsHideTheGridMore(appearance: Appearance) {
        let plane = dotPlane(width: 420, height: 420, scale: 3, appearance: appearance)
        let shape = PanelShape(.rect, box: Rect(x: 40, y: 40, width: 340, height: 340), cornerRadius: 0)
        func variance(_ m: Material) -> Double {
            let out = draw(GlassSurface(shape: shape, material: m, appearance: appearance, scale: 3, tier: .frosted),
                           over: plane, workers: Workers(2))
            var sum = 0.0, sum2 = 0.0, n = 0.0
            for y in 50..<370 { for x in 50..<370 {
                let v = Double(out[x, y].x) * 0.2126 + Double(out[x, y].y) * 0.7152 + Double(out[x, y].z) * 0.0722
                sum += v; sum2 += v * v; n += 1
            } }
            return sum2 / n - (sum / n) * (sum / n)
        }
        let variances = Material.allCases.map(variance)
        let bare = { () -> Double in
            var sum = 0.0, sum2 = 0.0, n = 0.0
            for y in 50..<370 { for x in 50..<370 { let v = Double(plane[x, y].y); sum += v; sum2 += v * v; n += 1 } }
            return sum2 / n - (sum / n) * (sum / n)
        }()
        #expect(variances[0] < bare)
        for k in 1..<variances.count {
            #expect(variances[k] < variances[k - 1], "\(Material.allCases[k]) \(variances[k]) vs \(Material.allCases[k - 1]) \(variances[k - 1])")
        }
        print("grid variance under each material (\(appearance)): bare \(bare), \(variances)")
    }

    /// A surface drawn over another gives the pixels it gives alone: it reads the plane only.
    @Test func overlappingSurfacesSampleOnlyThePlane() {
        let plane = dotPlane(width: 240, height: 200, scale: 2)
        let under = GlassSurface(shape: PanelShape(.rect, box: Rect(x: 10, y: 10, width: 140, height: 120), cornerRadius: 12),
                                 material: .thick, tint: Color(0, 122, 255, 0.3), scale: 2, tier: .frosted)
        let over = GlassSurface(shape: PanelShape(.circle, box: Rect(x: 80, y: 60, width: 120, height: 120)),
                                material: .ultraThin, scale: 2, tier: .frosted)
        var both = plane
        Glass.draw(under, plane: plane, into: &both)
        Glass.draw(over, plane: plane, into: &both)
        let alone = draw(over, over: plane)
        var n = 0
        for y in 0..<200 { for x in 0..<240 where over.shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5)) <= -0.5 {
            #expect(both[x, y] == alone[x, y])
            n += 1
        } }
        #expect(n > 10000)
    }

    /// The web backdrop is the border box (nothing outside the element bleeds in, as in browsers); the native
    /// tiers read the plane around the surface too.
    @Test func webBackdropIsTheBorderBox() {
        var plane = Framebuffer(width: 200, height: 120, color: Color(red: 1, green: 1, blue: 1))
        for y in 0..<120 { for x in 0..<40 { plane[x, y] = SIMD4(0, 0, 0, 1) } }  // black just left of the panel
        let shape = PanelShape(.rect, box: Rect(x: 40, y: 20, width: 120, height: 80), cornerRadius: 0, curve: .circular)
        let web = draw(GlassSurface(shape: shape, tier: .web), over: plane)
        let frosted = draw(GlassSurface(shape: shape, material: .ultraThin, tier: .frosted), over: plane)
        let bg: Float = 0.45, inside = SIMD4<Float>(1, 1, 1, 1) * (1 - bg) + SIMD4(repeating: bg)
        #expect(maxDifference(web[42, 90], inside) < 1e-6)   // white backdrop mirrored at the box edge
        #expect(frosted[42, 90].x < frosted[150, 90].x - 0.05)  // the black beside it shows through the blur
    }

    /// Surfaces partly or wholly off the canvas draw their visible part, or nothing.
    @Test(arguments: [Tier.frosted, .web])
    func surfacesOffTheCanvas(tier: Tier) {
        let plane = dotPlane(width: 100, height: 80, scale: 1)
        let part = draw(GlassSurface(shape: PanelShape(.rect, box: Rect(x: -30, y: -10, width: 80, height: 50), cornerRadius: 8), tier: tier), over: plane)
        #expect(part[10, 10] != plane[10, 10] && part[90, 70] == plane[90, 70])
        let gone = draw(GlassSurface(shape: PanelShape(.circle, box: Rect(x: 300, y: 300, width: 40, height: 40)), tier: tier), over: plane)
        #expect(gone == plane)
    }

    /// Same bytes for any worker count, every tier.
    @Test(arguments: [Tier.frosted, .web, .android, .androidLegacy, .opaque])
    func deterministicForAnyWorkerCount(tier: Tier) {
        let plane = dotPlane(width: 240, height: 200, scale: 2)
        let s = GlassSurface(shape: PanelShape(.rect, box: Rect(x: 15.3, y: 9.7, width: 190.2, height: 150.5), cornerRadius: 30),
                             material: .regular, tint: Color(255, 45, 85, 0.3), scale: 2, tier: tier)
        let one = draw(s, over: plane)
        for n in [2, 3, 5] { #expect(draw(s, over: plane, workers: Workers(n)) == one) }
    }
}
