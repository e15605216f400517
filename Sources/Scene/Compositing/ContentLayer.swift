import Content
import Foundation
import Raster

/// The content layer of a frame: labels, symbols, fills and separators, drawn above glass in scene order.
///
/// Each item becomes a coverage mask (glyphs from the per-face glyph cache, paths from the scanline filler,
/// fills and hairlines from their shapes), serially and deterministically; then its paint (a vibrancy level
/// reading the pixels already in the frame, or a plain color) composites the mask with rows split across
/// workers, each pixel written by one worker. So a frame's bytes do not depend on the worker count.
///
/// Items `on` a panel are placed in the panel's coordinates at the frame's time, and scale with its press
/// response about the panel's center (see PanelGeometry).
struct ContentLayer {
    let document: SceneDocument
    /// The text layout of each label at rest (press scale 1), shaped once; nil for other items.
    let layouts: [TextLayout?]
    /// The last mask of each item and the placement it was built for: content that does not move between frames
    /// is not rebuilt (a mask is a pure function of the item and its placement, so this never changes a byte).
    let cache: MaskCache

    init(document: SceneDocument, masks: MaskCache = MaskCache(keeping: .everything)) {
        self.document = document
        cache = masks
        let scale = document.canvas.scale
        layouts = document.content.items.map { item in
            guard case .label(let l) = item.kind, let face = try? Face.shared(l.font) else { return nil }
            return TextLayout(l.text, face: face, style: l.style, scale: scale, boxWidth: l.frame?.width, request: l.font.request)
        }
    }

    /// A drawn item, for the legibility report: its index, mask, the colors behind the mask before it was drawn
    /// (row-major over the mask's rectangle), and the frame after.
    typealias Probe = (_ index: Int, _ mask: CoverageMask, _ before: [Color], _ after: Framebuffer) -> Void

    /// Draws every item into `frame`. Returns rectangles that hold every pixel it may have written, for the frame
    /// slot to restore from the plane next time: each item's mask rectangle (Paint.apply writes only inside it,
    /// where coverage > 0; a mask already holds the item's anti-aliasing, and content draws no shadows) and each
    /// color glyph's image rectangle (ColorGlyphImage.draw), clipped to the frame.
    @discardableResult
    func render(into frame: inout Framebuffer, time: Double, workers: Workers, probe: Probe? = nil) -> [PixelRect] {
        let canvas = PixelRect(frame)
        var written: [PixelRect] = []
        for (i, item) in document.content.items.enumerated() {
            let placement = item.on.flatMap { document.content.panels.placement(of: $0, at: time) }
            let mask = cache.mask(item: i, placement: placement) { self.mask(item: i, placement: placement) }
            // Color glyphs (emoji) go after the vibrancy pass, in their own colors: exempt from vibrancy.
            defer { written += drawColorGlyphs(item: i, placement: placement, into: &frame) }
            guard !mask.isEmpty else { continue }
            written.append(PixelRect(x: mask.originX, y: mask.originY, width: mask.width, height: mask.height).intersection(canvas))
            let paint: Paint
            switch item.color {
            case .plain(let c): paint = .plain(c)
            case .vibrancy(let level):
                paint = .vibrant(Vibrancy(level: level, material: placement?.material, appearance: document.appearance))
            }
            let measured: Bool
            switch item.kind {
            case .label, .symbol: measured = probe != nil
            default: measured = false
            }
            let before = measured ? Self.colors(of: frame, under: mask) : []
            paint.apply(mask, to: &frame, workers: workers)
            if measured { probe?(i, mask, before, frame) }
        }
        return written.filter { !$0.isEmpty }
    }

    /// Draws item i's color glyphs; returns each one's image rectangle, clipped to the frame.
    func drawColorGlyphs(item i: Int, placement: PanelPlacement?, into frame: inout Framebuffer) -> [PixelRect] {
        guard let layout = layouts[i], layout.faces.contains(where: \.isColor),
              let (placed, origin) = placedLayout(item: i, placement: placement) else { return [] }
        let canvas = PixelRect(frame)
        return placed.colorGlyphs(at: origin).map { g in
            g.draw(into: &frame)
            return PixelRect(x: g.originX, y: g.originY, width: g.glyph.width, height: g.glyph.rows).intersection(canvas)
        }
    }

