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

    /// The lit side changes only as the doc says: where 2 n_xy . l_xy >= rimAmbient |n_xy| the rim is exactly
    /// the directional term, elsewhere it is the ambient floor (within 1e-15), over normals of every direction and steepness
    /// and the sweep's five tilts.
    @Test func theLitSideChangesOnlyNearSideOn() {
        let specular = Specular()
        for t in SceneDocument.sweepTilts(count: TierSheet.sweepPositions) {
            let l = Specular.light(pitch: t.pitch, roll: t.roll)
            for a in stride(from: 0.0, to: 2 * .pi, by: 0.01) {
                for s in [0.05, 0.3, 1, 4, 50] as [Double] {
                    let len = (s * s + 1).squareRoot()
                    let n = SIMD3(cos(a) * s / len, sin(a) * s / len, 1 / len)
                    let facing = n.x * l.x + n.y * l.y, steep = s / len
                    let directional = specular.rimStrength * min(1, 2 * max(0, facing))
                    let rim = specular.rim(normal: n, light: l)
                    if 2 * facing >= specular.rimAmbient * steep {
                        #expect(rim == directional, "lit side moved at angle \(a), slope \(s)")
                    } else {
                        // |n_xy| from the normal's components: equal to the last bits.
                        #expect(abs(rim - specular.rimStrength * specular.rimAmbient * steep) < 1e-15)
                    }
                }
            }
        }
    }
}
