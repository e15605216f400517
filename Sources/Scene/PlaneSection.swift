import Raster

/// The plane section of a scene: the dot grid and the timed gesture events that disturb it.
/// (Foundation version: the grid at idle. The Dots issue adds physics, waves, fields and gestures.)
public struct PlaneSpec: Sendable {
    /// Dot diameter in points (seed: 3 pt).
    public var dotSize: Float
    /// Grid pitch in points (seed: PlaneScene.dotSpacing = 21 pt).
    public var spacing: Float
    /// Dot alpha at rest, as a fraction of the label token (seed: dotIdle, 5% light / 2% dark).
    public var idleAlpha: Float
    public var visible: Bool
}

enum PlaneSection {
    static let keys = ["dotSize", "spacing", "idleAlpha", "visible"]

    static func decode(_ root: ObjectReader, appearance: Appearance) throws(SceneError) -> PlaneSpec {
        let r = try root.object("plane", keys: keys)
        let idle: Float = appearance == .light ? 0.05 : 0.02
        return PlaneSpec(
            dotSize: try r?.float("dotSize", default: 3, in: .positive) ?? 3,
            spacing: try r?.float("spacing", default: 21, in: .positive) ?? 21,
            idleAlpha: try r?.float("idleAlpha", default: idle, in: .unit) ?? idle,
            visible: try r?.bool("visible", default: true) ?? true)
    }

    static func decodeEvents(_ root: ObjectReader, duration: Double) throws(SceneError) -> [String] {
        guard root.has("events") else { return [] }
        return ["events: gestures are parsed but not rendered yet"]
    }
}
