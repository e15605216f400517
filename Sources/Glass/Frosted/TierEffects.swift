import Raster

/// Each tier's look, as a `Frost` built from the defaults table. Liquid Glass draws through `LiquidGlass`
/// here, beside these.
extension Tier {
    /// The effect that draws `surface` in this tier. A lone `.liquid` surface drawn through this path (without
    /// the compositor's container grouping, lens and tilt) falls back to the frosted look of its material.
    public func effect(for surface: GlassSurface) -> Frost {
        switch rendered {
        case .liquid, .frosted: return Frost.frosted(surface)
        case .web: return Frost.web(surface)
        case .android: return Frost.android(surface)
        case .androidLegacy: return Frost.androidLegacy(surface)
        case .opaque: return Frost.opaque(surface)
        }
    }
}

extension Frost {
    /// The native hairline border of separator color.
    static func separatorBorder(_ s: GlassSurface) -> Border {
        Border(color: GlassDefaults.borderToken.color(s.appearance), width: GlassDefaults.borderWidthPixels)
    }

    /// iOS 16-25 UIVisualEffectView: the material's blur and saturation over the whole plane, its overlay,
    /// the tint, a separator border.
    public static func frosted(_ s: GlassSurface) -> Frost {
        let m = s.material.token
        return Frost(blur: GaussianBlur(sigma: m.blurSigmaPoints * s.scale), backdrop: .plane,
                     saturation: Saturation(m.saturation),
                     fills: [m.overlay(s.appearance)] + (s.tint.map { [$0] } ?? []),
                     border: separatorBorder(s))
    }

    /// The seed's CSS, exactly: `backdrop-filter: blur(20px) saturate(1.4)` over the border box (mirrored at
    /// its edges), the background, the tint as a further background layer, the specular pseudo-element over
    /// the padding box, the 1px white border. The material does not change the web look (one CSS recipe).
    public static func web(_ s: GlassSurface) -> Frost {
        typealias CSS = GlassDefaults.Web
        let border = CSS.borderCSSPixels * s.scale
        return Frost(blur: GaussianBlur(sigma: CSS.blurCSSPixels * s.scale), backdrop: .box,
                     saturation: Saturation(CSS.saturation),
                     fills: [CSS.background(s.appearance)] + (s.tint.map { [$0] } ?? []),
                     highlight: Highlight(topAlpha: CSS.highlightTopAlpha, end: CSS.highlightEnd, inset: border),
                     border: Border(color: CSS.border, width: border))
    }

    /// Android 12+: `RenderEffect.createBlurEffect` of the plane (same sigma as the material; the equivalent
    /// RenderEffect radius is (sigma - 0.5) / 0.57735 px, Skia's radius-to-sigma rule), the overlay, the tint,
    /// the border. No saturation, refraction or lensing.
    public static func android(_ s: GlassSurface) -> Frost {
        let m = s.material.token
        return Frost(blur: GaussianBlur(sigma: m.blurSigmaPoints * s.scale), backdrop: .plane,
                     fills: [m.overlay(s.appearance)] + (s.tint.map { [$0] } ?? []),
                     border: separatorBorder(s))
    }

    /// Android before API 31: a semi-transparent surface (the overlay and tint), no blur.
    public static func androidLegacy(_ s: GlassSurface) -> Frost {
        let m = s.material.token
        return Frost(blur: GaussianBlur(sigma: 0), backdrop: .plane,
                     fills: [m.overlay(s.appearance)] + (s.tint.map { [$0] } ?? []),
                     border: separatorBorder(s))
    }

    /// Reduce Transparency: opaque systemBackground (no blur, no tint), with the separator border.
    public static func opaque(_ s: GlassSurface) -> Frost {
        Frost(blur: GaussianBlur(sigma: 0), backdrop: .plane,
              fills: [GlassDefaults.opaqueToken.color(s.appearance)],
              border: separatorBorder(s))
    }
}
