import Raster

/// Every default of the Content module in one table, with where each number comes from.
///
/// Sources: the FORK design language (shared/seeds/000: "Serif warmth on glass", "Monospace labels", the
/// materials), Apple's material and vibrancy guidance (shared/seeds/003), Apple's Human Interface Guidelines
/// type sizes (Body 17 pt, Caption 12 pt, Large Title 34 pt), WCAG 2.2 (contrast ratio, success criteria 1.4.3
/// and 1.4.11) and APCA (the "bronze" simple-mode use table of APCA-W3 0.1.9 / 0.0.98G).
public enum ContentDefaults {
    // MARK: Type
    /// HIG Body text size, points.
    public static let labelSize: Float = 17
    /// Family of a label without `font`: the system sans-serif.
    public static let family = "sans"
    /// OpenType weight class of a label without `weight`.
    public static let weight = 400

    // MARK: Symbols, fills, separators
    /// The coordinate box of symbol path data (SF Symbols and most icon sets draw on a 24 x 24 grid).
    public static let symbolViewBox = Rect(x: 0, y: 0, width: 24, height: 24)
    /// How a symbol without `rendering` takes its colours: a mask filled with its ink, as SF Symbols' default.
    public static let symbolRendering = SymbolRendering.monochrome
    /// Most colours in a symbol's `palette` (SF Symbols' palette mode styles up to three layers; icon files
    /// hold a handful of distinct paints).
    public static let maxPaletteColors = 16
    /// Curve flattening tolerance, device pixels.
    public static let flatness: Float = 0.1
    /// Stroke defaults of inline symbols: SVG's own initial values (width 1, butt caps, miter joins, miter limit
    /// 4), so an inline stroke means what the same attributes mean in a browser.
    public static let strokeWidth: Float = 1
    public static let strokeCap = Stroke.Cap.butt
    public static let strokeJoin = Stroke.Join.miter
    public static let strokeMiterLimit: Float = 4

    // MARK: Icon files: budgets checked before anything is allocated
    /// Largest icon file read, bytes: icon sets' files are under 2 KB and detailed illustrations a few hundred
    /// KB; 1 MiB bounds parse time and memory (librsvg's own XML limits apply on top).
    public static let maxSymbolFileBytes = 1 << 20
    /// Largest coordinate in a symbol's box (viewBox or width/height) and in a stroke, path units. Icon grids are
    /// 16 to 1024 units; a box of 10^6 still renders exactly in cairo's 24.8 fixed point after scaling.
    public static let maxSymbolBox: Float = 1_000_000
    /// Most dash entries in a stroke (SVG allows any; real icons use two or four).
    public static let maxDashCount = 16
    /// The cost budgets of a symbol (`SVGBudget`, checked on the document's text before librsvg parses it;
    /// docs/limits.md gives the measurements). Inline path data, characters: Lucide's longest path is under 1 KB.
    public static let maxPathCharacters = 65_536
    /// Segments of one path (arcs count as the up to four cubics they become), a bound of the scan's own work
    /// (parsing and the crossing-pair sweep): icon paths hold tens to a few thousand (Breeze's kicker 2,425).
    /// What segments cost librsvg depends on the pixels they are drawn at: the scene budgets segments x the
    /// symbol's size (`SceneLimits.symbolSegmentRows`), and crossings have a budget of their own.
    public static let maxPathSegments = 20_000
    /// Segments of a whole document, with `<use>` and markers instanced.
    public static let maxSymbolSegments = 40_000
    /// Segment pairs with overlapping boxes, summed over a document's paths: what makes cairo's scan conversion
    /// quadratic. 1,000 random lines crossing a 2048 px icon (about 250,000 pairs) fill in 1.8 s.
    public static let maxCrossingPairs = 250_000
    /// Elements drawn, with `<use>` and markers instanced (an icon holds a handful).
    public static let maxSymbolElements = 2_000
    /// Element nesting.
    public static let maxSymbolDepth = 32
    /// Dash pieces: stroke length / shortest dash period x entries.
    public static let maxDashSegments = 10_000.0
    /// Filter passes: each filtered element's filter's primitives, summed (each one pass over at most the
    /// symbol's pixels: a blur of a 2048 x 2048 px icon takes librsvg 2.6 s, of a 200 px one 0.03 s; the scene
    /// budgets the pixels, `SceneLimits.symbolFilterPixels`). Breeze's parley.svg runs 21 (3 primitives over 7
    /// elements) and rocs.svg 146 (50 filtered elements): rsvg-convert draws rocs at 2048 px in 1.45 s of CPU,
    /// at 64 px in 0.04 s. This bound keeps the scan's count and librsvg's per-pass overhead finite.
    public static let maxFilterWork = 512
    /// Device pixels of a symbol's fitted box at the canvas scale: 2048 x 2048. librsvg's time per fill and per
    /// filter primitive grows with it.
    public static let maxSymbolPixels = 4_194_304.0
    /// Pixels of the pictures an icon embeds with `data:` URLs (`PictureSize`: a decoder holds 4 bytes each):
    /// 4096 x 4096, 64 MB decoded. A 30000 x 30000 one-bit PNG is 109 KB compressed and took librsvg 14.7 s and
    /// 6.2 GB.
    public static let maxIconPicturePixels = 16_777_216
    /// `data:` SVG documents inside `data:` SVG documents, each measured under the same budgets.
    public static let maxDataDocumentNesting = 4
    /// Characters of `<text>` in one icon (Pango lays each out; icons label a few words at most).
    public static let maxIconTextCharacters = 1_000
    /// An icon's font sizes, at most this many times the larger side of its box (absolute units).
    public static let maxIconFontScale = 4
    /// How much an icon's transforms and nested viewports may enlarge its text (the product of every element's
    /// own scale, `SVGScan+TextScale`): with the font budget, Pango's sizes stay within what it lays out in
    /// milliseconds (a scale of 1e5 took 0.07 s, 1e7 took 4.7 s).
    public static let maxIconTextScale = 256.0
    /// Style-sheet selectors x elements, weighted (`SVGScan+StyleSheets`): librsvg takes 20-55 ns of CPU per
    /// unit for every selector kind measured (forkrender's own draw 1.1-1.7 times rsvg-convert's), so the limit
    /// is at most about the 1 s icon budget, at any size drawn. Theme icons reach 5,599 (Breeze's
    /// kickoff.svg: 11 selectors over 509 elements); 40,000 class selectors over 400 elements (16,080,000) took
    /// rsvg-convert 0.45 s of CPU (docs/limits.md).
    public static let maxSelectorWork = 10_000_000
    /// Corner radius of a fill without `radius`, points (the design language's small control radius).
    public static let fillRadius: Float = 10
    /// Separators are one device pixel thick at any scale (UIKit's hairline: 1 / displayScale points).
    public static let separatorPixels = 1

