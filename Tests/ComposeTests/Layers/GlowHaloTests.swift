import Testing
import Raster
import Glass
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Ambient color bleeds through glass: a bloom of pink dots under a panel tints it, and fades with the bloom.
@Suite struct GlowHaloTests {
    /// The scene: a 160 x 120 pt panel of `material` over a pink bloom fired at its center at t = 0 (or none).
    func scene(platform: String, material: String, bloom: Bool) -> String {
        let events = bloom ? #", "events": [{"type": "effect", "effect": "bloom", "at": [150, 150], "t": 0, "tint": {"token": "systemPink", "opacity": 0.3}}]"# : ""
        return #"{"canvas": {"width": 300, "height": 300, "scale": 2}, "appearance": "light", "platform": ""# + platform
            + #"", "duration": 8, "fps": 10, "seed": 1, "plane": {"ambient": {"enabled": false}}, "glass": [{"frame": [70, 90, 160, 120], "radius": 24, "material": ""#
            + material + #""}]"# + events + "}"
    }

    /// Mean color of the panel's interior (inset 20 pt), 8-bit levels, at a frame.
    func meanColor(_ text: String, frame: Int) throws -> SIMD3<Float> {
        var doc = try SceneDecoder().decode(text: text)
        doc.dither = false
        var c = Compositor(document: doc, workers: Workers(2))
        let f = c.render(frame: frame)
        var sum = SIMD3<Float>(0, 0, 0)
        var n: Float = 0
        for y in 220..<380 { for x in 180..<420 { sum += SIMD3(f[x, y].x, f[x, y].y, f[x, y].z); n += 1 } }
        return sum / n * 255
    }

    /// How far the bloom moves the panel's mean color in the bloom's hue: the difference projected on the
    /// pink's chroma direction (pink minus its gray), in levels.
    func tintInBloomHue(platform: String, material: String, frame: Int) throws -> Float {
        let pink = Token.systemPink.color(.light)
        var dir = SIMD3(pink.red, pink.green, pink.blue)
        dir -= (dir.x + dir.y + dir.z) / 3
        dir /= (dir * dir).sum().squareRoot()
        let with = try meanColor(scene(platform: platform, material: material, bloom: true), frame: frame)
        let without = try meanColor(scene(platform: platform, material: material, bloom: false), frame: frame)
        return ((with - without) * dir).sum()
    }

    @Test(arguments: [("ios18", "ultraThin"), ("ios26", "ultraThin")])
    func aBloomTintsThePanelAndFadesWithIt(platform: String, material: String) throws {
        let early = try tintInBloomHue(platform: platform, material: material, frame: 10)
        let late = try tintInBloomHue(platform: platform, material: material, frame: 70)
        print("glow halo \(platform) \(material): \(early) levels at 1 s, \(late) at 7 s")
        // Liquid Glass passes what lies behind by its veil's gain (light regular: 0.139, as measured), the halo's
        // light too; the frosted ultraThin material passes 0.56.
        #expect(early >= (platform == "ios26" ? 1 : 4), "the bloom tints the panel by \(early) levels in its hue")
        #expect(late < early / 2, "the tint fades with the bloom: \(late) at 7 s")
    }
}
