import Content
import Glass
import Raster

/// What a render of a scene will hold in memory at once, estimated from the decoded document before anything
/// is allocated, so that `--max-memory` can refuse it and name the part that is too big.
///
/// Per pixel: the plane layer, the frame and the glass stage's window and blur scratch, each a Float RGBA
/// framebuffer (16 B; the blur's scratch is the window's rows and the kernel's reach twice more), plus the 8-bit RGBA encode buffer: 68 B. Per dot: 13 Floats of state (52 B) and the
/// arrays the physics step double-buffers, 64 B in all. Per label: its coverage mask, 4 B per pixel of glyph raster. Per
/// picture a symbol embeds: its decoded RGBA, 4 B per pixel, held by librsvg while the symbol's document lives.
/// A backdrop: its image as decoded (16 B per pixel) and as placed (`BackdropCache`, 16 B per pixel of the part
/// a frame needs); a video: its decoder's placed frames (16 B per pixel): those decoded ahead, the kept one and
/// the spares to be made into again (`RendererMemory`, Media's `VideoDecoder.depth` and `.spares`), and the frames being made (two raw yuv420p frames, 8-bit RGBA and
/// float pixels at the video's size, and the resample's columns-first pass, placed width x video height); under glass a still
/// image's underlay (`UnderlayCache`, 4.25 B per canvas pixel and 16 B for each blur its liquid panels can take). The stores kept between frames: each one's declared bound (`RendererMemory.keptStores`, Output's `KeptInventory`) over its area, so
/// a store that only holds pixels around glass counts the pixels its panels can reach over the whole scene, and
/// nothing in a scene without that glass.
public struct MemoryEstimate: Sendable {
    public var parts: [(what: String, bytes: Double)]
    public var total: Double { parts.reduce(0) { $0 + $1.bytes } }

    static let bytesPerPixel = 68.0
    static let bytesPerDot = 64.0
    static let bytesPerGlyphPixel = 4.0
    static let bytesPerPicturePixel = 4.0

    /// The estimate of `doc` with the renderer's own memory (`SceneResolver.memory`).
    public init(_ doc: SceneDocument, renderer: RendererMemory) {
        let c = doc.canvas
        let pixels = Double(c.pixelWidth) * Double(c.pixelHeight)
        let dots = doc.plane.dotCount(canvas: c)
        parts = [("frame buffers (\(c.pixelWidth) x \(c.pixelHeight) px)", pixels * Self.bytesPerPixel),
                 ("plane dots", dots * Self.bytesPerDot),
                 ("text masks", Self.glyphPixels(doc) * Self.bytesPerGlyphPixel),
                 ("pictures in symbols", Self.symbolPicturePixels(doc) * Self.bytesPerPicturePixel),
                 ("scroll edge sums", ScrollEdgeSection.sumBytes(doc))] + Self.backdrop(doc, renderer)
            + renderer.keptStores.map { ("kept \($0.name)", $0.bytes(pixels: Self.pixels(of: $0.area, doc), dots: dots)) }
                .filter { $0.1 > 0 }
    }

    /// The pixels of `area` in `doc`, at most the canvas's.
    static func pixels(of area: KeptArea, _ doc: SceneDocument) -> Double {
        let c = doc.canvas
        let canvas = Double(c.pixelWidth) * Double(c.pixelHeight)
        let panels = doc.glass.panels
        switch area {
        case .canvas: return canvas
        case .glyphs: return glyphPixels(doc)
        case .halo: return panels.contains { $0.glowHalo } ? canvas : 0
        case .liquidGlass: return min(canvas, reachedPixels(panels.filter { $0.tier.rendered == .liquid }, c))
        case .layeredGlass: return min(canvas, reachedPixels(panels.filter { $0.tier.rendered != .liquid }, c))
        case .matte: return c.isTransparent && panels.contains { $0.tier.rendered == .liquid && $0.liquid.variant != .identity } ? canvas : 0
        }
    }

    /// The glyph raster of the scene's labels: characters x (size x scale)^2 each.
    static func glyphPixels(_ doc: SceneDocument) -> Double {
        doc.content.items.reduce(0) { total, item in
            guard case .label(let l) = item.kind else { return total }
            let em = Double(l.style.size) * Double(doc.canvas.scale)
            return total + Double(l.text.unicodeScalars.count) * em * em
        }
    }

    /// The pixels of the pictures the scene's symbols embed.
    static func symbolPicturePixels(_ doc: SceneDocument) -> Double {
        doc.content.items.reduce(0) { total, item in
            guard case .symbol(let s) = item.kind else { return total }
            return total + Double(s.artwork.cost.picturePixels)
        }
    }

