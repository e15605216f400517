import Foundation
import Testing
@testable import Preview
import Raster
import SceneFormat
import Compose
import Output
import ChildProcess

/// The preview's safe-area switch: `safeArea=true` overlays the device's guides (status bar, camera cutout, home
/// indicator; Compose's `SafeAreaGuides`) on a scene that does not ask for them, `false` hides them on one that
/// does, and absent keeps the scene's own. Through the routes, and through the page in headless Chromium.
@Suite("Preview safe-area switch", .serialized)
struct SafeAreaSwitchTests {
    /// iPhone 17 Pro: 402 x 874 pt, insets 62 pt top and 34 bottom (docs/scene-format.md, "Devices").
    static func scene(guides: Bool) -> String {
        #"{"canvas": {"device": "iphone-17-pro", "scale": 1\#(guides ? #", "safeArea": true"# : "")}, "duration": 1, "fps": 30}"#
    }

    static func rgba(_ r: PreviewResponse) throws -> PNGImage { try PNG.decode(r.body) }

    /// Rows that differ between two frames of the same size.
    static func changedRows(_ a: PNGImage, _ b: PNGImage) -> [Int] {
        let pa = a.rgba8, pb = b.rgba8, n = a.width * 4
        return (0..<a.height).filter { y in pa[y * n..<(y + 1) * n] != pb[y * n..<(y + 1) * n] }
    }

    @Test func theSwitchShowsAndHidesTheGuidesInTheUnsafeBands() throws {
        let f = try Fixture("safearea", text: Self.scene(guides: false))
        let plain = try Self.rgba(f.get("/frame.png", [("frame", "3")]))
        let shown = try Self.rgba(f.get("/frame.png", [("frame", "3"), ("safeArea", "true")]))
        let rows = Self.changedRows(plain, shown)
        // At scale 1: the top band and its line (0 ... 62.5 pt, rows 0 ... 62), the bottom band with its line
        // and the home indicator (874 - 34 - 0.5 ... 874 pt, rows 839 ... 873): nothing between.
        #expect(!rows.isEmpty && rows.allSatisfy { $0 <= 62 || $0 >= 839 }, "\(rows.filter { $0 > 62 && $0 < 839 })")
        #expect(rows.contains { $0 < 50 } && rows.contains { $0 > 850 })
        // The safe-area line under the status bar (61.5 ... 62.5 pt): half of row 62, systemBlue over the plane.
        let line = (62 * plain.width + 200) * 4, shownPixels = shown.rgba8
        #expect(Int(shownPixels[line + 2]) - Int(shownPixels[line]) > 100, "\(shownPixels[line..<line + 4])")
        let info = try JSONSerialization.jsonObject(with: Data(f.get("/scene").body)) as? [String: Any]
        let device = info?["device"] as? [String: Any]
        #expect(device?["name"] as? String == "iPhone 17 Pro" && device?["safeArea"] as? Bool == false)
        #expect(device?["insets"] as? [Double] == [62, 0, 34, 0], "\(String(describing: device))")

        let guided = try Fixture("safearea-scene", text: Self.scene(guides: true))
        let own = try Self.rgba(guided.get("/frame.png", [("frame", "3")]))
        let hidden = try Self.rgba(guided.get("/frame.png", [("frame", "3"), ("safeArea", "false")]))
        #expect(own.rgba8 == shown.rgba8, "the scene's own guides are the switch's")
        #expect(hidden.rgba8 == plain.rgba8, "the switch hides the scene's guides")
        #expect(f.get("/frame.png", [("frame", "3"), ("safeArea", "maybe")]).status == 400)
        // A scene without a device has no guides to show: the switch changes nothing.
        let bare = try Fixture("safearea-bare", text: #"{"duration": 1, "fps": 30, "canvas": {"scale": 1}}"#)
        #expect(bare.get("/frame.png", [("frame", "0"), ("safeArea", "true")]).body == bare.get("/frame.png", [("frame", "0")]).body)
    }

    @Test("The switch in headless Chromium", .enabled(if: PreviewProcess.browserMissing == nil,
                                                       "browser test skipped: \(PreviewProcess.browserMissing ?? "")"))
    func page() throws {
        let f = try Fixture("safearea-browser", text: Self.scene(guides: false))
        let server = try RunningPreview(file: f.file, scale: 1)
        let r = try PreviewProcess.run(PreviewProcess.seleniumPython!, [PreviewProcess.browserScript.path, "safearea", server.url],
                                       timeout: 120)
        let status = server.stop()
        #expect(!r.timedOut && r.status == 0, "\(r.out)\(r.err)")
        #expect(status == 130)
        print("preview safe-area browser test: \(r.out.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
