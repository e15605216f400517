import Foundation
import Testing
import Raster
import Content
@testable import SceneFormat
@testable import Compose
@testable import Output
@testable import Regression

/// Symbols in scenes: icon files resolved from the scene's folder, and every bad file or stroke refused with its
/// JSON path and location.
@Suite struct SymbolSceneTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/icons")

    /// A scene folder with `icons/` holding the fixtures, and the scene written into it.
    static func scene(_ json: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-symbol-scene-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("icons"), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: dir.appendingPathComponent("icons/\(name)"))
        }
        let file = dir.appendingPathComponent("scene.json").path
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    static func decodeError(_ json: String) throws -> SceneError? {
        let file = try scene(json)
        do {
            _ = try SceneDecoder().decode(file: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func iconFilesResolveFromTheSceneFolder() throws {
        // Decoded from another working directory: the path is the scene's folder's, not the process's.
        let doc = try SceneDecoder().decode(file: try Self.scene(#"{"content": [{"symbol": {"file": "icons/check-circle.svg"}, "frame": [10, 10, 48, 48]}]}"#))
        guard case .symbol(let s) = doc.content.items[0].kind else { Issue.record("not a symbol"); return }
        #expect(s.artwork.box == Rect(x: 0, y: 0, width: 24, height: 24))
        #expect(s.source == "icons/check-circle.svg")
    }

    @Test func strokedInlineSymbolDrawsItsStrokeOnly() throws {
        // The square from 1 to 23 stroked 2 wide on a 24 grid at 1 px per unit: the stroke straddles the outline,
        // so it covers the ring between 0...24 and 2...22, 24^2 - 20^2 = 176 px, on whole pixels; no fill inside.
        let json = #"{"canvas": {"width": 24, "height": 24, "scale": 1}, "content": [{"symbol": "M1 1 H23 V23 H1 Z", "frame": [0, 0, 24, 24], "stroke": {"width": 2}}]}"#
        let doc = try SceneDecoder().decode(text: json)
        let layer = ContentLayer(document: doc)
        let mask = layer.mask(item: 0, placement: nil)
        #expect(abs(mask.area - Double(24 * 24 - 20 * 20)) < 1e-3, "area \(mask.area)")
        #expect(mask[12, 12] == 0)
    }

    @Test(arguments: [
        (#"{"content": [{"symbol": {"file": "icons/nope.svg"}, "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol.file", "icon file 'icons/nope.svg' does not exist"),
        (#"{"content": [{"symbol": {"file": "icons"}, "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol.file", "is a folder"),
        (#"{"content": [{"symbol": {"file": "icons/not-svg.svg"}, "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol.file", "not a valid SVG document"),
        (#"{"content": [{"symbol": {"file": "icons/external-image.svg"}, "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol.file", "refused"),
        (#"{"content": [{"symbol": {"file": "icons/external-entity.svg"}, "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol.file", "external entity 'secret' refused"),
        (#"{"content": [{"symbol": {"file": "icons/huge-viewbox.svg"}, "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol.file", "within ±1000000"),
        (#"{"content": [{"symbol": {"file": "icons/check-circle.svg"}, "frame": [0, 0, 24, 24], "stroke": {"width": 2}}]}"#, "content[0].stroke", "an icon file sets its own stroke"),
        (#"{"content": [{"symbol": {"path": "a.svg"}, "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol.path", "unknown key 'path'"),
        (#"{"content": [{"symbol": "M0 0 S", "frame": [0, 0, 24, 24]}]}"#, "content[0].symbol", "malformed path data at character 6"),
        (#"{"content": [{"symbol": "M0 0 H4", "frame": [0, 0, 24, 24], "stroke": {"width": 0}}]}"#, "content[0].stroke.width", "positive number"),
        (#"{"content": [{"symbol": "M0 0 H4", "frame": [0, 0, 24, 24], "stroke": {"cap": "rounded"}}]}"#, "content[0].stroke.cap", "Did you mean 'round'?"),
        (#"{"content": [{"symbol": "M0 0 H4", "frame": [0, 0, 24, 24], "stroke": {"dash": [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}}]}"#, "content[0].stroke.dash", "at most 16"),
        (#"{"content": [{"symbol": "M0 0 H4", "frame": [0, 0, 24, 24], "stroke": {"dash": [0, 0]}}]}"#, "content[0].stroke.dash", "at least one positive"),
        (#"{"content": [{"symbol": "M0 0 H4", "frame": [0, 0, 24, 24], "viewBox": [0, 0, 1e9, 24]}]}"#, "content[0].viewBox[2]", "from -1000000 to 1000000"),
    ])
    func badSymbolsAreRefusedWithTheirPath(json: String, path: String, words: String) throws {
        let e = try #require(try Self.decodeError(json))
        #expect(e.path == path)
        #expect(e.description.contains(words), "\(e)")
        // file:line:col: json.path: message
        #expect(e.description.contains("scene.json:1:"), "\(e)")
    }

    @Test func oversizedFilesAreRefusedBeforeParsing() throws {
        let file = try Self.scene(#"{"content": [{"symbol": {"file": "icons/big.svg"}, "frame": [0, 0, 24, 24]}]}"#)
        let big = (file as NSString).deletingLastPathComponent + "/icons/big.svg"
        try String(repeating: " ", count: ContentDefaults.maxSymbolFileBytes + 1).write(toFile: big, atomically: true, encoding: .utf8)
        #expect {
            _ = try SceneDecoder().decode(file: file)
        } throws: { error in
            (error as? SceneError)?.message.contains("the limit is 1048576 bytes") ?? false
        }
    }

    @Test func lintMeasuresIconFilesStrokesAndInternationalLabels() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["content-icons", "content-international"] {
            let doc = try SceneDecoder(scale: 1).decode(file: root.appendingPathComponent("scenes/\(name).json").path)
            let report = try LegibilityAudit.run(document: doc, frames: [0], workers: .single)
            // Every label and symbol gets a contrast measurement, as the old ones do.
            #expect(report.entries.count == doc.content.items.count)
            for e in report.entries { #expect(e.wcag != nil && e.apca != nil, "\(name) \(e.path) unmeasured") }
            if name == "content-international" {
                // Fallback faces are warnings, so --strict fails the scene, as for a whole label's fallback.
                #expect(doc.content.fontWarnings.contains { $0.path == "content[4].text" && $0.message.contains("Noto Sans CJK") })
                #expect(try !LegibilityAudit.run(document: doc, frames: [0], strict: true, workers: .single).passes)
            }
        }
    }

    @Test func colorEmojiKeepTheirColorsUnderVibrancy() throws {
        // A label of text and an emoji painted tertiaryLabel (gray at alpha 0.3) on white: the text's pixels are
        // gray, the emoji's keep their hue and full strength, because color glyphs are drawn after the vibrancy
        // pass and outside its mask.
        let json = #"{"canvas": {"width": 120, "height": 40, "scale": 2}, "content": [{"text": "ab 🍊", "at": [4, 4], "size": 20, "vibrancy": "tertiaryLabel"}]}"#
        let doc = try SceneDecoder().decode(text: json)
        var frame = Framebuffer(width: doc.canvas.pixelWidth, height: doc.canvas.pixelHeight, color: Color(red: 1, green: 1, blue: 1))
        ContentLayer(document: doc).render(into: &frame, time: 0, workers: .single)
        var saturated = 0, darkestGray: Float = 1
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let c = frame.color(atX: x, y: y)
                if c.red - c.blue > 0.5 { saturated += 1 }   // the orange
                if abs(c.red - c.blue) < 0.02 { darkestGray = min(darkestGray, c.red) }
            }
        }
        #expect(saturated > 100, "\(saturated) strongly orange pixels")
        // tertiaryLabel at alpha 0.3 over white never gets darker than about 1 - 0.3 (minus the token's own gray).
        #expect(darkestGray > 0.6, "darkest gray \(darkestGray)")
    }
}