    // MARK: Vibrancy: how much color each material pulls forward, per appearance
    /// `pull`: the fraction of a vibrant element's color taken from the pixels behind it (0 = the flat token
    /// color, 1 = entirely the backdrop's own color, shaded). Thinner materials let more of the backdrop through,
    /// so their vibrancy pulls more of it forward: the order ultraThin > thin > chrome > regular > thick follows
    /// the materials' foreground alphas (about 0.44, 0.70, 0.82, 0.97 in light appearance; chrome sits between
    /// thin and regular). Apple publishes no numbers for its vibrancy blend; these are chosen to keep that order.
    public static let vibrancyPull: [Material: (light: Float, dark: Float)] = [
        .ultraThin: (0.45, 0.45),
        .thin: (0.38, 0.38),
        .chrome: (0.32, 0.32),
        .regular: (0.28, 0.28),
        .thick: (0.20, 0.20),
    ]
    /// How the pulled backdrop color is shaded before use: in light appearance it is darkened to this fraction
    /// (keeping its hue, like a multiply), in dark appearance lifted this fraction of the way to white.
    public static let vibrancyDepth: (light: Float, dark: Float) = (0.45, 0.55)

    // MARK: Legibility thresholds
    /// WCAG 2 minimum contrast for text (1.4.3, AA) and for large text (>= 18 pt or 14 pt bold in CSS points;
    /// 1 CSS pt = 4/3 iOS pt, so 24 and 18.7 iOS points) and for symbols (1.4.11 non-text contrast).
    public static let wcagText: Float = 4.5
    public static let wcagLargeText: Float = 3
    public static let wcagSymbol: Float = 3
    public static let wcagLargeSize: Float = 24
    public static let wcagLargeBoldSize: Float = 18.7
    /// APCA minimum |Lc| by size (bronze simple mode): body text under 24 pt, 75; from 24 pt (or 16 pt bold), 60;
    /// from 36 pt (or 24 pt bold), 45; symbols and other non-text, 45 ("large, bold or non-text").
    public static let apcaBody: Float = 75
    public static let apcaLarge: Float = 60
    public static let apcaHeadline: Float = 45
    public static let apcaSymbol: Float = 45
    /// The contrast of a label in one frame is the 10th percentile over its area (each pixel weighted by its
    /// coverage): robust to a dot sitting exactly under one stroke, still sensitive to a region of the label
    /// going illegible.
    public static let contrastPercentile: Float = 0.1
}
