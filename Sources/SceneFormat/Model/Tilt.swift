import Raster

/// Device attitude in radians: pitch tips the top edge away (rotation about x), roll tips the right edge down
/// (rotation about y). It moves Liquid Glass highlights.
///
/// Path to the kernel, one way: the decoder reads the `tilt` keyframes and checks each angle against
/// `maximumAngle` (the only check), SceneDocument holds them, the glass layer takes `SceneDocument.tilt(at:)`
/// for a frame's time and hands Glass the light direction `Specular.light(pitch:roll:)`.
public struct Tilt: Sendable, Hashable {
    public internal(set) var pitch: Double
    public internal(set) var roll: Double
    public init(pitch: Double, roll: Double) {
        self.pitch = pitch
        self.roll = roll
    }
    public static let level = Tilt(pitch: 0, roll: 0)

    /// The largest pitch or roll a scene may give, radians: a quarter turn, the device on its edge.
    public static let maximumAngle = Double.pi / 2

    /// The tilt a fraction `p` of the way from this one to `b` (linear in each angle).
    public func interpolated(to b: Tilt, _ p: Double) -> Tilt {
        Tilt(pitch: pitch + (b.pitch - pitch) * p, roll: roll + (b.roll - roll) * p)
    }
}

/// The tilt a render is lit by instead of the scene's keyframes: the one render parameter every route that
/// takes a tilt goes through (`--tilt-sweep`, the tier sheet's sweep, and every route of the preview: frames,
/// patches, lint and export). A compositor takes the keyframes it gives (`Compositor.setTilt`, or the tilt of
/// `RenderPipeline` and `LegibilityAudit.run`); a decoder given one puts them in the document instead
/// (`SceneDecoder.tilt`), which lights the same bits (`SetTiltTests`).
public enum TiltOverride: Sendable, Hashable {
    /// A sweep across the full range over the scene's duration (`SceneDocument.sweep`).
    case sweep
    /// One tilt for the whole timeline.
    case fixed(Tilt)

    /// The keyframes a scene of `duration` seconds is lit by under this override.
    public func keyframes(duration: Double) -> Keyframes<Tilt> {
        switch self {
        case .sweep: SceneDocument.sweep(duration: duration)
        case .fixed(let t): Keyframes([.init(time: 0, value: t, easing: .linear)])
        }
    }
}

extension SceneDocument {
    /// The tilt keyframes this document is lit by under `override` (its own without one).
    public func tilt(under override: TiltOverride?) -> Keyframes<Tilt> {
        override?.keyframes(duration: duration) ?? tilt
    }
}
