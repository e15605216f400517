// Test hooks of GlassRules (internal, reached through `@testable import Scene`).

extension GlassRules {
    /// Refuses a scene in which more than `maxLayers` panels cover one point at some time, with the error of
    /// `layerBreak` (the decoder reads `layerBreak` itself: it throws or records the break).
    static func checkLayers(_ panels: [GlassPanelSpec], duration: Double, fps: Double) throws(SceneError) {
        if let e = layerBreak(panels, duration: duration, fps: fps) { throw e }
    }
}
