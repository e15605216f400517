import Testing
import Raster
@testable import Glass

/// `Frost.apply(within:)` (the clipped apply the compositor's reuse of unchanged panels calls) against the whole
/// apply, and `Frost.readPixels` / `reach` against what the drawing really reads. Over planes of hard-edged,
/// saturated squares on black and white (every blur sample differs from its neighbours, so a sample taken from
/// a shifted grid, a missed row or a mirrored read on the wrong side shows), for every tier, with and without
/// the halo, panels at fractional positions and clipped by the plane's edge.
/// Seen failing: the blur prepared on a grid of the clip's rows instead of the region's (a sub-region's own grid)
/// moved pixels inside clips on every blurred tier; a reach of `factor x (taps - 1)`, short of what the grid
/// reads, let a change beyond it show on the Android tier (the web tier's box and the frosted halo's wider reach
/// hide that one).
@Suite struct FrostClipTests {
    /// SplitMix64: the same numbers on every machine.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func unit() -> Float { Float(next() >> 40) / Float(1 << 24) }
    }

    static func plane(_ rng: inout Random, width: Int = 300, height: Int = 260) -> Framebuffer {
        let white = rng.below(2) == 0
        var fb = Framebuffer(width: width, height: height, color: white ? Color(255, 255, 255) : Color(0, 0, 0))
        let palette: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(0, 0, 1, 1), SIMD4(1, 1, 0, 1),
                                       SIMD4(0, 0, 0, 1), SIMD4(1, 1, 1, 1)]
        for _ in 0..<160 {
            let s = 2 + rng.below(14), x0 = rng.below(width), y0 = rng.below(height), c = palette[rng.below(palette.count)]
            for y in y0..<min(height, y0 + s) { for x in x0..<min(width, x0 + s) { fb[x, y] = c } }
        }
        return fb
    }

    static let shapes: [PanelShape] = [
        PanelShape(.rect, box: Rect(x: 20.3, y: 30.7, width: 230.5, height: 140.2), cornerRadius: 24, curve: .continuous),
        PanelShape(.rect, box: Rect(x: -30, y: 170, width: 200, height: 100), cornerRadius: 12, curve: .circular),
        PanelShape(.rect, box: Rect(x: 0, y: 0, width: 300, height: 41), cornerRadius: 0, curve: .continuous),
        PanelShape(.circle, box: Rect(x: 190.4, y: 90.6, width: 90, height: 90), cornerRadius: 45),
    ]

    static func surface(_ shape: PanelShape, tier: Tier, halo: GlowHalo?, scale: Float) -> GlassSurface {
        var s = GlassSurface(shape: shape, material: .ultraThin, tint: Color(red: 1, green: 0, blue: 0.5, alpha: 0.2),
                             appearance: .light, scale: scale, tier: tier)
        s.halo = halo
        return s
    }

    /// Clips anywhere (inside, across and beyond the drawn region, single rows and columns, empty): inside the
    /// clip the whole apply's bits, outside it the frame as it was.
    @Test(arguments: [Tier.frosted, .web, .android, .opaque])
    func clippedIsTheWholeApplyInsideTheClip(tier: Tier) {
        var rng = Random(state: 25)
        for (n, shape) in Self.shapes.enumerated() {
            let plane = Self.plane(&rng)
            let halo = n % 2 == 0 ? GlowHalo(plane: plane, scale: 1) : nil
            // Scale 3 gives the web tier sigma 60 (factor 16), the frosted tiers sigma 18-90.
            let surface = Self.surface(shape, tier: tier, halo: halo, scale: n < 2 ? 3 : 1)
            let frost = tier.effect(for: surface)
            let before = Self.plane(&rng)
            var whole = before
            frost.apply(surface, plane: plane, into: &whole, workers: Workers(2))
            for _ in 0..<8 {
                let x = rng.below(340) - 20, y = rng.below(300) - 20
                let clip = PixelRect(x: x, y: y, width: rng.below(4) == 0 ? 1 : rng.below(200),
                                     height: rng.below(4) == 0 ? 1 : rng.below(120))
                var part = before
                frost.apply(surface, plane: plane, into: &part, workers: Workers(rng.below(3) + 1), within: clip)
                var wrongInside = 0, touchedOutside = 0
                for py in 0..<plane.height { for px in 0..<plane.width {
                    if clip.contains(x: px, y: py) {
                        if part[px, py] != whole[px, py] { wrongInside += 1 }
                    } else if part[px, py] != before[px, py] { touchedOutside += 1 }
                } }
                #expect(wrongInside == 0 && touchedOutside == 0,
                        "\(tier) \(shape.box) clip \(clip): \(wrongInside) differ inside, \(touchedOutside) touched outside")
            }
        }
    }

    /// A change of the plane outside `readPixels`, or farther than `reach` from a clip's rows, changes nothing
    /// drawn there; the plane (and the halo, recomputed from it as the compositor does) is changed by a square of
    /// inverted color. A change just inside the reach must show somewhere, or the check could not fail.
    @Test(arguments: [Tier.frosted, .web, .android])
    func readPixelsAndReachBoundWhatTheDrawingReads(tier: Tier) {
        var rng = Random(state: 7)
        let canvas = PixelRect(x: 0, y: 0, width: 300, height: 400)
        for shape in [PanelShape(.rect, box: Rect(x: 30.5, y: 150.2, width: 200, height: 60), cornerRadius: 16, curve: .continuous),
                      PanelShape(.rect, box: Rect(x: 0, y: 0, width: 300, height: 30), cornerRadius: 0, curve: .continuous)] {
            let plane = Self.plane(&rng, width: canvas.width, height: canvas.height)
            func draw(_ plane: Framebuffer, clip: PixelRect) -> Framebuffer {
                let halo = tier == .frosted ? GlowHalo(plane: plane, scale: 1) : nil
                let surface = Self.surface(shape, tier: tier, halo: halo, scale: 1)
                var frame = Framebuffer(width: canvas.width, height: canvas.height, color: Color(128, 128, 128))
                tier.effect(for: surface).apply(surface, plane: plane, into: &frame, workers: Workers(2), within: clip)
                return frame
            }
            let halo = tier == .frosted ? GlowHalo(plane: plane, scale: 1) : nil
            let surface = Self.surface(shape, tier: tier, halo: halo, scale: 1)
            let frost = tier.effect(for: surface)
            let read = frost.readPixels(surface, canvas: canvas), reach = frost.reach(surface)
            let drawn = frost.drawnPixels(surface, canvas: canvas)
            #expect(read.contains(drawn))
            let reference = draw(plane, clip: canvas)
            /// The plane with a 6 x 6 square at (x, y) inverted.
            func changed(_ x: Int, _ y: Int) -> Framebuffer {
                var p = plane
                let square = PixelRect(x: x, y: y, width: 6, height: 6).intersection(canvas)
                guard square.width > 0 && square.height > 0 else { return p }
                for py in square.rows { for px in square.columns {
                    let v = p[px, py]
                    p[px, py] = SIMD4(1 - v.x, 1 - v.y, 1 - v.z, 1)
                } }
                return p
            }
            // Outside what is read: just beyond each side of `read`, where the canvas goes on.
            for (x, y) in [(read.x - 6, drawn.y + 10), (read.maxX, drawn.y + 10), (drawn.x + 10, read.y - 6), (drawn.x + 10, read.maxY)]
                where changed(x, y) != plane {
                #expect(draw(changed(x, y), clip: canvas) == reference, "\(tier) change at \(x),\(y) outside \(read)")
            }
            // A band of two rows in the middle of the drawing, and changes just beyond its reach and just inside.
            let band = PixelRect(x: drawn.x, y: drawn.y + drawn.height / 2, width: drawn.width, height: 2)
            let bandReference = draw(plane, clip: band)
            var seen = false
            for (dy, inside) in [(band.maxY + reach, false), (band.y - reach - 6, false), (band.maxY + reach / 3, true),
                                 (band.y - reach / 3 - 6, true)] {
                let after = draw(changed(drawn.x + drawn.width / 2, dy), clip: band)
                if inside { seen = seen || after != bandReference } else {
                    #expect(after == bandReference, "\(tier) change at row \(dy) beyond the reach \(reach) of \(band)")
                }
            }
            // Inside the reach the change must be read, where the blur or halo reads it: on the plane's backdrop.
            if frost.backdrop == .plane { #expect(seen, "\(tier): a change inside the reach of \(band) changed nothing") }
        }
    }
}
