

/// Light or dark appearance; every token has one value for each.
public enum Appearance: String, Sendable, CaseIterable {
    case light
    case dark
}

/// The design tokens of the FORK language: Apple's dynamic system colors, as UIKit defines them for iOS 13 and
/// later (values from Apple's "Color" page of the Human Interface Guidelines and UIColor's documented
/// components). No color in the renderer is invented outside this table: dots are `label` at an alpha, the plane
/// is `systemGroupedBackground`, opaque glass is `systemBackground`, borders are `separator`, and the ambient
/// palette is drawn from the system hues below.
public enum Token: String, Sendable, CaseIterable {
    // Labels (text and glyphs), most to least contrast.
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel
    // Backgrounds.
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground
    // Separators.
    case separator, opaqueSeparator
    // Fills (thin shapes and large areas), most to least contrast.
    case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
    // System hues (accents, tints and the plane's ambient palette).
    case systemBlue, systemPurple, systemPink, systemOrange, systemTeal
    case systemGreen, systemIndigo, systemRed, systemYellow, systemMint, systemCyan, systemGray

    /// The token's value in an appearance.
    public func color(_ appearance: Appearance) -> Color {
        let pair = Token.table[self]!
        return appearance == .light ? pair.light : pair.dark
    }

    private static let table: [Token: (light: Color, dark: Color)] = [
        .label: (Color(0, 0, 0), Color(255, 255, 255)),
        .secondaryLabel: (Color(60, 60, 67, 0.6), Color(235, 235, 245, 0.6)),
        .tertiaryLabel: (Color(60, 60, 67, 0.3), Color(235, 235, 245, 0.3)),
        .quaternaryLabel: (Color(60, 60, 67, 0.18), Color(235, 235, 245, 0.16)),

        .systemBackground: (Color(255, 255, 255), Color(0, 0, 0)),
        .secondarySystemBackground: (Color(242, 242, 247), Color(28, 28, 30)),
        .tertiarySystemBackground: (Color(255, 255, 255), Color(44, 44, 46)),
        .systemGroupedBackground: (Color(242, 242, 247), Color(0, 0, 0)),
        .secondarySystemGroupedBackground: (Color(255, 255, 255), Color(28, 28, 30)),
        .tertiarySystemGroupedBackground: (Color(242, 242, 247), Color(44, 44, 46)),

        .separator: (Color(60, 60, 67, 0.29), Color(84, 84, 88, 0.6)),
        .opaqueSeparator: (Color(198, 198, 200), Color(56, 56, 58)),

        .systemFill: (Color(120, 120, 128, 0.2), Color(120, 120, 128, 0.36)),
        .secondarySystemFill: (Color(120, 120, 128, 0.16), Color(120, 120, 128, 0.32)),
        .tertiarySystemFill: (Color(118, 118, 128, 0.12), Color(118, 118, 128, 0.24)),
        .quaternarySystemFill: (Color(116, 116, 128, 0.08), Color(118, 118, 128, 0.18)),

        .systemBlue: (Color(0, 122, 255), Color(10, 132, 255)),
        .systemPurple: (Color(175, 82, 222), Color(191, 90, 242)),
        .systemPink: (Color(255, 45, 85), Color(255, 55, 95)),
        .systemOrange: (Color(255, 149, 0), Color(255, 159, 10)),
        .systemTeal: (Color(48, 176, 199), Color(64, 200, 224)),
        .systemGreen: (Color(52, 199, 89), Color(48, 209, 88)),
        .systemIndigo: (Color(88, 86, 214), Color(94, 92, 230)),
        .systemRed: (Color(255, 59, 48), Color(255, 69, 58)),
        .systemYellow: (Color(255, 204, 0), Color(255, 214, 10)),
        .systemMint: (Color(0, 199, 190), Color(99, 230, 226)),
        .systemCyan: (Color(50, 173, 230), Color(100, 210, 255)),
        .systemGray: (Color(142, 142, 147), Color(142, 142, 147)),
    ]
}

/// The system materials, thinnest first (`allCases` is the thickness order: each blurs more and covers more
/// than the one before). Named as UIBlurEffect.Style names them (`.systemUltraThinMaterial` ...).
///
/// One token for both sides of a panel: Glass draws the material (its blur, saturation and overlay,
/// `Material.token`), Content pulls its vibrant colors from it (`ContentDefaults.vibrancyPull`); the scene
/// decodes it once and hands the same value to each.
///
/// `chrome` (`.systemChromeMaterial`, the bars' material) sits between regular and thick: bars need more
/// legibility over scrolling content than a floating panel, but still show a hint of what moves beneath.
public enum Material: String, Sendable, CaseIterable, Hashable {
    case ultraThin
    case thin
    case regular
    case chrome
    case thick
}
