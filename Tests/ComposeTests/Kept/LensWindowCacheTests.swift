import Testing
import Dots
import Raster
@testable import SceneFormat
@testable import Compose
@testable import Output

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
            _ = KeptStateRun(doc, frames: frames, scene: scene, fresh: "a fresh window's")
        }
    }
}
