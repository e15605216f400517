import Foundation
import Testing
import Raster
import Content
@testable import SceneFormat
@testable import Compose
@testable import Output
@testable import Regression

/// The content section of scenes: decoding errors, binding to panels, determinism and the legibility report.
@Suite struct ContentSceneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func scene(_ name: String, scale: Float = 1) throws -> SceneDocument {
        let d = try SceneDecoder(scale: scale).decode(file: root.appendingPathComponent("scenes/\(name)").path)
        return d
    }

    static func decodeError(_ json: String) -> SceneError? {
        do {
            _ = try SceneDecoder().decode(text: json)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#"{"content": [{"text": "A", "at": [0, 0], "vibrancy": "secondaryLable"}]}"#, "content[0].vibrancy", "Did you mean 'secondaryLabel'?"),
        (#"{"glass": [{"id": "nav", "frame": [0, 0, 10, 10]}], "content": [{"text": "A", "at": [0, 0], "on": "naw"}]}"#, "content[0].on", "no glass panel has id 'naw'; expected one of: nav. Did you mean 'nav'?"),
        (#"{"content": [{"text": " ", "at": [0, 0]}]}"#, "content[0].text", "expected non-empty text"),
        (#"{"content": [{"symbol": "M0 0 L 5 5 Q 1", "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol", "malformed path data at character 14"),
        (#"{"content": [{"text": "A"}]}"#, "content[0]", "missing key 'at'"),
        (#"{"content": [{"text": "A", "symbol": "M0 0", "at": [0, 0]}]}"#, "content[0]", "exactly one of"),
        (#"{"content": [{"text": "A", "at": [0, 0], "weight": "semibolt"}]}"#, "content[0].weight", "Did you mean 'semibold'?"),
        (##"{"content": [{"text": "A", "at": [0, 0], "vibrancy": "label", "color": "#000"}]}"##, "content[0].color", "not both"),
        (#"{"content": [{"separator": true, "at": [0, 0]}]}"#, "content[0]", "missing key 'length'"),
    ])
    func badContentIsRefusedWithItsPath(json: String, path: String, words: String) throws {
        let e = try #require(Self.decodeError(json))
        #expect(e.path == path)
        #expect(e.description.contains(words), "\(e)")
    }

    @Test func missingFontIsAWarningWithTheFaceUsed() throws {
        let doc = try SceneDecoder().decode(text: #"{"content": [{"text": "A", "at": [0, 0], "font": "Nonexistent Sans 9"}]}"#)
        let w = try #require(doc.content.fontWarnings.first)
        #expect(w.path == "content[0].font")
        // The stand-in is the system sans (DejaVu Sans, or Noto Sans where scripts/setup.sh installed Noto).
        let sans = try FontLibrary.resolve(FontRequest(family: "sans")).faceName
        #expect(w.message.contains("'Nonexistent Sans 9' not found; using \(sans)"), "\(w.message)")
        #expect(doc.content.fallbackWarnings.contains { $0.hasPrefix("content[0].font: font 'Nonexistent Sans 9' not found") })
        let report = try LegibilityAudit.run(document: doc, strict: true, workers: .single)
        #expect(!report.passes)
        #expect(try LegibilityAudit.run(document: doc, strict: false, workers: .single).passes)
    }

    @Test func lintFlagsThePlantedLabelAndQuaternaryOnThin() throws {
        let doc = try Self.scene("content-illegible.json", scale: 2)
        let report = try LegibilityAudit.run(document: doc, frames: [0, 15], workers: Workers(2))
        let planted = try #require(report.entries.first { $0.id == "planted" })
        #expect(planted.flags.map(\.code).contains("contrast"))
        #expect(planted.flags.map(\.code).contains("non-vibrant"))
        let hint = try #require(report.entries.first { $0.id == "hint" })
        #expect(hint.flags.map(\.code).contains("quaternary-on-thin"))
        let title = try #require(report.entries.first { $0.id == "title" })
        #expect(title.flags.isEmpty)
        #expect(!report.passes)
    }

    @Test func lintPassesACleanScene() throws {
        let doc = try Self.scene("content-navbar-liquid.json", scale: 3)
        let report = try LegibilityAudit.run(document: doc, frames: [0], workers: Workers(2))
        #expect(report.entries.count == 4)
        #expect(report.passes, "\(report.entries.filter { !$0.flags.isEmpty }.map { "\($0.path) \($0.flags)" })")
    }

    @Test func framesAreIdenticalForAnyWorkerCount() throws {
        let doc = try Self.scene("content-vibrancy-dark.json", scale: 1)
        var one = Compositor(document: doc, workers: .single)
        var two = Compositor(document: doc, workers: Workers(2))
        #expect(one.render(frame: 0) == two.render(frame: 0))
    }

    /// A panel that slides right 30 pt per second and is pressed to 1.2 at t = 1.
    struct MovingPanel: PanelGeometry {
        var panelIDs: [String] { ["p"] }
        func placement(of id: String, at time: Double) -> PanelPlacement? {
            PanelPlacement(frame: Rect(x: 20 + 30 * Float(time), y: 40, width: 200, height: 100), material: .thin,
                           pressScale: time >= 1 ? 1.2 : 1)
        }
    }

    @Test func contentOnAPanelMovesAndScalesWithIt() throws {
        var doc = try SceneDecoder().decode(text: #"""
        {"canvas": {"width": 300, "height": 200, "scale": 2}, "glass": [{"id": "p", "frame": [20, 40, 200, 100]}],
         "content": [{"text": "Moves", "on": "p", "at": [10, 10], "size": 20},
                     {"fill": true, "on": "p", "frame": [10, 50, 80, 20], "radius": 4}]}
        """#)
        doc.content.panels = MovingPanel()
        let layer = ContentLayer(document: doc)
        let p0 = MovingPanel().placement(of: "p", at: 0), pHalf = MovingPanel().placement(of: "p", at: 0.5)
        let a = layer.mask(item: 0, placement: p0), b = layer.mask(item: 0, placement: pHalf)
        // 15 pt at scale 2 is 30 whole pixels: the same glyph phases, so the same mask, shifted.
        #expect(b.originX == a.originX + 30 && b.originY == a.originY && b.values == a.values)
        let fillRest = layer.mask(item: 1, placement: p0)
        let pressed = layer.mask(item: 1, placement: MovingPanel().placement(of: "p", at: 1))
        // The fill's area scales with the square of the press scale (rounded corners included).
        #expect(abs(pressed.area / fillRest.area - 1.44) < 0.01)
        let text = layer.mask(item: 0, placement: MovingPanel().placement(of: "p", at: 1))
        #expect(abs(Float(text.width) / Float(a.width) - 1.2) < 0.08)
    }

    /// End to end: black text composited on the opaque background darkens it by exactly its coverage.
    @Test func renderedTextDarkensByItsCoverage() throws {
        let doc = try SceneDecoder().decode(text: ##"""
        {"canvas": {"width": 200, "height": 60, "scale": 2}, "plane": {"visible": false},
         "content": [{"text": "Coverage", "at": [10, 10], "size": 24, "color": "#000000"}]}
        """##)
        var compositor = Compositor(document: doc, workers: Workers(2))
        let frame = compositor.render(frame: 0)
        let mask = ContentLayer(document: doc).mask(item: 0, placement: nil)
        let bg = Token.systemGroupedBackground.color(.light).red
        var darkness = 0.0
        for y in 0..<frame.height { for x in 0..<frame.width { darkness += Double((bg - frame[x, y].x) / bg) } }
        // Source-over black at coverage c leaves bg * (1 - c): the darkness sums to the mask's area (float error only).
        #expect(mask.area > 100)
        #expect(abs(darkness - mask.area) < 1e-3 * mask.area)
    }
}
