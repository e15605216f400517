import Content
import Dots
import Raster
import SceneFormat

// Test hooks of the compositor: buffers filled with a poison value (internal, reached through `@testable
// import Scene`), to show that a frame never reads a pixel of a new buffer, frame or plane, before writing it
// (in use, new buffers are unfilled memory, `emptyFrame`); and the glass stage alone, for its benchmark.
extension Compositor {
    /// A buffer like `emptyFrame()`'s, every pixel `poison`.
    func poisonedFrame(_ poison: SIMD4<Float>) -> Framebuffer {
        let c = document.canvas
        return Framebuffer(width: c.pixelWidth, height: c.pixelHeight, space: document.blending, fill: poison)
    }

    /// Gives the compositor a new plane buffer filled with `poison`, drawn whole by the next frame as a new one
    /// is (its record starts empty). Before the first frame: the plane buffer `emptyFrame()` would give.
    mutating func poisonPlaneBuffer(_ poison: SIMD4<Float>) {
        planeBuffer = poisonedFrame(poison)
        planeRecord = PlaneSpriteRecord()
    }

    /// For the glass stage's benchmark (Sources/Benchmarks): the compositor's own steps up to the glass
    /// (`rasterize(frame:into:)`'s, without the slot), then the glass layer inside `measure`, which times it.
    /// Simulate to the frame first.
    package mutating func drawGlassStage(frame i: Int, into frame: inout Framebuffer, measure: (() -> Void) -> Void) {
        let workers = self.workers, glass = self.glass, time = document.time(ofFrame: i)
        var plane = planeBuffer ?? emptyFrame()
        planeBuffer = nil
        _ = self.plane.render(into: &plane, time: time, workers: workers)
        frame.copyPixels(from: plane, workers: workers)
        measure { glass.render(plane: plane, into: &frame, time: time, workers: workers) }
        planeBuffer = plane
    }
}

// What the kept stores did, for their tests.
extension Compositor {
    /// The panels' pixels kept and drawn so far.
    var panelReuse: GlassReuse.Statistics { state.reuse.statistics }

    /// The halo cells computed so far.
    var haloCellsComputed: Int { state.haloCells.computedCells }
}

// The glass layer alone with its own stores, for the tests that draw it over planes in any order.
extension GlassLayer {
    init(document: SceneDocument, keeping: Keeping = .everything) {
        let c = document.canvas
        self.init(document: document, tilt: document.tilt, state: FrameState(pixels: c.pixelWidth * c.pixelHeight, keeping: keeping))
    }
}

/// Test hooks of the content layer.
extension ContentLayer {
    /// The mask of item `i` at rest (its own place, no transition) on a panel placement (nil: the canvas).
    func mask(item i: Int, placement: PanelPlacement?) -> CoverageMask {
        mask(item: i, placing: Placing(placement: placement, place: document.content.items[i].kind.place, scale: 1))
    }
}
