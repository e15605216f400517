/// The upper bound of every number a scene may hold, in one table (docs/limits.md lists them with the reason
/// for each). Every bound is physical: a canvas coordinate, a duration, a length. A well-formed number past
/// one of them is refused at decode with its JSON path, so render code never sees a value that could trap a
/// Double -> Int conversion, overflow an index or allocate more than the machine holds.
public enum SceneLimits {
    /// Any number anywhere in a scene (the net under every field without a tighter bound): no length, time,
    /// speed or strength the design language uses comes within a factor of 1,000 of it.
    public static let magnitude = 1_000_000.0
    /// Coordinates (points, frame origins), points: ±100,000 pt is 250 iPhone widths beyond the origin.
    public static let coordinate = 100_000.0
    /// Lengths (canvas and frame sizes, radii, separators, dot sizes, spacing, overflow), points.
    public static let length = 100_000.0
    /// Canvas scale, pixels per point (devices ship 1, 2 and 3).
    public static let scale = 16.0
    /// A scene's duration and any event's, seconds (one hour).
    public static let duration = 3_600.0
    /// duration x fps: one hour at 60 fps. The physics replay to the last frame then takes 216,000 steps.
    public static let frames = 216_000
    /// Dots on the plane, grid plus overflow: 5 million dots hold about 240 MB of state, and cover a
    /// 64-megapixel canvas at the 4 pt spacing floor (4.0 million).
    public static let dots = 5_000_000
    /// Scheduled effects: taps, effects and drag trail rings (one every 25 pt of drag), each a live wave.
    public static let effects = 10_000
    /// The shortest ambient interval, seconds: ambient waves live 4-8 s, so at most about 80 are alive at once.
    public static let ambientInterval = 0.1
    /// An effect's life, seconds (the longest seed effect lives 8 s).
    public static let effectLife = 60.0
    /// Characters in one label (each becomes at least one glyph).
    public static let characters = 10_000
    /// One label's glyph raster, pixels: characters x (size x scale)^2, the area its coverage mask spans.
    /// 64 megapixels, like the canvas limit (a 4-byte mask of it is 256 MB).
    public static let textArea = 64_000_000.0
    /// The smallest symbol `viewBox` side, in its units: below it the fit-to-frame scale leaves Float range.
    public static let viewBoxSide = 0.001
    /// Elements of any array in a scene (events, keyframes, points, check frames).
    public static let arrayElements = 10_000
    /// Glass panels: the glass rules check every panel at every frame time of an animated scene, about
    /// 0.08 s per panel for an hour at 60 fps (measured: 50 panels 3.8 s, 100 panels 8.3 s, 2,000 over a
    /// minute). The design language uses glass for a handful of controls.
    public static let glassPanels = 64
    /// A selection lens's tabs: a tab bar holds five at most on iOS; its frame sums a term per selection event.
    public static let selectionTabs = 16
    /// A selection lens's events: its frame at any time sums one spring step per event before it, for every
    /// frame drawn and every check of the layer rule (1,000 events: about 40 us per frame).
    public static let selectionEvents = 1_000
    /// Content items (labels, symbols, fills, separators).
    public static let contentItems = 1_000
    /// Scene file size, bytes (the largest example scene is under 20 KB).
    public static let fileBytes = 16_000_000
    /// Symbols' crossing segment pairs, summed over the scene (`SVGCost.crossingPairs`; each symbol has at most
    /// `ContentDefaults.maxCrossingPairs`): four symbols at their own budget, about 7 s of librsvg at 2048 px.
    public static let symbolCrossingPairs = 1_000_000
    /// Filter passes over symbol pixels, summed over the scene (primitives x filtered elements x the symbol's
    /// device pixels): two passes over a 2048 x 2048 px symbol, about 5 s of librsvg; a 100 pt symbol at scale 3
    /// may run 93.
    public static let symbolFilterPixels = 8_388_608.0
    /// The area an icon's `<text>` is laid out at, device pixels, summed over the scene's symbols
    /// (`SVGCost.glyphArea`): Pango and cairo lay out and rasterize every glyph at its full size, clipped or not.
    /// Measured with rsvg-convert 2.54 at 2048 px: 1,000 characters at 8,192 px (6.7e10) 0.85 s of CPU, at
    /// 32,768 px 5.0 s, and at 131,072 px (a 96-unit font under scale(16) in a 24-unit box) over 60 s.
    public static let symbolGlyphArea = 6.4e10
    /// Path segments x the symbol's larger side in device pixels, summed over the scene's symbols: cairo walks
    /// each edge over the rows it spans. Measured with rsvg-convert 2.54 at 2048 px (user CPU time; wall time
    /// was 3x on the shared machine): Breeze's 2,425-segment kicker icon (5.0e6) 0.19 s; 20,000 edges that each
    /// span every row (4.1e7) 0.56 s; a 40,000-segment random walk (8.2e7) 0.87 s. About half a second of CPU.
    public static let symbolSegmentRows = 4.0e7
    /// A backdrop image's pixels, read from its PNG header before decoding: 16.8 megapixels (4096 x 4096) is
    /// 256 MB as float pixels in the blend space, and more than any phone screenshot holds.
    public static let backdropPixels = 16_777_216.0
    /// A backdrop video's file, bytes, checked before ffprobe reads it: ffprobe counts its packets (reading it
    /// whole), about 1 s per 500 MB.
    public static let videoFileBytes = 1_000_000_000
    /// A backdrop video frame's pixels, from ffprobe: 3840 x 2160 (8.3 megapixels), 12 MB of yuv420p and 133 MB
    /// as float pixels.
    public static let videoFramePixels = 8_294_400.0
    /// A backdrop video's frames, from ffprobe's packet count: ten minutes at 60 fps. A render that starts at
    /// frame k decodes the k frames before it (and a loop starts over), so this bounds that replay.
    public static let videoFrames = 36_000
    /// A backdrop video's duration, seconds, from ffprobe (ten minutes).
    public static let videoDuration = 600.0
    /// Seconds ffprobe may take to read a backdrop video's header and count its packets before it is killed.
    public static let videoProbeSeconds = 20.0
    /// A scrolled backdrop is kept whole as placed: at most this many canvases of pixels (16 B each).
    public static let scrolledCanvases = 4.0
    /// Pixels of the pictures the scene's symbols embed (`SVGCost.picturePixels`), summed over the symbols: four
    /// icons at their own budget (`ContentDefaults.maxIconPicturePixels`), 256 MB decoded and in the memory
    /// estimate.
    public static let symbolPicturePixels = 67_108_864
    /// `check.regions` entries: each is compared on its own, one more pass over its pixels.
    public static let checkRegions = 64
    /// `check.cluster.window`, pixels: a square's side (a 4096 px square covers a 4K frame's height).
    public static let clusterWindow = 4_096
    /// `check.regions[i].maxDiffPixels`: the default canvas limit's pixels (`--max-megapixels` 64).
    public static let checkPixels = 64_000_000
    /// Liquid Glass container spacing, points (the merge reach; the seed uses 0 to 20 pt).
    public static let containerSpacing = 1_000.0
}

extension NumberRange {
    /// A positive length in points, at most `SceneLimits.length`.
    static let length = NumberRange(lower: 0, lowerInclusive: false, upper: SceneLimits.length, upperInclusive: true, dimension: .points)
    /// A length in points that may be 0, at most `SceneLimits.length`.
    static let lengthOrZero = NumberRange.closed(0, SceneLimits.length).measured(in: .points)
    /// A positive duration in seconds, at most `SceneLimits.duration`.
    static let duration = NumberRange(lower: 0, lowerInclusive: false, upper: SceneLimits.duration, upperInclusive: true, dimension: .seconds)
}
