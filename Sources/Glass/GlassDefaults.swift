import Raster

/// Every default of the Glass module, in one table, named as the design language names them.
///
/// Sources (docs/glass.md explains each choice):
/// - Seed 000 ("FORK design language"): max 3 glass layers; 1px separator-color border, no shadows; continuous
///   corners on iOS; the web CSS `backdrop-filter: blur(20px) saturate(1.4)`, background rgba(255,255,255,0.45)
///   light / 0.06 dark, border 1px rgba(255,255,255,0.35); reduce transparency = opaque systemBackground;
///   ambient colors at 0.3 alpha (used as the default tint opacity).
/// - Published iOS design kits: material foreground alphas 0.44 / 0.70 / 0.82 / 0.97 (ultraThin ... thick,
///   light) over a 24 pt background blur.
/// - Apple's UIImageEffects sample (WWDC 2013): saturation delta 1.8 for every effect; the dark effect's tint is
///   white 0.11 at alpha 0.73 (= secondarySystemBackground dark, 28/255), the extra-light one's alpha is 0.82.
public enum GlassDefaults {
    /// At most this many glass layers may cover one point ("Max 3 levels before blur compounds").
    public static let maxLayers = 3

    /// Width of the separator border of the native tiers, in device pixels (a hairline, as CALayer borders
    /// of 1 / scale points draw it).
    public static let borderWidthPixels: Float = 1
    /// The border's color token ("1px separator-color to define edges without shadow").
    public static let borderToken = Token.separator

    /// The opaque tier's fill ("replace glass with opaque systemBackground").
    public static let opaqueToken = Token.systemBackground

    /// Tint opacity when a scene gives none: the seed's ambient color waves bleed at 0.3 alpha.
    public static let tintOpacity: Float = 0.3

    /// The material tokens, thinnest first. Sigma in points; overlay = token at alpha, per appearance.
    public static let materials: [Material: MaterialToken] = [
        .ultraThin: MaterialToken(blurSigmaPoints: 6, saturation: 1.8,
                                  light: .init(.systemBackground, 0.44), dark: .init(.secondarySystemBackground, 0.39)),
        .thin: MaterialToken(blurSigmaPoints: 8, saturation: 1.8,
                             light: .init(.systemBackground, 0.70), dark: .init(.secondarySystemBackground, 0.62)),
        .regular: MaterialToken(blurSigmaPoints: 10, saturation: 1.8,
                                light: .init(.systemBackground, 0.82), dark: .init(.secondarySystemBackground, 0.73)),
        .chrome: MaterialToken(blurSigmaPoints: 11, saturation: 1.8,
                               light: .init(.systemBackground, 0.90), dark: .init(.secondarySystemBackground, 0.80)),
        .thick: MaterialToken(blurSigmaPoints: 12, saturation: 1.8,
                              light: .init(.systemBackground, 0.97), dark: .init(.secondarySystemBackground, 0.86)),
    ]

    /// The seed's CSS for the web tier, value for value.
    public enum Web {
        /// `blur(20px)`: a Gaussian of standard deviation 20 CSS px.
        public static let blurCSSPixels: Float = 20
        /// `saturate(1.4)`.
        public static let saturation: Float = 1.4
        /// `background: rgba(255,255,255,0.45)` light / `rgba(255,255,255,0.06)` dark.
        public static func background(_ a: Appearance) -> Color {
            Color(255, 255, 255, a == .light ? 0.45 : 0.06)
        }
        /// `border: 1px solid rgba(255,255,255,0.35)`.
        public static let borderCSSPixels: Float = 1
        public static let border = Color(255, 255, 255, 0.35)
        /// The specular pseudo-element (our choice; the seed names only "a pseudo-element gradient"):
        /// `::before { content: ""; position: absolute; inset: 0; border-radius: inherit;
        ///   background: linear-gradient(to bottom, rgba(255,255,255,0.25) 0%, rgba(255,255,255,0) 50%); }`
        public static let highlightTopAlpha: Float = 0.25
        /// Where the gradient reaches transparent, as a fraction of the padding box's height.
        public static let highlightEnd: Float = 0.5
    }

    /// The glow halo (`GlowHalo`): the plane's chroma averaged over cells, blurred far beyond any panel's own
    /// blur, lifted by a tone curve to at most `limit` and added to glass in proportion to its translucency.
    /// Our choices; docs/liquid-glass.md measures them.
    public enum Halo {
        /// Cell size of the low-resolution color field, points.
        public static let cellPoints: Float = 8
        /// Standard deviation of the field's blur, points (a bloom lights glass up to about two of these away).
        public static let sigmaPoints: Float = 24
        /// The tone curve's slope for faint color: glowing dots cover a few percent of the plane, so their
        /// averaged chroma is a fraction of a level. With `limit` 16 it lifts a systemPink bloom under ultraThin
        /// glass to 5.9 levels in its hue (frosted) and 4.5 (liquid) at its peak (GlowHaloTests); 24 with a
        /// limit of 12 gave 4.0 and 3.0 (docs/liquid-glass.md has the sweep).
        public static let gain: Float = 48
        /// The most chroma the halo adds through a fully translucent surface, in blend-space units (16 levels of
        /// 255), before the dilution factor: a glow, never paint. Over opaque colored dots (scenes/glass-vivid-*)
        /// the frosted and liquid panels stay within a mean CIEDE2000 of 1.4-2.1 of the same panels without a
        /// halo; 12 kept the liquid bloom under 4 levels (3.9), 16 without the dilution factor moved the vivid
        /// liquid panel by 3.1.
        public static let limit: Float = 16.0 / 255
    }

    /// Liquid Glass (iOS 26). Our choices where Apple publishes no number; docs/liquid-glass.md gives reasons.
    public enum Liquid {
        /// Index of refraction: crown glass.
        public static let index = 1.5
        /// Rim width, points, at most this fraction of the shorter side (a 44 pt button gets an 11 pt rim).
        public static let bezelPoints: Float = 16
        public static let bezelFractionOfShorterSide: Float = 0.25
        /// Height of the flat top above the plane, as a fraction of the rim width.
        public static let thicknessPerBezel: Float = 0.8
        /// Radius of the light blur of what the lens shows, points.
        public static let blurPoints: Float = 0.5
        /// A GlassEffectContainer's spacing when the scene names a container without declaring it, points.
        public static let containerSpacing: Float = 20
        /// The clear variant: its wash is this fraction of the regular one, over a dimming layer of black at this alpha.
        public static let clearWashFraction: Float = 0.35
        public static let clearDimming: Float = 0.12
        /// Light styling (over a light backdrop): the body deepens by this fraction and the band and rim are
        /// multiplied by this gain, so that they read over near-white. Measured in liquid-tilt-sweep (light):
        /// see docs/liquid-glass.md.
        public static let lightBodyShade: Float = 0.06
        public static let lightHighlightGain: Float = 3
    }
}
