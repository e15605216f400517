import Foundation
import Testing
import Raster
import Regression
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The safe area: `lint`'s `unsafe-area` findings (`SafeAreaAudit`) and the guides `sheet` draws
/// (`SafeAreaGuides`), over `scenes/device-safe-area.json` (an iPhone 17 Pro: insets 62 / 34, its home indicator
/// 145 x 5 pt at y 832).
@Suite struct SafeAreaTests {
    static let scene = AllScenesTests.root.appendingPathComponent("scenes/device-safe-area.json").path

    static func document(_ edit: (String) -> String = { $0 }, guides: Bool = false) throws -> SceneDocument {
        var decoder = SceneDecoder(scale: 1)
        decoder.directory = (scene as NSString).deletingLastPathComponent
        decoder.safeAreaGuides = guides
        return try decoder.decode(text: edit(try String(contentsOfFile: scene, encoding: .utf8)))
    }

    @Test func theSceneIsClean() throws {
        let doc = try Self.document()
        #expect(SafeAreaAudit.run(document: doc, frames: [0]).isEmpty)
    }

    @Test func flagsAButtonUnderTheHomeIndicatorAndALabelInTheStatusBar() throws {
        let doc = try Self.document { text in
            text.replacingOccurrences(of: #"{"id": "tabbar""#, with: #"{"id": "button", "frame": [176, 820, 50, 44], "radius": 22, "interactive": true}, {"id": "tabbar""#)
                .replacingOccurrences(of: #""content": ["#, with: #""content": [{"id": "clock", "text": "9:41", "at": [40, 20]},"#)
        }
        let found = SafeAreaAudit.run(document: doc, frames: [0])
        #expect(found.map(\.path) == ["glass[1]", "content[0]"], "\(found)")
        #expect(found.first?.message.contains("under the home indicator") == true, "\(found)")
        // The tab bar above it (its bottom on the safe area's edge) and the navigation bar are not flagged.
        #expect(!found.contains { $0.id == "tabbar" || $0.id == "navbar" })
    }

    /// Guides only where asked: `sheet` (a decoder with `safeAreaGuides`) draws the island black and the home
    /// indicator in `label`; a rendered frame shows the photograph there.
    @Test func guidesOnlyInTheSheet() throws {
        let plain = try Self.document(), guided = try Self.document(guides: true)
        var a = Compositor(document: plain, workers: Workers(2)), b = Compositor(document: guided, workers: Workers(2))
        let frame = a.render(frame: 0), sheet = b.render(frame: 0)
        let island = (x: 201, y: 29), indicator = (x: 201, y: 863), below = (x: 201, y: 500)
        #expect(sheet.color(atX: island.x, y: island.y) == Color(0, 0, 0))
        #expect(frame.color(atX: island.x, y: island.y) != Color(0, 0, 0))
        let ink = Token.label.color(.light)
        #expect(sheet.color(atX: indicator.x, y: indicator.y).red == ink.red && frame.color(atX: indicator.x, y: indicator.y) != sheet.color(atX: indicator.x, y: indicator.y))
        #expect(sheet.color(atX: below.x, y: below.y) == frame.color(atX: below.x, y: below.y), "the safe area is untouched")
        // The band's wash: bluer than the frame under the status bar.
        let (p, q) = (sheet.color(atX: 40, y: 5), frame.color(atX: 40, y: 5))
        #expect(p.blue - p.red > q.blue - q.red)
    }
}
