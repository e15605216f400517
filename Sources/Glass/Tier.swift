import Raster

/// Which glass look a surface gets. Chosen in one place, `Tier.select`, from the device and the accessibility
/// setting (the table in docs/glass.md is this function, written out).
public enum Tier: String, Sendable, CaseIterable, Hashable {
    /// iOS 26 Liquid Glass: refraction, specular, morphing (`LiquidGlass`; the compositor groups panels of one
    /// container into one smooth union and draws it with the lens).
    case liquid
    /// iOS 16 to 25: UIVisualEffectView material. Blur, saturation, overlay, continuous corners.
    case frosted
    /// Browsers: the seed's `backdrop-filter` CSS, exactly. Circular corners, no refraction.
    case web
    /// Android 12+ (API 31): RenderEffect blur and an overlay. No saturation, refraction or lensing.
    case android
    /// Android before API 31: a semi-transparent surface with no blur.
    case androidLegacy = "android-legacy"
    /// Reduce Transparency: opaque systemBackground.
    case opaque

    /// Whether this module can draw the tier. Every tier is drawn now; the mechanism stays for tiers to come.
    public var isImplemented: Bool { true }

    /// The tier actually drawn: the tier itself, or `.frosted` for a tier not implemented yet.
    public var rendered: Tier { isImplemented ? self : .frosted }

    /// Whether the tier's platform lights glass with the glow halo (`GlowHalo`): the iOS tiers only. CSS
    /// `backdrop-filter` is a filter chain over the backdrop and nothing else, and Android's `RenderEffect` is
    /// Skia's blur image filter under an overlay; neither has a halo, so the web and Android tiers never get one
    /// (their tiers match Chromium and Skia: docs/glass.md). The opaque tiers let no light through.
    public var drawsGlowHalo: Bool {
        switch self {
        case .liquid, .frosted: return true
        case .web, .android, .androidLegacy, .opaque: return false
        }
    }

    /// The corner curve the tier's platform draws: continuous for the iOS tiers, circular arcs for CSS
    /// `border-radius` and Compose shapes; nil for `.opaque`, which follows the device.
    public var cornerCurve: CornerCurve? {
        switch self {
        case .liquid, .frosted: return .continuous
        case .web, .android, .androidLegacy: return .circular
        case .opaque: return nil
        }
    }
}

/// The device a surface is previewed on, as Glass needs to know it (Scene maps its `Platform` to this).
public enum Device: Sendable, Hashable {
    /// iOS or iPadOS, by major version.
    case iOS(version: Int)
    /// A current browser with `backdrop-filter`.
    case web
    /// Android, by API level (31 = Android 12, the first with RenderEffect blur).
    case android(apiLevel: Int)

    /// The first iOS with Liquid Glass (UIGlassEffect).
    public static let liquidGlassVersion = 26
    /// The first Android API level with `RenderEffect.createBlurEffect`.
    public static let renderEffectAPILevel = 31

    /// How the platform turns rounded corners: Apple's continuous curve on iOS, CSS / Compose circular arcs
    /// elsewhere.
    public var cornerCurve: CornerCurve {
        if case .iOS = self { return .continuous }
        return .circular
    }
}

/// The outcome of tier selection for one surface.
public struct TierChoice: Sendable, Hashable {
    /// The tier the design asks for on this device.
    public var tier: Tier
    /// The tier drawn (differs from `tier` only while a tier is not implemented).
    public var rendered: Tier { tier.rendered }
    /// Why the drawn tier differs from the requested one, when it does (a note for the user, never silent).
    public var note: String? {
        tier.isImplemented ? nil
            : "the \(tier.rawValue) tier is not rendered yet (it comes with Liquid Glass); drawing the \(rendered.rawValue) tier instead"
    }
}

extension Tier {
    /// The tier for a surface.
    ///
    /// | input                              | tier            |
    /// |------------------------------------|-----------------|
    /// | reduceTransparency                 | opaque (always) |
    /// | `requested` (a scene's per-panel `tier`) | that tier |
    /// | iOS 26+                            | liquid          |
    /// | iOS 16 to 25 (and older)           | frosted         |
    /// | web                                | web             |
    /// | Android API 31+                    | android         |
    /// | Android API 30 and older           | android-legacy  |
    public static func select(device: Device, reduceTransparency: Bool, requested: Tier? = nil) -> TierChoice {
        if reduceTransparency { return TierChoice(tier: .opaque) }
        if let requested { return TierChoice(tier: requested) }
        switch device {
        case .iOS(let v): return TierChoice(tier: v >= Device.liquidGlassVersion ? .liquid : .frosted)
        case .web: return TierChoice(tier: .web)
        case .android(let api): return TierChoice(tier: api >= Device.renderEffectAPILevel ? .android : .androidLegacy)
        }
    }
}
