import Testing
import Dots
import Raster
@testable import Scene

/// The liquid containers' lens windows kept between frames (LensWindowCache): every frame a compositor that
/// keeps them draws has the bits of the same frame drawn by one that blurs every window afresh, over scenes
/// whose dots move and change color under liquid panels that stay (the showcase's bar) and move (its controls,
/// liquid-merge), and a still bar whose window only a tap's ripple reaches late (most of it kept), in order and
/// with skips (GlassReuseTests.runs).
@Suite struct LensWindowCacheTests {
    @Test(arguments: ["showcase", "far tap liquid", "liquid-merge.json", "glass-bloom-under-glass.json"])
    func keptWindowsGiveTheBitsOfWindowsBlurredAgain(scene: String) throws {
        let doc = scene == "far tap liquid" ? try SceneDecoder().decode(text: GlassReuseTests.farTap(platform: "ios26", tapY: 150))
            : try HaloCellCacheTests.document(scene)
        for frames in GlassReuseTests.runs(doc) {
            var reference = Compositor(document: doc, workers: Workers(2))
            reference.keepNoLensWindows()
            var keeping = Compositor(document: doc, workers: Workers(2))
            for i in frames {
                let expected = bits(reference.render(frame: i))
                let wrong = zip(bits(keeping.render(frame: i)), expected).filter { $0 != $1 }.count
                #expect(wrong == 0, "\(scene) frame \(i) (run of \(frames.count)): \(wrong) pixels differ from a fresh window's")
            }
        }
    }

    func bits(_ fb: Framebuffer) -> [SIMD4<UInt32>] {
        fb.withUnsafePixels { px in px.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) } }
    }
}
