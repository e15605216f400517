import Foundation
import Testing
import Glass
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The repository's scenes folder, found from this file's path (Tests/SceneFormatTests/Sections/ -> ../../../scenes).
let scenesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenes")

/// Decodes scene text, returning the error's description (without the file prefix) when refused.
func refusal(_ text: String) -> String? {
    do {
        _ = try SceneDecoder().decode(text: text)
        return nil
    } catch {
        return error.description.replacingOccurrences(of: "<scene>", with: "")
    }
}

/// A small scene around a list of glass panels (JSON text of the array's elements).
func glassScene(_ panels: String, platform: String = "ios18", extra: String = "") -> String {
    """
    {"canvas": {"width": 200, "height": 200, "scale": 1}, "platform": "\(platform)", "duration": 1, "fps": 10\(extra),
     "glass": [\(panels)]}
    """
}

@Suite("Glass section")
struct GlassSectionTests {
    @Test func everyGlassSceneIsAccepted() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: scenesFolder.path)
            .filter { $0.hasPrefix("glass-") && $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 10)
        for f in files {
            let doc = try SceneDecoder().decode(file: scenesFolder.appendingPathComponent(f).path)
            #expect(!doc.glass.panels.isEmpty, "\(f)")
        }
    }

    /// The documented message of docs/glass.md ("The rules").
    @Test func fourLayersAreRefusedWithTheDocumentedMessage() {
        let path = scenesFolder.appendingPathComponent("invalid/glass-four-layers.json").path
        do {
            _ = try SceneDecoder().decode(file: path)
            Issue.record("the four-layer scene was accepted")
        } catch {
            #expect(error.path == "glass[3]")
            #expect(error.message.hasPrefix("4 glass layers overlap at ("))
            #expect(error.message.hasSuffix(") pt at t = 0 s: 'a', 'b', 'c' and 'd'; at most 3 glass layers may cover any point (blur compounds beyond 3 levels)"))
            #expect(error.description.hasPrefix(path + ":"))
            // The message, as the command line prints it and docs/glass.md and docs/scene-format.md quote it.
            var relative = error
            relative.file = "scenes/invalid/glass-four-layers.json"
            for doc in ["docs/glass.md", "docs/scene-format.md"] {
                let text = (try? String(contentsOf: scenesFolder.deletingLastPathComponent().appendingPathComponent(doc), encoding: .utf8)) ?? ""
                #expect(text.contains(relative.diagnostic), "\(doc) does not quote: \(relative.diagnostic)")
            }
            // The point named is inside all four panels.
            let numbers = error.message.split(separator: "(")[1].split(separator: ")")[0]
                .split(separator: ",").map { Float($0.trimmingCharacters(in: .whitespaces))! }
            let frames: [Rect] = [Rect(x: 30, y: 200, width: 260, height: 260), Rect(x: 100, y: 300, width: 260, height: 260),
                                  Rect(x: 60, y: 380, width: 260, height: 200), Rect(x: 150, y: 250, width: 200, height: 200)]
            for f in frames {
                let d = PanelShape(.rect, box: f, cornerRadius: 32).signedDistance(Point(numbers[0], numbers[1]))
                #expect(d < 0, "(\(numbers[0]), \(numbers[1])) is not inside \(f)")
            }
        }
    }

    @Test func threeOverlappingPanelsAreAccepted() throws {
        let doc = try SceneDecoder().decode(file: scenesFolder.appendingPathComponent("glass-overlap-three.json").path)
        #expect(doc.glass.panels.count == 3)
    }

    /// Panels that only meet at some time are refused with that time.
    @Test func movingPanelsAreCheckedOverTheTimeline() {
        let fixed = (0..<3).map { "{\"frame\": [\(10 + 10 * $0), 10, 60, 60], \"radius\": 0}" }.joined(separator: ", ")
        let moving = "{\"id\": \"late\", \"radius\": 0, \"keyframes\": [{\"t\": 0, \"frame\": [130, 130, 60, 60]}, {\"t\": 1, \"frame\": [20, 20, 60, 60], \"ease\": \"linear\"}]}"
        let message = refusal(glassScene(fixed + ", " + moving))
        #expect(message?.contains("glass[3]: 4 glass layers overlap at (") == true, "\(message ?? "accepted")")
        #expect(message?.contains("glass[0], glass[1], glass[2] and 'late'") == true)
        // Frames are every 0.1 s; `late` (x = 130 - 110 t) first enters the three panels' common square
        // [30, 70] x [30, 70] after t = 0.545 s, so the first frame refused is t = 0.6 s.
        #expect(message?.contains("at t = 0.6 s") == true, "\(message ?? "")")
    }

    @Test func glassSamplingGlassIsRefused() {
        let m = refusal(glassScene(#"{"id": "sheet", "frame": [10, 10, 100, 100]}, {"frame": [20, 20, 50, 50], "source": "sheet"}"#))
        #expect(m?.hasSuffix("glass[1].source: glass never samples glass: panel glass[1] asks to read panel 'sheet'; every panel samples the plane only (remove 'source' or set it to \"plane\")") == true, "\(m ?? "accepted")")
        let file = scenesFolder.appendingPathComponent("invalid/glass-samples-glass.json").path
        #expect(throws: SceneError.self) { try SceneDecoder().decode(file: file) }
    }

    @Test func doubleBlurAndZOrderAreRefused() {
        for (name, words) in [("glass-double-blur", "don't double-blur"), ("glass-under-plane", "z-order is plane, glass, content")] {
            let file = scenesFolder.appendingPathComponent("invalid/\(name).json").path
            do {
                _ = try SceneDecoder().decode(file: file)
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.message.contains(words), "\(error)")
            }
        }
        #expect(refusal(glassScene(#"{"frame": [10, 10, 50, 50], "source": "plane", "layer": "glass"}"#)) == nil)
    }

    @Test func badInputNamesThePathAndSuggests() {
        let cases: [(String, String)] = [
            (#"{"frame": [10, 10, 50, 50], "material": "thck"}"#, "glass[0].material: unknown value 'thck'; expected one of: ultraThin, thin, regular, chrome, thick. Did you mean 'thick'?"),
            (#"{"frame": [10, 10, 50, 50], "tier": "andriod"}"#, "glass[0].tier: unknown value 'andriod'; expected one of: liquid, frosted, web, android, android-legacy, opaque. Did you mean 'android'?"),
            (#"{"frame": [10, 10, 0, 50]}"#, "glass[0].frame: expected a positive width and height, found 0 x 50"),
            (#"{"frame": [10, 10, 50, -5]}"#, "glass[0].frame: expected a positive width and height, found 50 x -5"),
            (#"{"frame": [10, 10, 50, 50], "radius": -1}"#, "glass[0].radius: expected a corner radius of at least 0 points, found -1"),
            (#"{"frame": [10, 10, 50, 50], "tint": 3}"#, "glass[0].tint: expected a color (a token name such as \"systemBlue\", #RRGGBB, #RRGGBBAA, #RGB, rgb(R, G, B) or rgba(R, G, B, A) with R, G, B 0-255 and A 0-1, or {\"token\", \"opacity\"}), found a number"),
            (#"{"frame": [10, 10, 50, 50], "tint": "systemBlu"}"#, "Did you mean 'systemBlue'?"),
            (##"{"frame": [10, 10, 50, 50], "tint": "#12345"}"##, "glass[0].tint: expected a color #RRGGBB, #RRGGBBAA, #RGB, rgb(R, G, B) or rgba(R, G, B, A) with R, G, B 0-255 and A 0-1, found '#12345'"),
            (#"{"frame": [10, 10, 50, 40], "shape": "circle"}"#, "glass[0].frame: a circle needs a square frame, found 50 x 40"),
            (#"{"frame": [10, 10, 50, 50], "shape": "circel"}"#, "Did you mean 'circle'?"),
            (#"{"frame": [10, 10, 50, 50], "matrial": "thin"}"#, "glass[0].matrial: unknown key 'matrial'"),
            (#"{"radius": 4}"#, "glass[0]: missing key 'frame'"),
            (#"{"frame": [10, 10, 50, 50], "keyframes": []}"#, "give either 'frame'"),
            (#"{"keyframes": [{"t": 1, "frame": [0, 0, 9, 9]}, {"t": 0.5, "frame": [0, 0, 9, 9]}]}"#, "glass[0].keyframes[1].t: keyframes must be in increasing time order"),
            (#"{"frame": [10, 10, 50, 50], "tintOpacity": 0.5}"#, "'tintOpacity' needs a 'tint' color"),
            (#"{"id": "x", "frame": [10, 10, 50, 50]}, {"id": "x", "frame": [10, 10, 50, 50]}"#, "duplicate panel id 'x'"),
        ]
        for (panel, expected) in cases {
            let m = refusal(glassScene(panel))
            #expect(m?.contains(expected) == true, "\(m ?? "accepted"), expected \(expected)")
        }
        #expect(refusal(glassScene("", platform: "andriod"))?.contains("Did you mean 'android'?") == true)
    }

    /// A panel that lies wholly off the canvas at every keyframe draws nothing and says so, naming its path; one
    /// that only passes through the canvas between keyframes, or touches it, gets no note.
    @Test func aPanelOffTheCanvasGetsANote() throws {
        let off = try SceneDecoder().decode(text: glassScene(#"{"id": "lost", "frame": [500, 10, 100, 40]}"#))
        #expect(off.notes.contains { $0.hasPrefix("glass[0]: 'lost' lies wholly outside the 200 x 200 pt canvas") }, "\(off.notes)")
        let across = try SceneDecoder().decode(text: glassScene(#"{"id": "flyby", "keyframes": [{"t": 0, "frame": [-200, 10, 100, 40]}, {"t": 1, "frame": [500, 10, 100, 40]}]}"#))
        #expect(!across.notes.contains { $0.contains("outside") }, "\(across.notes)")
        let edge = try SceneDecoder().decode(text: glassScene(#"{"id": "edge", "frame": [190, 10, 100, 40]}"#))
        #expect(!edge.notes.contains { $0.contains("outside") }, "\(edge.notes)")
    }

    /// Radii over half the shorter side are clamped, with a note (documented in docs/scene-format.md).
    @Test func oversizedRadiusIsClampedWithANote() throws {
        let doc = try SceneDecoder().decode(text: glassScene(#"{"id": "pill", "frame": [10, 10, 100, 40], "radius": 30}"#))
        #expect(doc.notes.contains { $0.contains("glass[0].radius: radius 30 pt of 'pill' is more than half its shorter side (40 pt") })
        #expect(doc.glass.panels[0].shape(at: 0, scale: 1).cornerRadius == 20)
    }

    @Test func tiersFollowThePlatform() throws {
        func panel(_ platform: String, _ extra: String = "") throws -> GlassPanelSpec {
            try SceneDecoder().decode(text: glassScene(#"{"frame": [10, 10, 50, 50]}"#, platform: platform, extra: extra)).glass.panels[0]
        }
        #expect(try panel("ios18").tier.rendered == .frosted)
        #expect(try panel("web").tier.rendered == .web)
        #expect(try panel("web").cornerCurve == .circular)
        #expect(try panel("ios18").cornerCurve == .continuous)
        #expect(try panel("android").tier.rendered == .android)
        #expect(try panel("android-legacy").tier.rendered == .androidLegacy)
        #expect(try panel("web", #", "reduceTransparency": true"#).tier.rendered == .opaque)
        let liquid = try SceneDecoder().decode(text: glassScene(#"{"frame": [10, 10, 50, 50]}"#, platform: "ios26"))
        #expect(liquid.glass.panels[0].tier.tier == .liquid && liquid.glass.panels[0].tier.rendered == .liquid)
        #expect(!liquid.notes.contains { $0.contains("not rendered yet") })
    }

    /// A panel drawn over another renders the same pixels as when it is alone: it samples only the plane.
    @Test func overlappingPanelsEachSampleThePlane() throws {
        let top = #"{"frame": [60, 60, 100, 100], "radius": 10, "material": "ultraThin", "tint": "systemRed"}"#
        let under = #"{"frame": [20, 20, 100, 100], "radius": 10, "material": "thick", "tint": "systemBlue"}"#
        let extra = #", "plane": {"dotIdle": 1}"#
        var alone = Compositor(document: try SceneDecoder().decode(text: glassScene(top, extra: extra)), workers: .single)
        var both = Compositor(document: try SceneDecoder().decode(text: glassScene(under + ", " + top, extra: extra)), workers: Workers(2))
        let a = alone.render(frame: 0), b = both.render(frame: 0)
        var compared = 0, differentUnder = 0
        let shape = PanelShape(.rect, box: Rect(x: 60, y: 60, width: 100, height: 100), cornerRadius: 10)
        for y in 0..<200 {
            for x in 0..<200 {
                let d = shape.signedDistance(Point(Float(x) + 0.5, Float(y) + 0.5))
                if d <= -0.5 {
                    #expect(a[x, y] == b[x, y])
                    compared += 1
                } else if d > 0.5 && a[x, y] != b[x, y] {
                    differentUnder += 1
                }
            }
        }
        #expect(compared > 9000)
        #expect(differentUnder > 1000)  // the lower panel is really drawn where the top one is not
    }
}

/// Not a regular test: with GLASS_DUMP set to a folder, renders frame 0 of every glass scene and writes it as
/// raw 8-bit RGBA (`<scene>.rgba`, with `<scene>.size` holding "width height") for a look at the pixels
/// before the PNG writer lands.
@Test(.enabled(if: ProcessInfo.processInfo.environment["GLASS_DUMP"] != nil))
func dumpGlassScenes() throws {
    let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["GLASS_DUMP"]!)
    let files = try FileManager.default.contentsOfDirectory(atPath: scenesFolder.path)
        .filter { $0.hasPrefix("glass-") && $0.hasSuffix(".json") }.sorted()
    for f in files {
        var c = Compositor(document: try SceneDecoder().decode(file: scenesFolder.appendingPathComponent(f).path))
        let frame = c.render(frame: 0)
        var out = [UInt8](repeating: 0, count: frame.pixelCount * 4)
        for y in 0..<frame.height { for x in 0..<frame.width {
            let col = frame.color(atX: x, y: y)
            for (k, v) in [col.red, col.green, col.blue, col.alpha].enumerated() {
                out[(y * frame.width + x) * 4 + k] = UInt8(max(0, min(255, (v * 255).rounded())))
            }
        } }
        let name = String(f.dropLast(5))
        try Data(out).write(to: folder.appendingPathComponent(name + ".rgba"))
        try "\(frame.width) \(frame.height)".write(to: folder.appendingPathComponent(name + ".size"), atomically: true, encoding: .utf8)
    }
}
