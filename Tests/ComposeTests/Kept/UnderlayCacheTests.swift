import Foundation
import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// What the glass derives once from a still backdrop (`UnderlayCache`): the showcase over a photograph, with the
/// halo's groups and the lens windows' blur of the image kept, draws the bytes of a session that keeps nothing
/// (which reads every pixel of the plane), frames in order and after a jump ahead; the store holds both once drawn; a
/// scrolling or video backdrop keeps nothing there.
@Suite struct UnderlayCacheTests {
    static let photo = AllScenesTests.root.appendingPathComponent("scenes/backdrops/coffee.png").path

    /// The showcase with the photograph beneath its dots, covering the canvas.
    static func showcase(scale: Float) throws -> SceneDocument {
        var json = try JSONSerialization.jsonObject(with: Data(Showcase.json.utf8)) as! [String: Any]
        var plane = json["plane"] as? [String: Any] ?? [:]
        plane["backdrop"] = ["image": photo, "fit": "cover"]
        json["plane"] = plane
        let text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        return try SceneDecoder(scale: scale).decode(text: text)
    }

    @Test(arguments: [Float(1), Float(2)])
    func keptUnderlayDrawsTheBytesOfReadingEveryPixel(scale: Float) throws {
        let doc = try Self.showcase(scale: scale)
        let n = doc.frameCount
        let run = KeptStateRun(doc, frames: [0, 1, 2, 3, n / 2, n / 2 + 1, n - 1], scene: "showcase over a photo at \(scale)",
                               fresh: "a session keeping nothing")
        let held = run.keeping.state.underlay.store.access { ($0.cells != nil, $0.blurs.contains { $0.pixelCount > 0 }) }
        #expect(held == (true, true), "the halo's groups and the windows' blur must be kept")
        #expect(run.reference.state.underlay.store.access { $0.key == nil })
    }

    @Test func aScrollingBackdropKeepsNothingHere() throws {
        var c = Compositor(document: try BackdropCompositingTests.scroll(), workers: Workers(2))
        for i in [0, 1, 2] { _ = c.render(frame: i) }
        #expect(c.state.underlay.store.access { $0.key == nil && $0.cells == nil && $0.blurs.isEmpty })
    }

    /// A video's pixels change under the same placement, which is all the store's key holds: it keeps nothing.
    @Test func aVideoBackdropKeepsNothingHere() throws {
        var c = Compositor(document: try BackdropVideoTests.scene(scale: 0.5), workers: Workers(2))
        for i in [0, 1, 2] { _ = c.render(frame: i) }
        #expect(c.state.underlay.store.access { $0.key == nil && $0.cells == nil && $0.blurs.isEmpty })
    }
}
