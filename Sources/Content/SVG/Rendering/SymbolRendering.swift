import Raster

/// How a symbol takes its colours, named as SF Symbols' rendering modes are (SwiftUI's
/// `symbolRenderingMode`), with `original` for a file's own colours (SwiftUI's `Image.renderingMode(.original)`;
/// SF Symbols calls a symbol's built-in colours "multicolor").
///
/// - `monochrome`: the document is a mask (its paint's alpha only) filled with the item's ink, as glyphs are.
/// - `hierarchical`: the same ink at layered opacities taken from the file's own lightness: each pixel's
///   coverage times `1 - 0.75 x` the relative luminance (WCAG 2) of the file's colour there. So the file's
///   black parts are the primary layer (opacity 1), its mid-tones a secondary layer (a grey of luminance 2/3,
///   #D5D5D5, gives 0.5) and its white parts the tertiary (0.25), the opacities SF Symbols' primary,
///   secondary and tertiary layers are commonly drawn at. A rule over pixels, so anti-aliased edges between
///   parts blend evenly; a gradient is one layer, drawn in its most opaque stop's colour
///   (`SymbolPaintServers.flattened`, applied by the decoder).
/// - `palette`: the file's distinct paints, solid and gradient, in the order the file first writes them, take
///   the palette's colours in turn (the last colour repeats, as SwiftUI repeats its last style); see
///   `SymbolPalette`.
/// - `original`: the file's own colours, composited source-over like a colour emoji (the item's ink unused).
public enum SymbolRendering: Sendable, Hashable {
    case monochrome
    case hierarchical
    case palette([Color])
    case original

    /// The mode names a scene writes.
    public static let names = ["monochrome", "hierarchical", "palette", "original"]

    /// The name a scene writes for this mode.
    public var name: String {
        switch self {
        case .monochrome: return "monochrome"
        case .hierarchical: return "hierarchical"
        case .palette: return "palette"
        case .original: return "original"
        }
    }

    /// Whether the symbol is drawn in colours of its own (an image) rather than as a mask painted with the ink.
    public var isColored: Bool {
        switch self {
        case .palette, .original: return true
        case .monochrome, .hierarchical: return false
        }
    }

    /// The hierarchical layer opacity of a straight (unpremultiplied) colour of the file: 1 for black, 0.25 for
    /// white.
    public static func layerOpacity(_ c: Color) -> Float { 1 - 0.75 * c.relativeLuminance }
}
