import Raster

/// Light on Liquid Glass as the device tilts: a soft highlight band sweeping across the surface and a rim light
/// on the part of the bezel that faces the light.
///
/// Frame: x right, y down, z toward the viewer, in device coordinates. At rest the light comes from above and
/// in front (`restLight`). Tilting the device by pitch (top edge away, rotation about x) and roll (right edge
/// down, rotation about y) turns the light the opposite way in device coordinates, which is what moves the
/// highlights across the glass.
public struct Specular: Sendable, Hashable {
    /// Light direction at rest: from the upper side, toward the screen.
    public static let restLight = SIMD3<Double>(0, -0.6, 1)
    /// Peak added white of the rim light and of the band (0...1).
    public var rimStrength: Double = 0.55
    /// The rim's ambient share: what the bezel reflects of the surroundings where it faces away from the light,
    /// times the bezel's steepness |n_xy|, so a dark button over black keeps an edge all round (about 14 levels
    /// at its outermost pixels) while the flat top gets none. See docs/liquid-glass.md, "Rim".
    public var rimAmbient: Double = 0.1
    public var bandStrength: Double = 0.22
    /// Band half-width as a fraction of the panel's diagonal extent.
    public var bandWidth: Double = 0.16

    public init() {}

    /// The light direction in device coordinates for a tilt (radians).
    public static func light(pitch: Double, roll: Double) -> SIMD3<Double> {
        var l = restLight / (restLight * restLight).sum().squareRoot()
        // Device rotates by (pitch, roll); the world-fixed light rotates by the inverse in device space.
        let (sp, cp) = (DMath.sin(-pitch), DMath.cos(-pitch))
        l = SIMD3(l.x, cp * l.y - sp * l.z, sp * l.y + cp * l.z)
        let (sr, cr) = (DMath.sin(-roll), DMath.cos(-roll))
        l = SIMD3(cr * l.x + sr * l.z, l.y, -sr * l.x + cr * l.z)
        return l
    }

    /// Where the band's center crosses the panel, as a fraction 0...1 along its top-left to bottom-right
    /// diagonal: it follows the light's sideways lean, so it moves monotonically as the tilt sweeps.
    public static func bandPosition(light l: SIMD3<Double>) -> Double {
        // Lean of the light along the diagonal axis (1, 1)/sqrt 2, relative to rest.
        let rest = restLight / (restLight * restLight).sum().squareRoot()
        let lean = ((l.x - rest.x) + (l.y - rest.y)) / 2.0.squareRoot()
        return 0.5 + lean * 0.9
    }

    /// Added white light at a point: `u` is the point's position along the panel's diagonal (0...1), `normal`
    /// the unit surface normal there.
    public func intensity(u: Double, normal n: SIMD3<Double>, light l: SIMD3<Double>) -> Double {
        Lighting(self, light: l).intensity(u: u, normal: n)
    }

    /// The band's shape at `u` for a band centered at `center` (fractions of the diagonal): a Gaussian of
    /// half-width `bandWidth`, 1 at its center. The tilt's band and a press's shimmer both take this shape.
    @inlinable
    public func profile(u: Double, center: Double) -> Double {
        let t = (u - center) / bandWidth
        return DMath.exp(-t * t)
    }

    /// Rim: how much the tilted bezel faces the light's sideways lean (n_xy . l_xy), and never less than the
    /// ambient share of its steepness (`rimAmbient` x |n_xy|); zero on the flat top, brightest where the bezel
    /// turns toward the light, and it swings round the rim as the device tilts.
    @inlinable
    public func rim(normal n: SIMD3<Double>, light l: SIMD3<Double>) -> Double {
        let facing = n.x * l.x + n.y * l.y
        let ambient = rimAmbient * (n.x * n.x + n.y * n.y).squareRoot()
        return rimStrength * max(ambient, min(1, 2 * max(0, facing)))
    }

    /// The specular light of one frame: the tilt's light direction and the band's center derived from it, once
    /// per frame. Kernels evaluate `band`, `rim` and the shimmer's `profile` per pixel; nothing that depends on
    /// the frame alone is recomputed there.
    public struct Lighting: Sendable {
        public let specular: Specular
        /// Light direction in device coordinates (`light(pitch:roll:)`).
        public let light: SIMD3<Double>
        /// `bandPosition(light:)`.
        public let bandCenter: Double

        public init(_ specular: Specular, light: SIMD3<Double>) {
            self.specular = specular
            self.light = light
            bandCenter = Specular.bandPosition(light: light)
        }

        /// The band's light at position `u` along the diagonal.
        @inlinable
        public func band(u: Double) -> Double { specular.bandStrength * specular.profile(u: u, center: bandCenter) }

        /// The rim's light where the unit surface normal is `n`.
        @inlinable
        public func rim(normal n: SIMD3<Double>) -> Double { specular.rim(normal: n, light: light) }

        /// Band and rim together.
        @inlinable
        public func intensity(u: Double, normal n: SIMD3<Double>) -> Double { band(u: u) + rim(normal: n) }
    }
}
