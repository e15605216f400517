import ChildProcess
import Foundation
import Raster
import Testing
@testable import Compose
@testable import SceneFormat
import Output

/// Liquid Glass over a transparent canvas (difference matting, `LiquidMatte`) against
/// scripts/glass-oracles/pillow_transparent.py (`TransparentOutputTests.oracle`). scenes/transparent-glass.json at scale 1, frame 20, without dither
/// (`TransparentOutputTests.render`): its Liquid Glass bar (12, 56, 366 x 60 pt, radius 30) with a label, over a
/// transparent plane of dots.
/// - Pillow's `alpha_composite` of the transparent PNG over a mid grey and a saturated green equals forkrender's
///   own frame with `--background` set to that colour inside the bar (every pixel whose centre lies in the
///   capsule), within `bounds` (mean and largest CIEDE2000, mean 8-bit levels; measured: grey 0.27, 1.42, 0.48;
///   green 5.90, 7.18, 8.4). Over grey the matte is nearly exact (the halo and clamps are not linear in the
///   plane, 8-bit straight alpha quantizes). Over green it cannot be: the veil saturates what the glass shows
///   about its luma and clamps it to 0...1, which turns a green behind the glass greener than any composite
///   K + (1 - alpha) B can (one alpha scales B, a saturation is a matrix on it); black and white, which the matte
///   sees, carry no chroma. Breaking the matte (alpha 1) puts both far outside. Both colours keep the bar styled
///   light, as the transparent render styles it (over the light appearance's background), so the styling is not
///   part of the difference.
/// - The bar is no longer opaque: over its interior (the capsule 8 px in, outside its label) where the plane is
///   empty, alpha < 250.
@Suite("Transparent Liquid Glass against Pillow", .serialized)
struct TransparentMatteTests {
    static let colors = [[140, 140, 140], [40, 200, 60]]
    /// Per colour: the largest mean CIEDE2000, largest CIEDE2000 and mean 8-bit level difference allowed.
    static let bounds: [(mean: Double, max: Double, levels: Double)] = [(0.5, 2, 1), (6.5, 8, 9.5)]

    /// Whether pixel (x, y)'s centre lies in the bar's capsule shrunk by `inset` pixels.
    static func inBar(_ x: Int, _ y: Int, inset: Float) -> Bool {
        let (px, py) = (Float(x) + 0.5, Float(y) + 0.5)
        let r: Float = 30 - inset
        let cx = min(max(px, 12 + 30), 378 - 30), cy: Float = 86
        let (dx, dy) = (px - cx, py - cy)
        return dx * dx + dy * dy <= r * r
    }

    /// Inside the bar, Pillow's composite (`composite`, 8-bit RGB) against forkrender's own frame over the same
    /// colour (`own`, 8-bit RGBA): the mean, 95th percentile and largest CIEDE2000, and the mean differences of
    /// CIELAB lightness and chroma, composite minus own.
    static func measure(composite url: URL, own: [UInt8], width w: Int, height h: Int) throws
        -> (mean: Double, p95: Double, worst: Double, lightness: Double, chroma: Double, pixels: Int) {
        let composite = try Data(contentsOf: url)
        var e: [Double] = [], dl = 0.0, dc = 0.0
        for y in 0..<h { for x in 0..<w where inBar(x, y, inset: 0) {
            let (p, q) = (3 * (y * w + x), 4 * (y * w + x))
            let a = CIEDE2000.lab(rgb: (composite[p], composite[p + 1], composite[p + 2]))
            let b = CIEDE2000.lab(rgb: (own[q], own[q + 1], own[q + 2]))
            e.append(CIEDE2000.difference(a, b))
            dl += a.l - b.l
            dc += (a.a * a.a + a.b * a.b).squareRoot() - (b.a * b.a + b.b * b.b).squareRoot()
        } }
        let n = Double(max(e.count, 1)), sorted = e.sorted()
        return (e.reduce(0, +) / n, sorted.isEmpty ? 0 : sorted[Int(0.95 * Double(sorted.count - 1))], sorted.last ?? 0,
                dl / n, dc / n, e.count)
    }

    /// Backgrounds from grey to saturated, each light enough (Rec. 709 luma 0.54-0.79) for the opaque render to
    /// style the bar light, as the transparent one is: a mid grey, a muted green, the saturated green, a light red,
    /// a light blue, a yellow; and a dark red (luma 0.34), over which the opaque render styles it dark.
    static let ramp = [[140, 140, 140], [110, 150, 110], [40, 200, 60], [250, 110, 110], [90, 170, 250], [230, 210, 30],
                       [220, 50, 50]]

