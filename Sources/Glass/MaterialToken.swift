import Raster

extension Material {
    /// The material's token from `GlassDefaults.materials`.
    public var token: MaterialToken { GlassDefaults.materials[self]! }
}

/// What a material is made of: a blur, a saturation and an overlay color per appearance.
public struct MaterialToken: Sendable, Hashable {
    /// A token color at an alpha (the overlay of the blur layer).
    public struct Overlay: Sendable, Hashable {
        public var token: Token
        public var alpha: Float
        public init(_ token: Token, _ alpha: Float) {
            self.token = token
            self.alpha = alpha
        }
    }

    /// Standard deviation of the backdrop's Gaussian blur, in points (0...; multiply by the scale for pixels).
    public var blurSigmaPoints: Float
    /// CSS `saturate()` amount applied to the blurred backdrop (1 = unchanged).
    public var saturation: Float
    public var light: Overlay
    public var dark: Overlay

    public init(blurSigmaPoints: Float, saturation: Float, light: Overlay, dark: Overlay) {
        self.blurSigmaPoints = blurSigmaPoints
        self.saturation = saturation
        self.light = light
        self.dark = dark
    }

    /// The overlay color for an appearance: the token's value with its alpha multiplied by the overlay alpha.
    public func overlay(_ appearance: Appearance) -> Color {
        let o = appearance == .light ? light : dark
        return o.token.color(appearance).opacity(o.alpha)
    }
}