    /// The pixels the panels' glass can read or draw over the whole scene: per container (a lone panel is its own),
    /// the box around every key of its members' frames, widened by the farthest any glass reads (the glow halo's
    /// reach and three deviations of the widest blur; presses and eased overshoot stay inside it).
    static func reachedPixels(_ panels: [GlassPanelSpec], _ c: Canvas) -> Double {
        var boxes: [String: Rect] = [:]
        for p in panels {
            let group = p.container.map { "container " + $0 } ?? "panel " + p.path
            for key in p.frames.keys { boxes[group] = boxes[group].map { $0.union(key.value) } ?? key.value }
        }
        let sigma = max(GlassDefaults.materials.values.map(\.blurSigmaPoints).max() ?? 0, GlassDefaults.Web.blurCSSPixels)
        let reach = Float(GlowHalo.reach(scale: c.scale)) / c.scale + 3 * sigma
        return boxes.values.reduce(0) { total, box in
            let b = box.insetBy(-reach)
            let w = min(b.maxX, c.width) - max(b.minX, 0), h = min(b.maxY, c.height) - max(b.minY, 0)
            return total + Double(max(0, w) * c.scale) * Double(max(0, h) * c.scale)
        }
    }

    /// The backdrop's image, decoded and placed, when the scene has one; and for a still one under glass, what
    /// the glass derives from it (`UnderlayCache`: 4.25 B per canvas pixel of groups, 16 B per blur: `underlayBlurs`).
    static func backdrop(_ doc: SceneDocument, _ renderer: RendererMemory) -> [(what: String, bytes: Double)] {
        guard let b = doc.plane.backdrop else { return [] }
        let canvas = PixelRect(x: 0, y: 0, width: doc.canvas.pixelWidth, height: doc.canvas.pixelHeight)
        let placed = b.scrolls ? b.placement : b.placement.intersection(canvas)
        if let v = b.video {
            let frame = Double(v.width) * Double(v.height)
            let held = renderer.videoFramesAhead + 1 + renderer.videoFramesSpare
            let bytes = Double(held) * Double(placed.width) * Double(placed.height) * 16
                + frame * (2 * 1.5 + 4 + 16) + Double(placed.width) * Double(v.height) * 16
            return [("backdrop video (\(v.width) x \(v.height) px, \(renderer.videoFramesAhead) frames decoded ahead, placed \(placed.width) x \(placed.height) px)", bytes)]
        }
        guard let image = b.image else { return [] }
        let pixels = Double(image.pixelCount) + Double(placed.width) * Double(placed.height)
        let derived = b.scrolls || doc.glass.panels.isEmpty ? 0 : Double(canvas.width) * Double(canvas.height) * (4.25 + 16 * Double(underlayBlurs(doc)))
        return [("backdrop image (\(image.width) x \(image.height) px, placed \(placed.width) x \(placed.height) px)",
                 pixels * 16 + derived)]
    }

    /// The blurs of the underlay the liquid panels can take (`GlassDefaults.Liquid.blur`): regular two, as its
    /// styling follows the backdrop (dark and light), clear one.
    static func underlayBlurs(_ doc: SceneDocument) -> Int {
        let liquid = doc.glass.panels.filter { $0.tier.rendered == .liquid && $0.liquid.variant != .identity }
        return (liquid.contains { $0.liquid.variant != .clear } ? 2 : 0) + (liquid.contains { $0.liquid.variant == .clear } ? 1 : 0)
    }

    /// Megabytes, for messages.
    static func mb(_ bytes: Double) -> String { Value.format((bytes / 1e6).rounded()) + " MB" }
}

extension SceneDecoder {
    /// The `--max-memory` default: 8 GB, a third of a 24 GB machine, so that a render leaves room for the
    /// system and for ffmpeg.
    public static let defaultMaxMemory = 8_000_000_000.0

    /// Refuses a document whose estimate is over `maxMemory`, naming the largest part.
    public func checkMemory(_ doc: SceneDocument) throws(SceneError) {
        let e = MemoryEstimate(doc, renderer: resolver.memory)
        guard e.total > maxMemory else { return }
        let big = e.parts.max { $0.bytes < $1.bytes }!
        throw SceneError(path: "", location: nil,
                         message: "rendering needs about \(MemoryEstimate.mb(e.total)), over the limit of \(MemoryEstimate.mb(maxMemory)) (raise it with --max-memory); the largest part is \(big.what) at \(MemoryEstimate.mb(big.bytes))")
    }
}
