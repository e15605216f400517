import Testing
import Dots
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// The lens windows blurred only around the plane's dots (`PlaneFill`, from the plane's `PlaneSpriteRecord`)
/// give the glass layer the bits of windows blurred whole, over liquid scenes whose dots move, swirl, tint and
/// bloom under still, moving, merging and concave panels, at frames from the first to the last.
@Suite struct LensWindowFillTests {
    static let scenes = ["showcase", "liquid-merge.json", "liquid-lens-profiles.json", "liquid-tinted-dark.json",
                         "glass-bloom-under-glass.json"]

    @Test(arguments: scenes)
    func windowsAroundTheDotsAreWholeWindows(scene: String) throws {
        let doc = try HaloCellCacheTests.document(scene)
        let n = doc.frameCount
        var compositor = Compositor(document: doc, workers: Workers(2))
        let layers = HaloCellCacheTests()  // its glass-layer drawing and bit patterns
        for i in Array(Set([0, 1, n / 3, n / 2, n - 1].filter { $0 < n })).sorted() {
            _ = compositor.render(frame: i)
            let plane = compositor.planeBuffer!, record = compositor.planeRecord
            #expect(record.fill != nil)
            let around = layers.bits(layers.draw(GlassLayer(document: doc), plane, record, frame: i, doc))
            let whole = layers.bits(layers.draw(GlassLayer(document: doc), plane, nil, frame: i, doc))
            let wrong = zip(around, whole).filter { $0 != $1 }.count
            #expect(wrong == 0, "\(scene) frame \(i): \(wrong) pixels differ from whole windows'")
        }
    }
}
