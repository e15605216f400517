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

    /// Liquid Glass (iOS 26), held to published measurements of Apple's own glass where there are any
    /// (docs/liquid-glass.md, "Apple's glass, as measured", cites each figure; the rest are ours and say so).
    public enum Liquid {
        /// Index of refraction: crown glass (Apple's glass has no published index; ours).
        public static let index = 1.5
        /// The rounded edge: a quarter circle (`convexCircle`, the circular cap liquid_glass_renderer's Apple
        /// harness validated) of this radius, points, at most half the shorter side. bezel PR 9: a 460 x 120 pt
        /// capsule displaces its backdrop over the outer 27 pt and not at all inside; PR 13: one curve of the
        /// distance from the rim on boxes from 96 to 320 pt, so fixed in points.
        public static let bezelPoints: Float = 27
        public static let bezelFractionOfShorterSide: Float = 0.5
        public static let profile = BezelProfile.convexCircle
        /// The cap's rise, as a fraction of the bezel: 1 for a quarter circle.
        public static let thicknessPerBezel: Float = 1
        /// The slab's side: the height of the rounded edge's foot above the plane, points, at most half the shorter
        /// side (a ray refracted at the rim lands inside the glass's footprint). bezel PR 13 measures the outermost
        /// pixel dragging its backdrop about 47 pt; a ray through the near-vertical rim of glass of index 1.5
        /// leaves at 48 degrees at most, so the edge must stand about that high: 51 pt gives 47 at scale 2.
        public static let rimHeightPoints: Float = 51
        public static let rimHeightFractionOfShorterSide: Float = 0.5
        /// A GlassEffectContainer's spacing when the scene names a container without declaring it, points.
        public static let containerSpacing: Float = 20

        /// What the glass does to the light it passes: out = gain x saturate(backdrop, saturation) + offset, the
        /// transfer bezel fitted to a real NSGlassEffectView over whole-canvas tones (macOS 26).
        public struct Veil: Sendable, Hashable {
            public let gain: Float, saturation: Float
            /// White added, 0...1.
            public let offset: Float

            public init(gain: Float, saturation: Float, offset: Float) {
                (self.gain, self.saturation, self.offset) = (gain, saturation, offset)
            }

            /// Passes what lies behind unchanged.
            public static let none = Veil(gain: 1, saturation: 1, offset: 0)
        }

        /// bezel PR 10 and its theme's refits (macOS 26): `regular` dark passes 0.311 of a 2.55x saturated
        /// backdrop over 11 levels; light 0.139 of 4.27x over 214 ("84% of its output is tint"). `clear` is a
        /// lift: 1.029 x + 16 dark, 1.041 x + 18.8 light (PR 9, SwiftUI's `.clear`: 1.042 x + 19).
        public static func veil(_ variant: Variant, light: Bool) -> Veil {
            switch (variant, light) {
            case (.regular, false): return Veil(gain: 0.311, saturation: 2.55, offset: 11 / 255)
            case (.regular, true): return Veil(gain: 0.139, saturation: 4.27, offset: 214 / 255)
            case (.clear, false): return Veil(gain: 1.029, saturation: 1, offset: 16 / 255)
            case (.clear, true): return Veil(gain: 1.041, saturation: 1, offset: 18.8 / 255)
            }
        }

        /// The veiled variants, as Apple names them (`Glass.regular`, `.clear`).
        public enum Variant: Sendable, Hashable { case regular, clear }

        /// The blur of what the lens shows, a Gaussian's standard deviation in points: bezel PR 10 and its theme
        /// (macOS 26): `regular` 10.8 dark, 8.9 light; `clear` 1.2 (either styling).
        public static func blurSigmaPoints(_ variant: Variant, light: Bool) -> Float {
            switch (variant, light) {
            case (.regular, false): return 10.8
            case (.regular, true): return 8.9
            case (.clear, _): return 1.2
            }
        }

        /// That blur at `scale` pixels per point: the kernel nearest the sigma (`Tent(sigma:)`: a tent or a half
        /// step between two, ties to the smaller). At scale 3: 10.8 pt is a tent of radius 39 (10.75 pt), 8.9 of
        /// 32 (8.84 pt), 1.2 of 4 (1.22 pt); at scale 2 1.2 pt is boxes of 2 and 3 (1.22 pt).
        public static func blur(_ variant: Variant, light: Bool, scale: Float) -> Tent {
            Tent(sigma: Double(blurSigmaPoints(variant, light: light)) * Double(scale))
        }

        /// Light styling over a backdrop whose mean Rec. 709 luma (of the encoded values) is at least this.
        /// liquidum reads UIKit switching on that mean; Apple's threshold is unpublished, two libraries default to
        /// 0.5 (liquid_glass_renderer, Kyant0): ours is theirs.
        public static let lightStylingLuma: Double = 0.5

        /// Hysteresis of the styling (Compose's `LiquidStyling`, which the glass and its adaptive foreground
        /// share): a part styled dark turns light once the luma behind it reaches `lightStylingLuma` + this, and
        /// back below `lightStylingLuma` - this, so a backdrop hovering at the threshold (a scroll, a dot passing)
        /// does not flip it back and forth. UIKit switches with hysteresis (liquidum), its band unpublished: 0.03 is
        /// ours, about the mean's swing as a 60 pt bar scrolls 4 pt over a photograph's edge.
        public static let foregroundHysteresis: Double = 0.03
        /// The styling's mean samples what lies behind a part every this many points in both directions (ours:
        /// 4 pt, 12 px at a phone's scale; a grid in points keeps the choice the same at every render scale).
        public static let stylingSamplePoints: Float = 4

        /// How long a `tap` event presses an interactive panel it lands on (`TouchPresses`), seconds: a tap's
        /// contact. Ours: 0.1 s, the touch-down-to-up of a quick tap; UIKit's own is the finger's.
        public static let tapPressSeconds: Double = 0.1

        /// The selection lens of a tab bar (`SelectionSpring`): a SwiftUI-style spring from tab to tab, and the
        /// squash its speed gives it. Response 0.35 s, damping fraction 0.7 (ours, the press's response with a
        /// little less bounce): it overshoots by e^(-pi z / sqrt(1 - z^2)) = 4.6% of the move at 0.245 s and stays
        /// within 1% of its target from 0.37 s. Kyant0's LiquidBottomTabs moves its lens on a critically damped
        /// spring (stiffness 800, no overshoot); liquid_glass_widgets measured UIKit's lens landing with a squish,
        /// its trailing edge overshooting: a bounce is what iOS shows.
        public static let selectionResponse: Double = 0.35
        public static let selectionDampingFraction: Double = 0.7
        /// The squash of Kyant0's LiquidBottomTabs: with v the speed along an axis, the lens is stretched along it
        /// by 1 / (1 - min(0.75 v, 0.2)) and thinned across it by 1 - min(0.25 v, 0.15) (its clamps).
        public static let selectionStretch: Double = 0.75
        public static let selectionStretchLimit: Double = 0.2
        public static let selectionThinning: Double = 0.25
        public static let selectionThinningLimit: Double = 0.15
        /// The speed at which v = 1, in lens widths (heights, across) per second. Kyant0 divides by the lens's width
        /// (v in widths per second) and then clamps at once; ours is 40 widths per second, so a one-tab move (peak
        /// 8.2 widths per second on this spring) stretches by 20% and two tabs or more reach the clamp, 25%.
        /// liquid_glass_widgets measured UIKit's travel stretch at about 12% of the lens's width.
        public static let selectionSpeedReference: Double = 40
        /// How long a selection event presses the lens (it swells while it travels): Kyant0's 250 ms between the
        /// drag's start and stop on a tap.
        public static let selectionPressSeconds: Double = 0.25

        /// The surroundings the rounded edge reflects, as a grey (0...1) and the light's share on the side facing
        /// it. The excess of Fresnel's reflectance over head-on (the flat top's own reflection is in the veil)
        /// mirrors them: bezel measured +25 levels at the outermost pixels over black, gone within about 1 pt.
        public static let environment: Double = 0.25
        public static let environmentLight: Double = 0.35
    }

    /// The scroll edge effect (`ScrollEdge`). Apple publishes words and pictures, no figures (SwiftUI's
    /// `ScrollEdgeEffectStyle`: soft "a subtle, blurred boundary ... progressively more opaque" toward the edge;
    /// hard "a linear, nearly opaque boundary" with "a defined, straight horizontal line"); the numbers below are
    /// chosen to match those pictures and are the ones docs/liquid-glass.md states.
    public enum ScrollEdgeEffect {
        /// The band reaches this far past the bar's far side, points (soft: the content fades in over it).
        public static let softExtent: Float = 24
        /// hard: the line sits on the bar's edge.
        public static let hardExtent: Float = 0
        /// soft: the box radius at the edge, points (a box of radius r has the variance of a Gaussian of
        /// sigma r / sqrt(3) ... (r + 1) / sqrt(3): about 3.5 pt here, under the bars' own 10 pt blur).
        public static let radius: Float = 6
        /// soft: the background's weight at the edge (fade x s^2).
        public static let fade: Float = 0.8
        /// hard: "nearly opaque": the background at 95% over the band.
        public static let opacity: Float = 0.95
        /// hard: the dividing line, the separator token in a hairline of one device pixel (as the border's).
        public static let lineToken = Token.separator
        public static let lineWidthPixels = 1
    }
}
