import Content
import Raster

/// The budgets a decoded scene must fit as a whole (docs/limits.md): frames, dots and glyph raster area.
/// Each field is already within its own bound; these are products of fields (duration x fps, canvas plus
/// overflow over spacing, characters x glyph size), checked before anything is allocated.
extension PlaneSpec {
    /// Dots on the plane over `canvas`, grid plus overflow, counted the way `Plane` lays the grid out
    /// (in Double: no conversion to Int before the count is known to be within `SceneLimits.dots`).
    func dotCount(canvas: Canvas) -> Double {
        let s = Double(configuration.spacing), o = Double(configuration.overflow)
        func count(_ extent: Float) -> Double { max(1, ((Double(extent) + o) / s).rounded(.down) - (-o / s).rounded(.up) + 1) }
        return count(canvas.width) * count(canvas.height)
    }
}

extension SceneDecoder {
    /// duration x fps at most `SceneLimits.frames`.
    func checkFrames(_ r: ObjectReader, duration: Double, fps: Double) throws(SceneError) {
        let frames = (duration * fps).rounded()
        guard frames <= Double(SceneLimits.frames) else {
            throw r.fail(r.has("fps") ? "fps" : "duration",
                         "duration x fps is \(Value.format(frames)) frames, over the limit of \(SceneLimits.frames) (one hour at 60 fps); see docs/limits.md")
        }
    }

    /// Grid plus overflow at most `SceneLimits.dots`, counted the way `Plane` lays the grid out.
    func checkDots(_ r: ObjectReader, canvas: Canvas, plane: PlaneSpec) throws(SceneError) {
        let dots = plane.dotCount(canvas: canvas)
        let s = Double(plane.configuration.spacing), o = Double(plane.configuration.overflow)
        guard dots <= Double(SceneLimits.dots) else {
            let key = r.node("plane").map { _ in "plane" } ?? "canvas"
            throw SceneError(path: key, location: r.node(key)?.location ?? r.location,
                             message: "the plane holds \(Value.format(dots)) dots (a \(Value.format(Double(canvas.width))) x \(Value.format(Double(canvas.height))) pt canvas plus \(Value.format(o)) pt overflow at \(Value.format(s)) pt spacing), over the limit of \(SceneLimits.dots); raise 'spacing' or lower 'overflow' (docs/limits.md)")
        }
    }

    /// Each label at most `SceneLimits.characters` long and its glyph raster at most `SceneLimits.textArea`
    /// pixels, estimated as characters x (size x scale)^2 (an em square per character, the span of its mask).
    func checkText(_ r: ObjectReader, canvas: Canvas, content: ContentSpec) throws(SceneError) {
        var nodes: [JSONNode] = []
        if case .array(let list)? = r.node("content")?.value { nodes = list }
        for (i, item) in content.items.enumerated() {
            guard case .label(let label) = item.kind else { continue }
            let location = i < nodes.count ? nodes[i].location : r.location
            let characters = label.text.unicodeScalars.count
            guard characters <= SceneLimits.characters else {
                throw SceneError(path: "\(item.path).text", location: location,
                                 message: "text of \(characters) characters is over the limit of \(SceneLimits.characters) per label (docs/limits.md)")
            }
            let em = Double(label.style.size) * Double(canvas.scale)
            let area = Double(characters) * em * em
            guard area <= SceneLimits.textArea else {
                throw SceneError(path: "\(item.path).size", location: location,
                                 message: "\(characters) characters at \(Value.format(Double(label.style.size))) pt (scale \(Value.format(Double(canvas.scale)))) rasterize about \(Value.format((area / 1e6).rounded())) megapixels of glyphs, over the limit of \(Value.format(SceneLimits.textArea / 1e6)) (docs/limits.md)")
            }
        }
    }
}

