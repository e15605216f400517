import Foundation
import Testing
import Raster
import Glass

/// Not a regular test: the harness of the browser comparison in docs/glass.md. With GLASS_WEB_COMPARE set to a
/// folder holding `backdrop.rgba` (390 x 300, 8-bit straight sRGB RGBA), it draws the web tier over that
/// backdrop (panel [40, 50, 300, 180], radius 24, scale 1, light) and writes `forkrender.rgba` beside it.
@Test(.enabled(if: ProcessInfo.processInfo.environment["GLASS_WEB_COMPARE"] != nil))
func webTierForBrowserComparison() throws {
    let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["GLASS_WEB_COMPARE"]!)
    let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("backdrop.rgba")))
    let (w, h) = (390, 300)
    try #require(bytes.count == w * h * 4)
    var plane = Framebuffer(width: w, height: h)
    for y in 0..<h { for x in 0..<w {
        let i = (y * w + x) * 4
        plane[x, y] = BlendSpace.srgb.premultiply(Color(Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]), Float(bytes[i + 3]) / 255))
    } }
    var frame = plane
    let shape = PanelShape(.rect, box: Rect(x: 40, y: 50, width: 300, height: 180), cornerRadius: 24, curve: .circular)
    Glass.draw(GlassSurface(shape: shape, appearance: .light, scale: 1, tier: .web), plane: plane, into: &frame)
    var out = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h { for x in 0..<w {
        let c = frame.color(atX: x, y: y)
        for (k, v) in [c.red, c.green, c.blue, c.alpha].enumerated() {
            out[(y * w + x) * 4 + k] = UInt8(max(0, min(255, (v * 255).rounded())))
        }
    } }
    try Data(out).write(to: folder.appendingPathComponent("forkrender.rgba"))
}