    /// What one alpha cannot carry: the opaque render's glass saturates the colour behind it (the light veil's
    /// 4.27 about its luma, clamped to 0...1), and the matte's composite only scales it, so over a coloured
    /// background the matted bar shows less chroma than the opaque one, at nearly the same lightness; over grey,
    /// nothing. Over a background darker than the styling threshold the opaque render is styled dark, the
    /// transparent one light (over the appearance's background): the composite is far lighter.
    @Test("over a saturated colour the matted bar is paler than the opaque render", .enabled(if: TransparentOutputTests.python != nil,
          "matte oracle skipped: no python3 imports numpy and PIL: run scripts/setup.sh --dev"))
    func overASaturatedColourTheMatteLosesChroma() throws {
        let python = try #require(TransparentOutputTests.python)
        let transparent = try TransparentOutputTests.render(background: nil).frame
        let (w, h) = (transparent.width, transparent.height)
        var mask = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h { for x in 0..<w where Self.inBar(x, y, inset: 0) { mask[4 * (y * w + x)..<4 * (y * w + x) + 4] = [255, 255, 255, 255] } }
        let (_, d, own) = try TransparentOutputTests.oracle("ramp", transparent: transparent, colors: Self.ramp, mask: mask, python: python)
        for (i, c) in Self.ramp.enumerated() {
            let m = try Self.measure(composite: d.appendingPathComponent("composite-\(i).rgb"), own: own[i], width: w, height: h)
            let lab = CIEDE2000.lab(rgb: (UInt8(c[0]), UInt8(c[1]), UInt8(c[2])))
            let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
            print("matte over \(c) (chroma \(chroma)): ΔE00 mean \(m.mean), p95 \(m.p95), max \(m.worst); ΔL* \(m.lightness), ΔC* \(m.chroma)")
            if chroma < 1 {
                #expect(m.mean <= 0.5, "over grey \(c): mean ΔE00 \(m.mean)")
            } else if i == Self.ramp.count - 1 {
                #expect(m.lightness > 30, "over the dark \(c), styled dark when opaque: ΔL* \(m.lightness)")
            } else {
                #expect(m.chroma < 0 && -m.chroma > abs(m.lightness), "over \(c): ΔC* \(m.chroma), ΔL* \(m.lightness)")
            }
        }
    }

    @Test("the matted bar over a colour is the frame over that colour, and it is not opaque", .enabled(if: TransparentOutputTests.python != nil,
          "matte oracle skipped: no python3 imports numpy and PIL: run scripts/setup.sh --dev"))
    func mattedGlassMatchesTheOpaqueFrames() throws {
        let python = try #require(TransparentOutputTests.python)
        let (transparent, covered, plane) = try TransparentOutputTests.render(background: nil)
        let (w, h) = (transparent.width, transparent.height)
        var mask = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h { for x in 0..<w where Self.inBar(x, y, inset: 0) { mask[4 * (y * w + x)..<4 * (y * w + x) + 4] = [255, 255, 255, 255] } }
        let (r, d, own) = try TransparentOutputTests.oracle("bar", transparent: transparent, colors: Self.colors, mask: mask, python: python)
        let levels = try #require(r["levels"] as? [[String: Any]])
        for (i, c) in Self.colors.enumerated() {
            let m = try Self.measure(composite: d.appendingPathComponent("composite-\(i).rgb"), own: own[i], width: w, height: h)
            let meanLevels = try #require(levels[i]["mean"] as? Double)
            print("matte over \(c): mean ΔE00 \(m.mean), max \(m.worst) over \(m.pixels) px; levels \(levels[i])")
            let b = Self.bounds[i]
            #expect(m.mean <= b.mean && m.worst <= b.max, "over \(c): mean ΔE00 \(m.mean), max \(m.worst)")
            #expect(meanLevels <= b.levels, "over \(c): mean \(meanLevels) levels")
        }
        // The label's box: the covered rectangles inside the bar's, 2 px wider (its ink is opaque).
        let label = covered.filter { $0.x > 12 && $0.maxX < 378 && $0.y >= 56 && $0.maxY <= 116 }.map { $0.expanded(by: 2) }
        #expect(!label.isEmpty, "the label's box among \(covered)")
        var interior = 0, opaque = 0, largest: Float = 0
        for y in 0..<h { for x in 0..<w where Self.inBar(x, y, inset: 8) && plane[x, y].w == 0
                && !label.contains(where: { $0.contains(x: x, y: y) }) {
            interior += 1
            largest = max(largest, transparent[x, y].w * 255)
            if transparent[x, y].w * 255 >= 250 { opaque += 1 }
        } }
        print("matte: bar interior over an empty plane: \(interior) px, largest alpha \(largest) levels")
        #expect(interior > 1000 && opaque == 0, "\(opaque) of \(interior) empty interior pixels have alpha >= 250 (largest \(largest))")
    }
}