extension SceneDecoder {
    /// Each symbol's fitted box at most `ContentDefaults.maxSymbolPixels` device pixels at the canvas scale
    /// (checked again after `--scale`): librsvg's time per fill and per filter primitive grows with the pixels,
    /// and the mask holds them. Pressed panels scale content by at most a few percent, inside the margin.
    /// Returns a warning for each symbol whose libraries log while it is drawn at its size (`libraryWarning`).
    public func checkSymbols(_ doc: SceneDocument) throws(SceneError) -> [SceneError] {
        var warnings: [SceneError] = []
        let limit = ContentDefaults.maxSymbolPixels
        var pairs = 0, filterPixels = 0.0, pictures = 0, glyphArea = 0.0, segmentRows = 0.0
        for item in doc.content.items {
            guard case .symbol(let s) = item.kind else { continue }
            let box = SVGDocument.fit(s.artwork.box, into: s.frame)
            let k = Double(doc.canvas.scale)
            let pixels = Double(box.width) * k * Double(box.height) * k
            guard pixels <= limit else {
                throw SceneError(path: "\(item.path).frame", location: nil,
                                 message: "the symbol covers \(Value.format((pixels / 1e6 * 10).rounded() / 10)) megapixels (\(Value.format(Double(box.width))) x \(Value.format(Double(box.height))) pt at scale \(Value.format(k))), over the limit of \(Value.format((limit / 1e6 * 10).rounded() / 10)) (2048 x 2048 px); make its frame smaller (docs/limits.md)")
            }
            pairs += s.artwork.cost.crossingPairs
            guard pairs <= SceneLimits.symbolCrossingPairs else {
                throw SceneError(path: "\(item.path).symbol", location: nil,
                                 message: "the scene's symbols have \(pairs) pairs of path segments whose boxes overlap up to this one, over the limit of \(SceneLimits.symbolCrossingPairs) for a scene; simplify the symbols or use fewer (docs/limits.md)")
            }
            pictures += s.artwork.cost.picturePixels
            guard pictures <= SceneLimits.symbolPicturePixels else {
                throw SceneError(path: "\(item.path).symbol", location: nil,
                                 message: "the scene's symbols embed pictures of \(Value.format((Double(pictures) / 1e5).rounded() / 10)) megapixels up to this one (\(s.source)), over the limit of \(Value.format((Double(SceneLimits.symbolPicturePixels) / 1e5).rounded() / 10)) for a scene; embed smaller pictures or use fewer (docs/limits.md)")
            }
            let perUnit = Double(box.width) * k / Double(s.artwork.box.width)
            glyphArea += s.artwork.cost.glyphArea(pixelsPerUnit: perUnit)
            guard glyphArea <= SceneLimits.symbolGlyphArea else {
                throw SceneError(path: "\(item.path).symbol", location: nil,
                                 message: "the text of the scene's symbols would be laid out over \(Value.format((glyphArea / 1e9).rounded())) gigapixels up to this one (\(s.artwork.cost.textCharacters) characters at up to \(Value.format((s.artwork.cost.fontSize * s.artwork.cost.textScale * perUnit).rounded())) px), over the limit of \(Value.format(SceneLimits.symbolGlyphArea / 1e9)); Pango lays glyphs out at full size: make the icon's text or its transforms smaller, or label it in the scene (docs/limits.md)")
            }
            segmentRows += Double(s.artwork.cost.segments) * Double(max(box.width, box.height)) * k
            guard segmentRows <= SceneLimits.symbolSegmentRows else {
                throw SceneError(path: "\(item.path).symbol", location: nil,
                                 message: "the scene's symbols draw \(Value.format((segmentRows / 1e5).rounded() / 10)) million segment rows up to this one (path segments x the symbol's larger side in pixels), over the limit of \(Value.format(SceneLimits.symbolSegmentRows / 1e6)) million; simplify the icon or make it smaller (docs/limits.md)")
            }
            if let w = Self.libraryWarning(s, path: item.path, pixels: (Double(box.width) * k, Double(box.height) * k)) { warnings.append(w) }
            filterPixels += Double(s.artwork.cost.filterWork) * pixels
            guard filterPixels <= SceneLimits.symbolFilterPixels else {
                throw SceneError(path: "\(item.path).symbol", location: nil,
                                 message: "the scene's symbol filters run over \(Value.format((filterPixels / 1e6 * 10).rounded() / 10)) megapixels up to this one (primitives x filtered elements x the symbol's pixels), over the limit of \(Value.format((SceneLimits.symbolFilterPixels / 1e6 * 10).rounded() / 10)); filter fewer elements or make the symbol smaller (docs/limits.md)")
            }
        }
        return warnings
    }

    /// Draws a symbol whose document holds text or pictures (what Pango and gdk-pixbuf draw; they are what logs)
    /// once at its size in the frame and turns what the libraries logged into one warning naming the symbol.
    static func libraryWarning(_ s: ContentItem.Symbol, path: String, pixels: (Double, Double)) -> SceneError? {
        let a = s.artwork
        guard a.cost.textCharacters > 0 || a.cost.picturePixels > 0 || a.hasParseMessages else { return nil }
        let w = max(1, Int(checked: pixels.0, .up)), h = max(1, Int(checked: pixels.1, .up))
        guard let logged = a.libraryMessages(width: w, height: h) else { return nil }
        let file = s.source == "path data" ? nil : s.source
        return SceneError(path: file == nil ? "\(path).symbol" : "\(path).symbol.file", location: nil,
                          message: "\(file.map { "icon file '\($0)'" } ?? "the symbol") may not draw as intended: librsvg's libraries reported: \(logged)")
    }
}