    struct MaskCache: Sendable {
        static let descriptor = KeptStoreDescriptor(
            "MaskCache", place: "Scene/Compositing (`ContentLayer`), in the session's `FrameState`",
            holds: "a label's coverage mask", key: "the content item and its panel placement (frame and press scale)",
            dropped: "replaced when the placement changes; with the session",
            bound: "one mask per label, counted as the estimate's text masks (4 B per glyph pixel)")

        struct Kept: KeptValue {
            var entries: [Int: (PanelPlacement?, CoverageMask)] = [:]
            mutating func dropKept() { entries = [:] }
        }

        let store: KeptStore<Kept>

        init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

        func mask(item: Int, placement: PanelPlacement?, build: () -> CoverageMask) -> CoverageMask {
            if let hit = store.access({ $0.entries[item] }), hit.0 == placement { return hit.1 }
            let m = build()
            store.access { $0.entries[item] = (placement, m) }
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

    /// A label's layout at a panel placement (re-set at the pressed size when the panel is pressed) and its
    /// origin in device pixels; nil for other items.
    func placedLayout(item i: Int, placement: PanelPlacement?) -> (TextLayout, Point)? {
        guard case .label(let l) = document.content.items[i].kind, var layout = layouts[i] else { return nil }
        let scale = document.canvas.scale
        let k = placement?.pressScale ?? 1
        func canvas(_ p: Point) -> Point { placement?.canvasPoint(p) ?? p }
        if k != 1 {
            var style = l.style
            style.size *= k
            style.tracking *= k
            layout = TextLayout(l.text, face: layout.face, style: style, scale: scale, boxWidth: l.frame.map { $0.width * k },
                                request: l.font.request)
        }
        var origin: Point
        if let f = l.frame {
            origin = canvas(Point(f.x, f.y)) * scale
            origin.y += (f.height * k * scale - layout.height) / 2
        } else {
            origin = canvas(l.at!) * scale
        }
        return (layout, origin)
    }

    /// The coverage mask of item `i` at a panel placement (nil: canvas coordinates).
    func mask(item i: Int, placement: PanelPlacement?) -> CoverageMask {
        let item = document.content.items[i]
        let c = document.canvas
        let scale = c.scale
        let k = placement?.pressScale ?? 1
        func canvas(_ p: Point) -> Point { placement?.canvasPoint(p) ?? p }
        switch item.kind {
        case .label:
            guard let (layout, origin) = placedLayout(item: i, placement: placement) else {
                return CoverageMask(originX: 0, originY: 0, width: 0, height: 0)
            }
            return layout.mask(at: origin)
        case .symbol(let s):
            let box = SVGDocument.fit(s.artwork.box, into: s.frame)
            let o = canvas(Point(box.x, box.y))
            let target = Rect(x: o.x, y: o.y, width: box.width * k, height: box.height * k).scaled(by: scale)
            return s.artwork.mask(onto: target, canvasWidth: c.pixelWidth, canvasHeight: c.pixelHeight)
        case .fill(let f):
            let o = canvas(Point(f.frame.x, f.frame.y))
            let rect = Rect(x: o.x, y: o.y, width: f.frame.width * k, height: f.frame.height * k).scaled(by: scale)
            return CoverageMask(shape: RoundedRect(rect, radius: f.radius * k * scale, curve: .continuous),
                                canvasWidth: c.pixelWidth, canvasHeight: c.pixelHeight)
        case .separator(let h):
            let line = Hairline(start: canvas(h.start), length: h.length * k, axis: h.axis)
            return line.mask(scale: scale, canvasWidth: c.pixelWidth, canvasHeight: c.pixelHeight)
        }
    }
}
