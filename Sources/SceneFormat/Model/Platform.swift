/// The device a scene previews. It decides which glass tier each surface gets (see `Tier` in Glass and the
/// table in docs/glass.md): iOS 26 has Liquid Glass, iOS 16 to 25 the frosted fallback, the web the CSS
/// `backdrop-filter` approximation, Android 12+ (API 31) RenderEffect blur, older Android a plain translucent surface.
public enum Platform: String, Sendable, CaseIterable {
    case ios26
    case ios25, ios24, ios23, ios22, ios21, ios20, ios19, ios18, ios17, ios16
    case web
    case android
    case androidLegacy = "android-legacy"

    public var isLiquidGlassCapable: Bool { self == .ios26 }
    public var isFrostedIOS: Bool {
        switch self {
        case .ios16, .ios17, .ios18, .ios19, .ios20, .ios21, .ios22, .ios23, .ios24, .ios25: return true
        default: return false
        }
    }
}
