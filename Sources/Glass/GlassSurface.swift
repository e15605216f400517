import Raster

/// One glass surface of one frame, resolved to pixels: everything an effect needs to draw it.
public struct GlassSurface: Sendable {
    public var shape: PanelShape
    public var material: Material
    /// A straight sRGB tint, its alpha the strength (`nil`: untinted). Frosted tiers lay it over the blur
    /// layer as a color overlay ("tint bleeds, never paints": keep the alpha well below 1).
    public var tint: Color?
    public var appearance: Appearance
    /// Pixels per point (CSS px and Android dp are points here).
    public var scale: Float
    /// The tier to draw (`Tier.select` chose it). A lone `.liquid` surface drawn through `Glass.draw` gets the
    /// frosted look; the compositor draws liquid panels through `LiquidGlass`, with their containers.
    public var tier: Tier
    /// The glow halo of the frame's plane (nil: none): ambient color bleeding through the material.
    public var halo: GlowHalo?

    public init(shape: PanelShape, material: Material = .thin, tint: Color? = nil, appearance: Appearance = .light,
                scale: Float = 1, tier: Tier = .frosted) {
        self.shape = shape
        self.material = material
        self.tint = tint
        self.appearance = appearance
        self.scale = scale
        self.tier = tier
    }

    public var box: Rect { shape.box }
}
