/// A field over time: where it is (a pointer path, or a fixed point) and how strong (0...1).
///
/// intensity(t) = 0 before `on`; `scale` from `on` to `off`; after `off`, scale x (1 - (t - off) / fade) down to
/// 0 when fade > 0 (a release), or 0 at once when fade = 0 (a hover exit).
public struct FieldTrack: Sendable {
    public var field: Field
    public var path: PointerPath
    public var on: Double
    public var off: Double?
    public var fade: Double
    public var scale: Float

    public init(field: Field, path: PointerPath, on: Double, off: Double?, fade: Double, scale: Float) {
        self.field = field
        self.path = path
        self.on = on
        self.off = off
        self.fade = fade
        self.scale = scale
    }

    public func intensity(at t: Double) -> Float {
        if t < on { return 0 }
        guard let off, t > off else { return scale }
        guard fade > 0 else { return 0 }
        return scale * Float(max(0, 1 - (t - off) / fade))
    }

    /// The last time the field can act, or nil if it never ends.
    public var end: Double? { off.map { $0 + fade } }
}
