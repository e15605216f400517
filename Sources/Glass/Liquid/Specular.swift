import Raster

/// Light on Liquid Glass as the device tilts: a soft highlight band sweeping across the surface, and the rounded
/// edge mirroring its surroundings, brighter on the side that faces the light.
///
/// Frame: x right, y down, z toward the viewer, in device coordinates. At rest the light comes from above and
/// in front (`restLight`). Tilting the device by pitch (top edge away, rotation about x) and roll (right edge
/// down, rotation about y) turns the light the opposite way in device coordinates, which is what moves the
/// highlights across the glass.
public struct Specular: Sendable, Hashable {
    /// Light direction at rest: from the upper side, toward the screen.
    public static let restLight = SIMD3<Double>(0, -0.6, 1)
    /// The surroundings the edge mirrors (grey, 0...1) and what the light adds where the edge faces it
    /// (GlassDefaults.Liquid).
    public var environment: Double = GlassDefaults.Liquid.environment
    public var environmentLight: Double = GlassDefaults.Liquid.environmentLight
    /// How much of Fresnel's excess the edge mirrors: 1, the physical share; 0 turns the mirror off (tests of
    /// the lens alone).
    public var mirror: Double = 1
    /// Peak added white of the band (0...1) and its half-width as a fraction of the panel's diagonal extent:
    /// ours (no measurement of Apple's glass has a band); narrow, so a wide bar shows a highlight, not a veil.
    public var bandStrength: Double = 0.22
    public var bandWidth: Double = 0.08
    /// The index whose reflectance the edge has: crown glass.
    public static let reflectingIndex = 1.5

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

    /// The band's shape at `u` for a band centered at `center` (fractions of the diagonal): a Gaussian of
    /// half-width `bandWidth`, 1 at its center. The tilt's band and a press's shimmer both take this shape.
    @inlinable
    public func profile(u: Double, center: Double) -> Double {
        let t = (u - center) / bandWidth
        return DMath.exp(-t * t)
    }

    /// The edge's mirror where the unit surface normal is `n`: the share of the light it reflects beyond what
    /// the flat top reflects head-on, (R - R0) / (1 - R0) with R Fresnel's unpolarized reflectance for a ray
    /// from straight above (R0 = 4%, in the measured veil already), and the grey it mirrors there: the
    /// surroundings, plus the light where the edge faces its sideways lean (n_xy . l_xy), so the bright side
    /// swings round the rim as the device tilts. Zero on the flat top; over white the edge reads darker, over
    /// black lighter.
    @inlinable
    public func reflection(normal n: SIMD3<Double>, light l: SIMD3<Double>) -> (share: Double, grey: Double) {
        let facing = n.x * l.x + n.y * l.y
        let grey = environment + environmentLight * min(1, 2 * max(0, facing))
        return (mirror * Specular.excessReflectance(sine: (n.x * n.x + n.y * n.y).squareRoot()), grey)
    }

    /// (R - R0) / (1 - R0) for a ray meeting the surface at an angle whose sine is `sine`: Fresnel's equations
    /// for unpolarized light entering glass of `reflectingIndex` from air.
    @inlinable
    public static func excessReflectance(sine si: Double) -> Double {
        let n = reflectingIndex
        let ci = max(0, 1 - si * si).squareRoot(), st = si / n
        let ct = max(0, 1 - st * st).squareRoot()
        let rs = (ci - n * ct) / (ci + n * ct), rp = (ct - n * ci) / (ct + n * ci)
        let r = (rs * rs + rp * rp) / 2, r0 = (n - 1) * (n - 1) / ((n + 1) * (n + 1))
        return si > 0 ? max(0, (r - r0) / (1 - r0)) : 0
    }

    /// The specular light of one frame: the tilt's light direction and the band's center derived from it, once
    /// per frame. Kernels evaluate `band`, `reflection` and the shimmer's `profile` per pixel; nothing that depends on
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

        /// The edge's mirror where the unit surface normal is `n` (`Specular.reflection(normal:light:)`).
        @inlinable
        public func reflection(normal n: SIMD3<Double>) -> (share: Double, grey: Double) {
            specular.reflection(normal: n, light: light)
        }
    }
}
