import Foundation
import Glass
import Raster
import Testing
@testable import SceneFormat
@testable import Compose
@testable import Output
@testable import Regression

/// The rim on the side away from the light (docs/liquid-glass.md, "Rim"): a dark liquid button over the black
/// plane, at the first tilt of `--tilt-sweep` (pitch 0.3, roll -0.6), keeps a visible edge all round.
@Suite struct UnlitRimTests {
    /// Levels (mean of the channels, 0...255) of a 64 pt circular dark liquid button over the bare dark plane at
    /// scale 2, and of the plane alone.
    static func button(profile: String) throws -> (glass: Framebuffer, plane: Framebuffer, tilt: Tilt) {
        let tilt = SceneDocument.sweepTilts(count: TierSheet.sweepPositions)[0]
        func scene(_ glass: String) -> String {
            """
            {"canvas": {"width": 120, "height": 120, "scale": 2}, "appearance": "dark", "platform": "ios26",
             "duration": 1, "fps": 10, "dither": false, "plane": {"visible": false},
             "tilt": [{"t": 0, "pitch": \(tilt.pitch), "roll": \(tilt.roll)}], "glass": [\(glass)]}
            """
        }
        func render(_ text: String) throws -> Framebuffer {
            var c = Compositor(document: try SceneDecoder().decode(text: text), workers: .single)
            return c.render(frame: 0)
        }
        let glass = try render(scene("{\"id\": \"button\", \"shape\": \"circle\", \"frame\": [28, 28, 64, 64], \"profile\": \"\(profile)\"}"))
        return (glass, try render(scene("")), tilt)
    }

    /// Along the unlit half of the edge (where the rim faces away from the light's sideways lean by more than
    /// 30 degrees), in every 5-degree sector, the brightest pixel of the bezel's outer half (fully covered) is at
    /// least 6 levels above the plane there.
    @Test(arguments: ["convexSquircle", "convexCircle", "concave", "lip"])
    func theUnlitSideKeepsAnEdge(profile: String) throws {
        let (glass, plane, tilt) = try Self.button(profile: profile)
        let l = Specular.light(pitch: tilt.pitch, roll: tilt.roll)
        let lean = (l.x * l.x + l.y * l.y).squareRoot()
        let (cx, cy, radius, bezel): (Double, Double, Double, Double) = (120, 120, 64, 32)
        var sectors = [Double](repeating: -.infinity, count: 72)
        for y in 0..<glass.height { for x in 0..<glass.width {
            let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
            let r = (dx * dx + dy * dy).squareRoot()
            guard r <= radius - 0.5, r >= radius - bezel / 2 else { continue }
            // Outward direction against the light's lean: facing < -cos 60 degrees is the unlit side.
            let facing = (dx * l.x + dy * l.y) / (r * lean)
            guard facing < -0.5 else { continue }
            func level(_ f: Framebuffer) -> Double { Double(f[x, y].x + f[x, y].y + f[x, y].z) / 3 * 255 }
            let k = Int((atan2(dy, dx) + .pi) / (2 * .pi) * 72) % 72
            sectors[k] = max(sectors[k], level(glass) - level(plane))
        } }
        let measured = sectors.filter { $0 > -.infinity }
        let weakest = measured.min()!
        print("unlit rim \(profile): the weakest of \(measured.count) unlit sectors is \(String(format: "%.1f", weakest)) levels above the plane")
        #expect(measured.count >= 20)
        #expect(weakest >= 6, "the unlit side of a dark \(profile) button is only \(weakest) levels above the black plane")
    }

    /// The edge's mirror is Fresnel's reflectance: the kernel's excess over head-on against Fresnel's equations
    /// in their angle form (Rs = sin^2(i - t) / sin^2(i + t), Rp = tan^2(i - t) / tan^2(i + t)), written here,
    /// from head-on to grazing; and 0 on the flat top.
    @Test func theMirrorIsFresnelsReflectance() {
        let n = 1.5, r0 = 0.04
        for degrees in stride(from: 1.0, through: 89.5, by: 0.5) {
            let i = degrees * .pi / 180, t = asin(sin(i) / n)
            let rs = pow(sin(i - t), 2) / pow(sin(i + t), 2), rp = pow(tan(i - t), 2) / pow(tan(i + t), 2)
            let expected = ((rs + rp) / 2 - r0) / (1 - r0)
            let got = Specular.excessReflectance(sine: sin(i))
            #expect(abs(got - expected) < 1e-12, "at \(degrees) degrees: \(got) against \(expected)")
        }
        #expect(Specular.excessReflectance(sine: 0) == 0)
        // Near grazing the edge mirrors most of the surroundings; head-on, nothing beyond the veil.
        #expect(Specular.excessReflectance(sine: sin(85 * Double.pi / 180)) > 0.4)
    }
}
