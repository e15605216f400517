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
