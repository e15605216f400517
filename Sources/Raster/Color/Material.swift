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
