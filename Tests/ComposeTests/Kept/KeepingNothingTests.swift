import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Every scene in scenes/ at one pixel per point, a few frames each (in order, then a jump back into the run):
/// a compositor that keeps every store between frames draws the bytes of one made with `keeping: .nothing`.
@Suite struct KeepingNothingTests {
    @Test(arguments: AllScenesTests.scenes(in: "scenes"))
    func keepingDrawsTheBytesOfKeepingNothing(scene: String) throws {
        let doc = try SceneDecoder(scale: 1).decode(file: AllScenesTests.root.appendingPathComponent(scene).path)
        let n = doc.frameCount
        let frames = Array(Set([0, 1, 2, n / 2, n / 2 + 1, n - 1].filter { $0 < n })).sorted()
        _ = KeptStateRun(doc, frames: frames, scene: scene, fresh: "a session keeping nothing")
    }
}
