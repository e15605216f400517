import Raster

/// What one piece of Liquid Glass is made of: its lens, its veil (what it does to the light it passes), tint,
/// shimmer and the blur under its lens. A lone panel has one; a GlassEffectContainer keeps one per member and
/// `LiquidGlass` blends them across a neck with the smooth union's own weights
/// (`SmoothUnion.signedDistance(_:weights:)`), so each member keeps its own material wherever the other is more
/// than the spacing farther away.
public struct LiquidMaterial: Sendable {
    public var lens: Lens
    /// Extra index for blue over red (0 = no dispersion); red uses index - dispersion/2, blue + dispersion/2.
    public var dispersion: Double
    /// out = gain x saturate(seen, saturation) + offset, capped at white: the variant's and styling's transfer
    /// (GlassDefaults.Liquid.veil).
    public var veil: GlassDefaults.Liquid.Veil
    /// Tint glowing through the glass (alpha = strength), or nil.
    public var tint: Color?
    /// An extra band of light running across the piece (an interactive panel's shimmer): position along its
    /// diagonal (0...1) and strength.
    public var shimmer: (position: Double, strength: Double)?

    public init(lens: Lens, dispersion: Double = 0, veil: GlassDefaults.Liquid.Veil, tint: Color? = nil) {
        self.lens = lens
        self.dispersion = dispersion
        self.veil = veil
        self.tint = tint
    }

    /// How much of what lies behind passes: the veil's gain, at most all of it (the halo's share).
    public var translucency: Float { min(1, veil.gain) }
}
