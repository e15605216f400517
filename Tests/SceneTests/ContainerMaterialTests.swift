import Testing
import Raster
import Glass
@testable import Scene

/// Each member of a GlassEffectContainer keeps its own material; where members merge, it blends across the neck.
@Suite struct ContainerMaterialTests {
    func render(_ panels: String, spacing: Float = 20) throws -> Framebuffer {
        let text = #"{"canvas": {"width": 240, "height": 120, "scale": 1}, "platform": "ios26", "duration": 1, "fps": 10, "containers": {"c": {"spacing": "# + "\(spacing)" + #"}}, "glass": ["# + panels + "]}"
        var c = Compositor(document: try SceneDecoder().decode(text: text), workers: Workers(2))
        return c.render(frame: 0)
    }

    let plain = #"{"id": "a", "frame": [20, 30, 70, 60], "radius": 24}"#
    let plainInContainer = #"{"id": "a", "container": "c", "frame": [20, 30, 70, 60], "radius": 24}"#
    /// A neighbour of another make: blue tint, the clear variant, a circular profile, a stronger index, a
    /// different size (so a different adaptive wash).
    func other(x: Int) -> String {
        #"{"id": "b", "container": "c", "frame": ["# + "\(x)" + #", 20, 90, 80], "radius": 30, "tint": "systemBlue", "tintOpacity": 0.5, "variant": "clear", "profile": "convexCircle", "index": 1.8}"#
    }

    /// Two frames agree to 1e-5 per channel (1/400 of an 8-bit level): the light blur's running sums start at
    /// the edge of the window the joined shape reads, so a larger window rounds them differently in the last bit.
    func same(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Bool { ((a - b) * (a - b)).max() < 1e-10 }

    /// Far apart (gap 50 pt, spacing 20): the untinted member's pixels equal the same panel drawn alone. The old compositor gave it the first tint found, the lead's lens and variant and the summed area's
    /// wash (blue over every pixel of it).
    @Test func aMemberFarFromTheOthersLooksAsItDoesAlone() throws {
        let alone = try render(plain)
        let both = try render(plainInContainer + ", " + other(x: 140))
        var differing = 0
        for y in 0..<120 { for x in 0..<110 where !same(alone[x, y], both[x, y]) { differing += 1 } }
        #expect(differing == 0, "\(differing) pixels of the untinted panel changed by its tinted neighbour")
        let bOnly = try render(other(x: 140))
        var bDiffering = 0
        for y in 0..<120 { for x in 110..<240 where !same(bOnly[x, y], both[x, y]) { bDiffering += 1 } }
        #expect(bDiffering == 0, "the tinted panel changed by its untinted neighbour")
    }

    /// Merged (overlapping by 10 pt), the far side of each member, where the other is more than the spacing
    /// farther, keeps its own material exactly; the neck between them is blue-ish in between.
    @Test func mergedMembersKeepTheirOwnMaterialAwayFromTheNeck() throws {
        let alone = try render(plain), merged = try render(plainInContainer + ", " + other(x: 80))
        for (x, y) in [(32, 60), (40, 45), (45, 75)] { #expect(same(alone[x, y], merged[x, y]), "(\(x), \(y))") }
        let bAlone = try render(other(x: 80))
        for (x, y) in [(150, 60), (160, 40)] { #expect(same(bAlone[x, y], merged[x, y]), "(\(x), \(y))") }
    }
}
