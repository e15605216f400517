import Testing
import Raster
import Glass
@testable import SceneFormat
@testable import Compose
@testable import Output

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

/// The three-layer rule counts surfaces: a container's Liquid Glass members are one joined shape drawn in one
/// pass, so they count once; real stacks are still refused.
@Suite struct ContainerLayerRuleTests {
    func decode(_ platform: String, _ panels: [String]) -> SceneError? {
        let text = #"{"canvas": {"width": 200, "height": 200, "scale": 1}, "platform": ""# + platform + #"", "glass": ["# + panels.joined(separator: ", ") + "]}"
        do { _ = try SceneDecoder().decode(text: text); return nil } catch { return error }
    }
    func panel(_ id: String, _ x: Int, container: String? = nil) -> String {
        #"{"id": ""# + id + #"", "frame": ["# + "\(x), 40, 80, 80]" + (container.map { #", "container": ""# + $0 + #"""# } ?? "") + "}"
    }

    @Test func fourOverlappingMembersOfOneContainerAreOneLayer() {
        let members = (0..<4).map { panel("m\($0)", 20 + 10 * $0, container: "c") }
        #expect(decode("ios26", members) == nil)
        // Two more panels on top: three surfaces.
        #expect(decode("ios26", members + [panel("x", 50), panel("y", 55)]) == nil)
    }

    @Test func realStacksAreStillRefused() {
        let members = (0..<2).map { panel("m\($0)", 20 + 10 * $0, container: "c") }
        let e = decode("ios26", members + [panel("x", 50), panel("y", 55), panel("z", 60)])
        #expect(e?.path == "glass[4]")
        #expect(e?.message.hasPrefix("4 glass layers overlap at (") == true, "\(e?.message ?? "accepted")")
        #expect(e?.message.contains("'m0', 'x', 'y' and 'z'") == true, "\(e?.message ?? "accepted")")
        // On the frosted tier the members are drawn one by one: each is a layer.
        #expect(decode("ios18", (0..<4).map { panel("m\($0)", 20 + 10 * $0, container: "c") })?.message.hasPrefix("4 glass layers") == true)
        #expect(decode("ios26", (0..<4).map { panel("p\($0)", 20 + 10 * $0) })?.message.hasPrefix("4 glass layers") == true)
    }
}
