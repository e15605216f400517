import Content
import Foundation
import Raster
import SceneFormat

/// The content layer of a frame: labels, symbols, fills and separators, drawn above glass in scene order.
///
/// Each item becomes a coverage mask (glyphs from the per-face glyph cache, paths from the scanline filler,
/// fills and hairlines from their shapes), serially and deterministically; then its paint (a vibrancy level
/// reading the pixels already in the frame, or a plain color) composites the mask with rows split across
/// workers, each pixel written by one worker. So a frame's bytes do not depend on the worker count.
///
/// Items `on` a panel are placed in the panel's coordinates at the frame's time, and scale with its press
/// response about the panel's center (see PanelGeometry).
package struct ContentLayer {
    let document: SceneDocument
    /// The text layout of each label at rest (press scale 1), shaped once; nil for other items.
    let layouts: [TextLayout?]
    /// The last mask of each item and the placement it was built for: content that does not move between frames
    /// is not rebuilt (a mask is a pure function of the item and its placement, so this never changes a byte).
    let cache: MaskCache

    /// The Liquid Glass styling content on each panel follows (`"foreground": "adaptive"`), frame by frame.
    let styling: LiquidStyling

    /// A layer with stores of its own (the legibility report's).
    package init(document: SceneDocument) {
        self.init(document: document, masks: MaskCache(keeping: .everything),
                  styling: LiquidStyling(document: document, backdrops: BackdropCache(keeping: .everything),
                                         cache: StylingCache(keeping: .everything)))
    }

    init(document: SceneDocument, masks: MaskCache, styling: LiquidStyling) {
        self.document = document
        cache = masks
        self.styling = styling
        let scale = document.canvas.scale
        layouts = document.content.items.map { item in
            guard case .label(let l) = item.kind, let face = try? Face.shared(l.font) else { return nil }
            return TextLayout(l.text, face: face, style: l.style, scale: scale, boxWidth: l.frame?.width, request: l.font.request)
        }
    }

    /// A drawn item, for the legibility report: its index, mask and paint, and the colors behind the mask before
    /// it was drawn (row-major over the mask's rectangle).
    package typealias Probe = (_ index: Int, _ mask: CoverageMask, _ paint: Paint, _ before: [Color]) -> Void

    /// Draws every item into `frame`, each as its timeline poses it at `time` (an item not present is not
    /// drawn). Returns rectangles that hold every pixel it may have written, for the frame slot to restore from
    /// the plane next time: each item's mask rectangle (Paint.apply writes only inside it, where coverage > 0; a
    /// mask already holds the item's anti-aliasing, and content draws no shadows) and each color glyph's image
    /// rectangle (ColorGlyphImage.draw), clipped to the frame.
    @discardableResult
    package func render(into frame: inout Framebuffer, time: Double, workers: Workers, probe: Probe? = nil) -> [PixelRect] {
        let canvas = PixelRect(frame)
        var written: [PixelRect] = []
        for (i, item) in document.content.items.enumerated() {
            let pose = item.timeline.pose(at: time)
            guard pose.presence > 0 else { continue }
            let placement = item.on.flatMap { document.content.panels.placement(of: $0, at: time) }
            let placing = Placing(placement: placement, place: pose.place, scale: pose.scale)
            let mask = cache.mask(item: i, placing: placing) { self.mask(item: i, placing: placing) }
            // Color glyphs (emoji) go after the vibrancy pass, in their own colors: exempt from vibrancy.
            defer { written += drawColorGlyphs(item: i, placing: placing, opacity: pose.opacity, into: &frame) }
            guard !mask.isEmpty else { continue }
            written.append(PixelRect(x: mask.originX, y: mask.originY, width: mask.width, height: mask.height).intersection(canvas))
            // A symbol in its own colours is an image, composited as colour glyphs are; its mask (the same
            // coverage) places it for the ink box and the written rectangles.
            if let image = colorImage(item: i, placing: placing) {
                image.draw(into: &frame, opacity: pose.opacity)
                continue
            }
            let paint = self.paint(pose.ink, on: placement, lightInk: item.on.flatMap { styling.lightInk(panel: $0, time: time) })
            if let probe { probe(i, mask, paint, Self.colors(of: frame, under: mask)) }
            drawInk(mask, paint: paint, on: item.on, time: time, opacity: pose.opacity, into: &frame, workers: workers)
        }
        return written.filter { !$0.isEmpty }
    }

    /// The box of item `i`'s ink at `time` in pixels (its coverage mask's rectangle, as `render` draws it); nil
    /// when it is not present or draws nothing.
    func inkBox(item i: Int, time: Double) -> Rect? {
        let item = document.content.items[i], pose = item.timeline.pose(at: time)
        guard pose.presence > 0 else { return nil }
        let placement = item.on.flatMap { document.content.panels.placement(of: $0, at: time) }
        let placing = Placing(placement: placement, place: pose.place, scale: pose.scale)
        let mask = cache.mask(item: i, placing: placing) { self.mask(item: i, placing: placing) }
        guard !mask.isEmpty else { return nil }
        return Rect(x: Float(mask.originX), y: Float(mask.originY), width: Float(mask.width), height: Float(mask.height))
    }

    /// The paint of an ink on a panel (nil: on the canvas): a vibrancy level against the panel's material, a
    /// plain color, or the crossfade of two of them. A vibrancy level takes the document's appearance, or with
    /// `lightInk` (a Liquid Glass panel's, `LiquidStyling.lightInk`) the light appearance's colours at 0 and the
    /// dark appearance's at 1 (between: the two mixed by that share, `Paint.mix`).
    func paint(_ ink: ContentInk, on placement: PanelPlacement?, lightInk: Float? = nil) -> Paint {
        func paint(_ c: ContentColor, _ appearance: Appearance) -> Paint {
            switch c {
            case .plain(let c): return .plain(c)
            case .vibrancy(let level):
                return .vibrant(Vibrancy(level: level, material: placement?.material, appearance: appearance))
            }
        }
        func paint(_ appearance: Appearance) -> Paint {
            ink.progress == 0 ? paint(ink.from, appearance) : .mix(paint(ink.from, appearance), paint(ink.to, appearance), ink.progress)
        }
        guard let w = lightInk else { return paint(document.appearance) }
        return w <= 0 ? paint(.light) : w >= 1 ? paint(.dark) : .mix(paint(.light), paint(.dark), w)
    }

    /// Draws item i's color glyphs; returns each one's image rectangle, clipped to the frame.
    func drawColorGlyphs(item i: Int, placing: Placing, opacity: Float, into frame: inout Framebuffer) -> [PixelRect] {
        guard let layout = layouts[i], layout.faces.contains(where: \.isColor),
              let (placed, origin) = placedLayout(item: i, placing: placing) else { return [] }
        let canvas = PixelRect(frame)
        return placed.colorGlyphs(at: origin).map { g in
            g.draw(into: &frame, opacity: opacity)
            return PixelRect(x: g.originX, y: g.originY, width: g.glyph.width, height: g.glyph.rows).intersection(canvas)
        }
    }

    /// Where an item is drawn at one time: its panel's placement (nil: the canvas), its place, and its own scale
    /// (a scale transition) about its pivot. The key of its mask.
    struct Placing: Hashable, Sendable {
        var placement: PanelPlacement?
        var place: ContentPlace
        var scale: Float

        /// The item's size factor: the panel's press scale times its own.
        var size: Float { (placement?.pressScale ?? 1) * scale }

        /// A point of the item's coordinates in canvas points: scaled about `pivot` by the item's scale, then
        /// placed on the panel.
        func canvas(_ p: Point, pivot: Point) -> Point {
            let q = scale == 1 ? p : pivot + (p - pivot) * scale
            return placement?.canvasPoint(q) ?? q
        }
    }

    struct MaskCache: Sendable {
        static let descriptor = KeptStoreDescriptor(
            "MaskCache", place: "Compose/Layers (`ContentLayer`), in the session's `FrameState`",
            holds: "a label's or symbol's coverage mask, and a coloured symbol's image", key: "the content item, its panel placement (frame and press scale) and its own place and scale at the frame's time",
            dropped: "replaced when the placement changes; with the session",
            bound: "one mask per item, counted as the estimate's text masks (4 B per glyph pixel), and one image per coloured symbol, 16 B per pixel of its box on the canvas (at most 2048 x 2048 px, 64 MB), not in the estimate")

        struct Kept: KeptValue {
            var entries: [Int: (Placing, CoverageMask)] = [:]
            var images: [Int: (Placing, ColorGlyphImage)] = [:]
            mutating func dropKept() { entries = [:]; images = [:] }
        }

        let store: KeptStore<Kept>

        init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

        func mask(item: Int, placing: Placing, build: () -> CoverageMask) -> CoverageMask {
            if let hit = store.access({ $0.entries[item] }), hit.0 == placing { return hit.1 }
            let m = build()
            store.access { $0.entries[item] = (placing, m) }
            return m
        }

        /// A coloured symbol's image, kept as its mask is.
        func image(item: Int, placing: Placing, build: () -> ColorGlyphImage) -> ColorGlyphImage {
            if let hit = store.access({ $0.images[item] }), hit.0 == placing { return hit.1 }
            let m = build()
            store.access { $0.images[item] = (placing, m) }
            return m
        }
    }

    static func colors(of frame: Framebuffer, under mask: CoverageMask) -> [Color] {
        var out: [Color] = []
        out.reserveCapacity(mask.width * mask.height)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let fx = min(max(0, mask.originX + x), frame.width - 1), fy = min(max(0, mask.originY + y), frame.height - 1)
                out.append(frame.color(atX: fx, y: fy))
            }
        }
        return out
    }

    /// A label's layout where `placing` puts it (re-set at its drawn size when that is not its own, or at its
    /// frame's width when keyframes changed it) and its origin in device pixels; nil for other items.
    func placedLayout(item i: Int, placing: Placing) -> (TextLayout, Point)? {
        guard case .label(let l) = document.content.items[i].kind, var layout = layouts[i] else { return nil }
        let scale = document.canvas.scale
        let k = placing.size
        let frame: Rect? = if case .frame(let f) = placing.place { f } else { nil }
        if k != 1 || frame?.width != l.frame?.width {
            var style = l.style
            style.size *= k
            style.tracking *= k
            layout = TextLayout(l.text, face: layout.face, style: style, scale: scale, boxWidth: frame.map { $0.width * k },
                                request: l.font.request)
        }
        var origin: Point
        if let f = frame {
            origin = placing.canvas(Point(f.x, f.y), pivot: f.center) * scale
            origin.y += (f.height * k * scale - layout.height) / 2
        } else if case .at(let at) = placing.place {
            // The pivot of a label placed by `at`: its anchor, at the middle of its first line's ascent and descent.
            let rest = layouts[i]!
            origin = placing.canvas(at, pivot: at + Point(0, (rest.ascender - rest.descender) / (2 * scale))) * scale
        } else {
            return nil
        }
        return (layout, origin)
    }

    /// The device-pixel rectangle a symbol's box is drawn onto in `frame` where `placing` puts it: fitted
    /// uniformly and centered, then scaled with its placing.
    func symbolTarget(_ s: ContentItem.Symbol, frame: Rect, placing: Placing) -> Rect {
        let box = SVGDocument.fit(s.artwork.box, into: frame)
        let o = placing.canvas(Point(box.x, box.y), pivot: frame.center)
        return Rect(x: o.x, y: o.y, width: box.width * placing.size, height: box.height * placing.size).scaled(by: document.canvas.scale)
    }

    /// A symbol drawn in colours of its own (`SymbolRendering.isColored`) where `placing` puts it; nil for
    /// every other item.
    func colorImage(item i: Int, placing: Placing) -> ColorGlyphImage? {
        guard case .symbol(let s) = document.content.items[i].kind, s.rendering.isColored,
              case .frame(let frame) = placing.place else { return nil }
        return cache.image(item: i, placing: placing) {
            s.artwork.image(onto: symbolTarget(s, frame: frame, placing: placing),
                            canvasWidth: document.canvas.pixelWidth, canvasHeight: document.canvas.pixelHeight)
        }
    }

    /// The coverage mask of item `i` where `placing` puts it.
    func mask(item i: Int, placing: Placing) -> CoverageMask {
        let item = document.content.items[i]
        let c = document.canvas
        let scale = c.scale
        let k = placing.size
        switch (item.kind, placing.place) {
        case (.label, _):
            guard let (layout, origin) = placedLayout(item: i, placing: placing) else {
                return CoverageMask(originX: 0, originY: 0, width: 0, height: 0)
            }
            return layout.mask(at: origin)
        case (.symbol(let s), .frame(let frame)):
            let target = symbolTarget(s, frame: frame, placing: placing)
            if s.rendering == .hierarchical {
                return s.artwork.hierarchicalMask(onto: target, canvasWidth: c.pixelWidth, canvasHeight: c.pixelHeight)
            }
            return s.artwork.mask(onto: target, canvasWidth: c.pixelWidth, canvasHeight: c.pixelHeight)
        case (.fill(let f), .frame(let frame)):
            let o = placing.canvas(Point(frame.x, frame.y), pivot: frame.center)
            let rect = Rect(x: o.x, y: o.y, width: frame.width * k, height: frame.height * k).scaled(by: scale)
            return CoverageMask(shape: RoundedRect(rect, radius: f.radius * k * scale, curve: .continuous),
                                canvasWidth: c.pixelWidth, canvasHeight: c.pixelHeight)
        case (.separator(let h), .at(let start)):
            let mid = start + (h.axis == .horizontal ? Point(h.length / 2, 0) : Point(0, h.length / 2))
            let line = Hairline(start: placing.canvas(start, pivot: mid), length: h.length * k, axis: h.axis)
            return line.mask(scale: scale, canvasWidth: c.pixelWidth, canvasHeight: c.pixelHeight)
        default:
            return CoverageMask(originX: 0, originY: 0, width: 0, height: 0)
        }
    }
}
