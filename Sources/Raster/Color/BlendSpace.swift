/// The space in which a framebuffer stores and composites its pixels.
///
/// iOS (Core Animation) and browsers composite gamma-encoded sRGB values, so `.srgb` is the default: a preview
/// then matches what a device shows, including the familiar darkening where translucent layers overlap.
/// `.linear` composites light intensities, which is physically right and what a blur of light would do; it is
/// offered as an option (`"blending": "linear"` in a scene). Conversion to sRGB happens once, at quantization.
public enum BlendSpace: String, Sendable, CaseIterable {
    case srgb
    case linear

    /// A straight sRGB color as a premultiplied pixel in this space.
    @inlinable
    public func premultiply(_ c: Color) -> SIMD4<Float> {
        switch self {
        case .srgb:
            return SIMD4(c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha)
        case .linear:
            return SIMD4(srgbToLinear(c.red) * c.alpha, srgbToLinear(c.green) * c.alpha,
                         srgbToLinear(c.blue) * c.alpha, c.alpha)
        }
    }

    /// A premultiplied pixel of this space back to a straight sRGB color.
    @inlinable
    public func color(_ p: SIMD4<Float>) -> Color {
        let a = p.w
        guard a > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        let s = SIMD3(p.x, p.y, p.z) / a
        switch self {
        case .srgb:
            return Color(red: s.x, green: s.y, blue: s.z, alpha: a)
        case .linear:
            return Color(red: linearToSRGB(s.x), green: linearToSRGB(s.y), blue: linearToSRGB(s.z), alpha: a)
        }
    }
}
