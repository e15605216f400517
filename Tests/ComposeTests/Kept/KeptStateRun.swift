import Testing
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

/// Frames of a scene drawn by a compositor that keeps state between frames and by a reference that does not
/// (`Keeping.nothing`), with every frame's bits expected to be the reference's: the check of
/// every cache whose contract is "the bits of computing again" (HaloCellCacheTests, LensWindowCacheTests).
struct KeptStateRun {
    var keeping: Compositor
    var reference: Compositor

    init(_ doc: SceneDocument, frames: [Int], scene: String, fresh: String) {
        reference = Compositor(document: doc, workers: Workers(2), keeping: .nothing)
        keeping = Compositor(document: doc, workers: Workers(2))
        for i in frames {
            let expected = Self.bits(reference.render(frame: i))
            let wrong = zip(Self.bits(keeping.render(frame: i)), expected).filter { $0 != $1 }.count
            #expect(wrong == 0, "\(scene) frame \(i) (run of \(frames.count)): \(wrong) pixels differ from \(fresh)")
        }
    }

    static func bits(_ fb: Framebuffer) -> [SIMD4<UInt32>] {
        fb.withUnsafePixels { px in px.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) } }
    }
}
