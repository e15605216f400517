import Foundation
import Testing
import Raster
import Regression
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Per-appearance backdrops (`"image": {"light": ..., "dark": ...}`), over `scenes/backdrop-appearance.json`
/// (coffee in light, Chelsea in dark): each appearance renders its own file, in a render and in the tier sheet.
@Suite struct BackdropAppearanceTests {
    static let scene = AllScenesTests.root.appendingPathComponent("scenes/backdrop-appearance.json").path
    static var folder: String { (scene as NSString).deletingLastPathComponent }

    static func text(_ image: String? = nil) throws -> String {
        let t = try String(contentsOfFile: scene, encoding: .utf8)
        guard let image else { return t }
        return t.replacingOccurrences(of: #"{"light": "backdrops/coffee.png", "dark": "backdrops/chelsea.png"}"#, with: "\"\(image)\"")
    }

    static func decoder(_ appearance: Appearance?, scale: Float = 0.5) -> SceneDecoder {
        var d = SceneDecoder(scale: scale)
        d.directory = folder
        d.appearance = appearance
        return d
    }

    @Test func eachAppearanceReadsItsFile() throws {
        #expect(try Self.decoder(.light).decode(text: Self.text()).plane.backdrop?.file.hasSuffix("backdrops/coffee.png") == true)
        #expect(try Self.decoder(.dark).decode(text: Self.text()).plane.backdrop?.file.hasSuffix("backdrops/chelsea.png") == true)
        // The scene's own appearance (dark) without an override.
        #expect(try Self.decoder(nil).decode(text: Self.text()).plane.backdrop?.file.hasSuffix("chelsea.png") == true)
    }

    @Test func eachAppearanceRendersAsTheSceneWithItsFileAlone() throws {
        for (a, file) in [(Appearance.light, "backdrops/coffee.png"), (.dark, "backdrops/chelsea.png")] {
            var x = Compositor(document: try Self.decoder(a).decode(text: Self.text()), workers: Workers(2))
            var y = Compositor(document: try Self.decoder(a).decode(text: Self.text(file)), workers: Workers(2))
            #expect(x.render(frame: 0) == y.render(frame: 0), "\(a)")
        }
        var light = Compositor(document: try Self.decoder(.light).decode(text: Self.text()), workers: Workers(2))
        var dark = Compositor(document: try Self.decoder(.light).decode(text: Self.text("backdrops/chelsea.png")), workers: Workers(2))
        #expect(light.render(frame: 0) != dark.render(frame: 0))
    }

    /// The tier sheet's liquid column: its light cell is the coffee scene in light, its dark cell Chelsea's in dark.
    @Test func theSheetPicksEachRowsFile() throws {
        let scale: Float = 0.25
        var base = SceneDecoder()
        base.directory = Self.folder
        let sheet = try TierSheet.render(sceneText: Self.text(), frame: 0, scale: scale, decoder: base, workers: Workers(2)) { _, _, _ in }
        for (row, a, file) in [(0, Appearance.light, "backdrops/coffee.png"), (1, .dark, "backdrops/chelsea.png")] {
            var d = Self.decoder(a, scale: scale)
            d.platform = .ios26
            var c = Compositor(document: try d.decode(text: Self.text(file)), workers: Workers(2))
            let cell = c.render(frame: 0)
            let x0 = TierSheet.gutter, y0 = TierSheet.gutter + row * (cell.height + TierSheet.labelBand + TierSheet.gutter) + TierSheet.labelBand
            var same = true
            for y in 0..<cell.height { for x in 0..<cell.width where sheet[x0 + x, y0 + y] != cell[x, y] { same = false } }
            #expect(same, "row \(row): \(a)")
        }
    }

    @Test func refusals() throws {
        func error(_ image: String) -> SceneError? {
            do { _ = try Self.decoder(.light).decode(text: #"{"plane": {"backdrop": {"image": \#(image)}}}"#); return nil } catch { return error }
        }
        let missing = error(#"{"light": "backdrops/coffee.png"}"#)
        #expect(missing?.path == "plane.backdrop.image" && missing?.message.contains("missing key 'dark'") == true, "\(String(describing: missing))")
        let typo = error(#"{"light": "backdrops/coffee.png", "drak": "backdrops/chelsea.png"}"#)
        #expect(typo?.suggestion == "dark", "\(String(describing: typo))")
        let absent = error(#"{"light": "backdrops/none.png", "dark": "backdrops/chelsea.png"}"#)
        #expect(absent?.path == "plane.backdrop.image.light" && absent?.message.contains("none.png") == true, "\(String(describing: absent))")
    }
}
