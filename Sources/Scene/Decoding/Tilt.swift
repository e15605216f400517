/// Device attitude in radians: pitch tips the top edge away (rotation about x), roll tips the right edge down
/// (rotation about y). It moves Liquid Glass highlights.
public struct Tilt: Sendable, Hashable {
    public var pitch: Double
    public var roll: Double
    public init(pitch: Double, roll: Double) {
        self.pitch = pitch
        self.roll = roll
    }
    public static let level = Tilt(pitch: 0, roll: 0)
}
