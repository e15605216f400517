import Raster

/// What one piece of Liquid Glass is made of: its lens, wash, tint, variant dimming, shimmer and the styling of
/// its highlights. A lone panel has one; a GlassEffectContainer keeps one per member and `LiquidGlass` blends
/// them across a neck with the smooth union's own weights (`SmoothUnion.signedDistance(_:weights:)`), so each
/// member keeps its own material wherever the other is more than the spacing farther away.
public struct LiquidMaterial: Sendable {
    public var lens: Lens
    /// Extra index for blue over red (0 = no dispersion); red uses index - dispersion/2, blue + dispersion/2.
    public var dispersion: Double
    /// Surface wash: white in light styling, black in dark, at the adaptive opacity.
    public var surface: Color
    /// Tint glowing through the glass (alpha = strength), or nil.
    public var tint: Color?
    /// Black laid over what the glass shows before the wash (the `clear` variant's dimming layer), 0...1.
    public var dimming: Float = 0
    /// An extra band of light running across the piece (an interactive panel's shimmer): position along its
    /// diagonal (0...1) and strength.
    public var shimmer: (position: Double, strength: Double)?
    /// Light styling (over a light backdrop): the body is deepened by this fraction and the highlights are
    /// multiplied by `highlightGain`, so band and rim read against near-white (see docs/liquid-glass.md).
    /// Dark styling: 0 and 1, highlights as light added to a dark body.
    public var bodyShade: Float = 0
    public var highlightGain: Float = 1

    public init(lens: Lens, dispersion: Double = 0, surface: Color, tint: Color? = nil) {
        self.lens = lens
        self.dispersion = dispersion
        self.surface = surface
        self.tint = tint
    }

    /// Sets the highlight styling for the backdrop: light styling deepens the body and strengthens the
    /// highlights by `GlassDefaults.Liquid`'s light-styling figures; dark styling leaves both neutral.
    public mutating func style(light: Bool) {
        bodyShade = light ? GlassDefaults.Liquid.lightBodyShade : 0
        highlightGain = light ? GlassDefaults.Liquid.lightHighlightGain : 1
    }
}
