/// Refraction through a Liquid Glass surface: where on the plane a viewer looking straight down through the glass
/// at a pixel actually sees.
///
/// Model (all lengths in pixels):
/// - The glass is a slab lying on the plane, its side `rimHeight` high and its top edge rounded: the top has
///   height z(d) = rimHeight + thickness * h(d / bezel) above the plane, where d is the distance inward from the
///   panel's edge (minus its signed distance) and h a `BezelProfile`. Past the bezel the top is flat. A ray
///   through the near-vertical rim turns by up to 48 degrees (index 1.5) and travels the slab's height down, so
///   the side's height is what lets the outermost pixels see far inward (about 47 pt on Apple's glass).
/// - The surface normal follows from the slope: with g the unit vector pointing inward (minus the SDF's
///   gradient) and s = dz/dd, n = normalize(-s g, 1).
/// - A ray from the viewer, i = (0, 0, -1), enters the glass with Snell's law n1 sin t1 = n2 sin t2 (air n1 = 1,
///   glass n2 = `index`), in vector form r = e i + (e c - sqrt(1 - e^2 (1 - c^2))) n with e = 1 / index and
///   c = n . (0, 0, 1).
/// - It travels through the glass down to the plane, z(d) below the surface, and lands displaced by
///   r_xy / |r_z| * z(d). The flat interior (s = 0) gives r = i: no displacement.
/// The bottom face is flat on the plane, so it does not bend the ray again.
public struct Lens: Sendable, Hashable {
    /// Index of refraction of the glass (>= 1); 1.5 is crown glass, the default.
    public var index: Double
    /// The rounded edge's rise from the slab's side to the flat top, pixels.
    public var thickness: Double
    /// Height of the slab's side, where the rounded edge starts, pixels.
    public var rimHeight: Double
    /// Width of the curved rim, pixels, measured inward from the edge.
    public var bezel: Double
    public var profile: BezelProfile

    public init(index: Double = 1.5, thickness: Double, bezel: Double, rimHeight: Double = 0,
                profile: BezelProfile = .convexSquircle) {
        self.index = index
        self.thickness = thickness
        self.rimHeight = rimHeight
        self.bezel = bezel
        self.profile = profile
    }

    /// Surface height z above the plane at inward distance d (pixels).
    public func height(inward d: Double) -> Double {
        rimHeight + thickness * profile.height(bezel > 0 ? d / bezel : 1)
    }

    /// Slope dz/dd at inward distance d.
    public func slope(inward d: Double) -> Double {
        guard bezel > 0, d < bezel else { return 0 }
        return thickness / bezel * profile.slope(d / bezel)
    }

    /// The displacement along the inward direction (pixels; positive = toward the inside) of the point seen
    /// through the surface at inward distance d, for a given index (dispersion passes one index per channel).
    /// Zero on the flat interior; the slope is capped near a vertical rim, so the result is always finite.
    public func displacement(inward d: Double, index: Double? = nil) -> Double {
        let s = slope(inward: d)
        guard s != 0 else { return 0 }
        let z = height(inward: d)
        // Normal n = (-s g, 1) / |.|, written in the 2D frame (inward axis, up axis).
        let len = (s * s + 1).squareRoot()
        let nIn = -s / len, nUp = 1 / len
        let e = 1 / (index ?? self.index)
        let c = nUp  // -n . i with i = (0, -1) in (inward, up)
        let k = 1 - e * e * (1 - c * c)
        guard k > 0 else { return 0 }
        let coefficient = e * c - k.squareRoot()
        let rIn = coefficient * nIn
        let rUp = -e + coefficient * nUp
        guard rUp < 0 else { return 0 }
        return rIn / -rUp * z
    }
}
