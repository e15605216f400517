import Foundation
import Content
import Raster

/// The content layer of a scene: labels, symbols, fills and separators, each optionally `on` a glass panel.
/// Decoded into validated values: fonts resolved, path data parsed, vibrancy levels checked, panel ids bound.
public struct ContentSpec: Sendable {
    public internal(set) var items: [ContentItem]
    /// Where panels are, for content bound to them (see PanelGeometry; `GlassPanels` reads the glass spec).
    public internal(set) var panels: any PanelGeometry
    /// Fonts that were not found and stood in for by another face: warnings, errors under `--strict`.
    public internal(set) var fontWarnings: [SceneError]
    /// Which face each generic request got ("sans: using DejaVu Sans Book"): the design, not a fallback, so no
    /// command prints it; `fontWarnings` are the ones a user must see.
    public internal(set) var notes: [String]

    /// `fontWarnings` as a render prints them, even under `-q`: one line per distinct message, the first item's
    /// path with the others counted ("content[2].font: font 'Inter' not found; using DejaVu Sans Book (and 3
    /// more items)"), so ten labels in a missing font say it once.
    public var fallbackWarnings: [String] {
        var order: [String] = [], paths: [String: [String]] = [:]
        for w in fontWarnings {
            if paths[w.message] == nil { order.append(w.message) }
            paths[w.message, default: []].append(w.path)
        }
        return order.map { m in
            let p = paths[m]!
            return "\(p[0]): \(m)" + (p.count > 1 ? " (and \(p.count - 1) more item\(p.count == 2 ? "" : "s"))" : "")
        }
    }

    public init(items: [ContentItem] = [], panels: any PanelGeometry = GlassPanels(GlassSpec()),
                fontWarnings: [SceneError] = [], notes: [String] = []) {
        self.items = items
        self.panels = panels
        self.fontWarnings = fontWarnings
        self.notes = notes
    }
}

/// One validated piece of content.
public struct ContentItem: Sendable {
    /// JSON path ("content[3]"), for messages and the legibility report.
    public internal(set) var path: String
    public internal(set) var id: String?
    /// The glass panel this item sits on (its coordinates are then the panel's).
    public internal(set) var on: String?
    public internal(set) var kind: Kind
    public internal(set) var color: ContentColor
    /// Its place, color and opacity over time, how it appears and disappears, and its states (`ContentTimeline`;
    /// the kind's own place and `color` are its values at t = 0).
    public internal(set) var timeline: ContentTimeline

    public enum Kind: Sendable {
        case label(Label)
        case symbol(Symbol)
        case fill(Fill)
        case separator(Hairline)

        /// Where the item is placed: a label's `at` or `frame`, a symbol's or a fill's frame, a separator's start.
        package var place: ContentPlace {
            switch self {
            case .label(let l): return l.frame.map(ContentPlace.frame) ?? .at(l.at!)
            case .symbol(let s): return .frame(s.frame)
            case .fill(let f): return .frame(f.frame)
            case .separator(let h): return .at(h.start)
            }
        }
    }

    /// Text. With `frame` the text wraps to the frame's width and is centered vertically in it (as UILabel
    /// does); with `at` it is one or more unwrapped lines whose first line box has its top at `at.y` and which
    /// start at, are centered on, or end at `at.x` by alignment.
    public struct Label: Sendable {
        public internal(set) var text: String
        public internal(set) var font: FontResolution
        public internal(set) var style: TextStyle
        public internal(set) var at: Point?
        public internal(set) var frame: Rect?
    }

    /// A vector icon: an SVG document (an icon file, or inline path data wrapped as one) whose box is scaled
    /// uniformly to fit `frame` and centered in it.
    public struct Symbol: Sendable {
        public internal(set) var artwork: SVGDocument
        public internal(set) var frame: Rect
        /// The icon file as the scene names it, or "path data".
        public internal(set) var source: String
        /// How the symbol takes its colours (`SymbolRendering`); for `palette`, `artwork` is already recoloured.
        public internal(set) var rendering: SymbolRendering
    }

    /// A rounded rectangle with continuous corners.
    public struct Fill: Sendable {
        public internal(set) var frame: Rect
        public internal(set) var radius: Float
    }

    /// The label text, if this is a label.
    public var text: String? {
        if case .label(let l) = kind { return l.text }
        return nil
    }

    public var kindName: String {
        switch kind {
        case .label: return "label"
        case .symbol: return "symbol"
        case .fill: return "fill"
        case .separator: return "separator"
        }
    }
}

/// How content is colored: a vibrancy level (the right thing on glass) or a plain color.
public enum ContentColor: Sendable, Hashable {
    case vibrancy(VibrancyLevel)
    case plain(Color)

    public var name: String {
        switch self {
        case .vibrancy(let l): return l.rawValue
        case .plain(let c): return c.description
        }
    }
}

enum ContentSection {
    static let keys = ContentKinds.allKeys

    /// Apple's weight names, as OpenType weight classes.
    static let weights: [(String, Int)] = [
        ("ultraLight", 100), ("thin", 200), ("light", 300), ("regular", 400), ("medium", 500),
        ("semibold", 600), ("bold", 700), ("heavy", 800), ("black", 900),
    ]

    /// Decodes the content array; `panels` are the glass panels items may be bound to (`on`).
    /// `directory` is the scene file's folder, against which icon file paths are resolved.
    static func decode(_ root: ObjectReader, panels: any PanelGeometry, appearance: Appearance, duration: Double,
                       directory: String? = nil) throws(SceneError) -> ContentSpec {
        var warnings: [SceneError] = []
        var notes: [String] = []
        let items = try root.array("content") { (node, path) throws(SceneError) -> ContentItem in
            let o = try ObjectReader(node, path: path, keys: keys)
            return try item(o, panels: panels, appearance: appearance, duration: duration, directory: directory,
                            warnings: &warnings, notes: &notes)
        }
        return ContentSpec(items: items, panels: panels, fontWarnings: warnings, notes: notes)
    }

    static func item(_ o: ObjectReader, panels: any PanelGeometry, appearance: Appearance, duration: Double,
                     directory: String?, warnings: inout [SceneError], notes: inout [String]) throws(SceneError) -> ContentItem {
        let kinds = ["text", "symbol", "fill", "separator"].filter { o.has($0) }
        guard kinds.count == 1 else {
            let found = kinds.isEmpty ? "none" : kinds.map { "'\($0)'" }.joined(separator: " and ")
            throw SceneError(path: o.path, location: o.location,
                             message: "a content item is exactly one of 'text', 'symbol', 'fill' or 'separator'; found \(found)")
        }
        try ContentKinds.check(o, kindKey: kinds[0])
        var on: String?
        if let id = try o.string("on") {
            guard panels.panelIDs.contains(id) else {
                let known = panels.panelIDs.isEmpty ? "the scene has no glass panel with an id"
                                                    : "expected one of: \(panels.panelIDs.joined(separator: ", "))"
                throw SceneError(path: o.childPath("on"), location: o.node("on")?.location ?? o.location,
                                 message: "no glass panel has id '\(id)'; \(known)",
                                 suggestion: Suggest.closest(to: id, in: panels.panelIDs))
            }
            on = id
        }
        let kind: ContentItem.Kind
        let defaultLevel: VibrancyLevel
        switch kinds[0] {
        case "text":
            kind = .label(try label(o, warnings: &warnings, notes: &notes))
            defaultLevel = .label
        case "symbol":
            kind = .symbol(try SymbolSection.decode(o, directory: directory, appearance: appearance))
            defaultLevel = .label
        case "fill":
            guard try o.bool("fill", default: true) else { throw o.fail("fill", "expected true (a rounded-rectangle fill of 'frame')") }
            kind = .fill(ContentItem.Fill(frame: try requiredRect(o, "frame", "the fill's [x, y, width, height] in points"),
                                          radius: try o.float("radius", default: ContentDefaults.fillRadius, in: .lengthOrZero)))
            defaultLevel = .fill
        default:
            guard try o.bool("separator", default: true) else { throw o.fail("separator", "expected true (a hairline from 'at' along 'axis' for 'length' points)") }
            guard let at = try o.point("at") else {
                throw SceneError(path: o.path, location: o.location, message: "missing key 'at' (the separator's start [x, y] in points)")
            }
            guard o.has("length") else {
                throw SceneError(path: o.path, location: o.location, message: "missing key 'length' (the separator's length in points)")
            }
            kind = .separator(Hairline(start: at, length: try o.float("length", default: 0, in: .length),
                                       axis: try o.choice("axis", default: Axis.horizontal)))
            defaultLevel = .separator
        }
        let color: ContentColor
        switch (o.has("vibrancy"), o.has("color")) {
        case (true, true):
            throw SceneError(path: o.childPath("color"), location: o.node("color")?.location ?? o.location,
                             message: "give either 'vibrancy' (a level that adapts to the material) or 'color' (a plain color), not both")
        case (false, true):
            color = .plain(try o.color("color", appearance: appearance)!)
        default:
            // "secondary" on a label means secondaryLabel, on a fill secondaryFill.
            color = .vibrancy(try o.choice("vibrancy", default: defaultLevel) { $0.rawValue.lowercased().hasSuffix(defaultLevel.rawValue) })
        }
        let timeline = try ContentTimelineSection.decode(o, place: kind.place, color: color, appearance: appearance,
                                                         duration: duration)
        return ContentItem(path: o.path, id: try o.string("id"), on: on, kind: kind, color: color, timeline: timeline)
    }

    static func requiredRect(_ o: ObjectReader, _ key: String, _ what: String) throws(SceneError) -> Rect {
        guard let r = try o.rect(key) else {
            throw SceneError(path: o.path, location: o.location, message: "missing key '\(key)' (\(what))")
        }
        return r
    }

    static func label(_ o: ObjectReader, warnings: inout [SceneError], notes: inout [String]) throws(SceneError) -> ContentItem.Label {
        let text = try o.string("text") ?? ""
        guard !text.allSatisfy(\.isWhitespace) else {
            throw o.fail("text", "expected non-empty text; a label needs something to say")
        }
        let at = try o.point("at"), frame = try o.rect("frame")
        guard (at == nil) != (frame == nil) else {
            throw SceneError(path: o.path, location: o.location,
                             message: at == nil ? "missing key 'at' ([x, y] in points) or 'frame' ([x, y, width, height] to wrap in)"
                                                : "give either 'at' or 'frame', not both")
        }
        let weight = try decodeWeight(o)
        let family = try o.string("font") ?? ContentDefaults.family
        guard !family.isEmpty else { throw o.fail("font", "expected a font family, a generic name (serif, sans, mono) or a font file path") }
        let request = FontRequest(family: family, weight: weight, italic: try o.bool("italic", default: false))
        let font: FontResolution
        do {
            font = try FontLibrary.resolve(request)
        } catch {
            throw SceneError(path: o.childPath("font"), location: o.node("font")?.location ?? o.location, message: error.message)
        }
        if let note = font.note {
            if font.isFallback {
                warnings.append(SceneError(path: o.childPath("font"), location: o.node("font")?.location ?? o.location, message: note))
            } else if !notes.contains(note) {
                notes.append(note)
            }
        }
        fallbackWarnings(text, font: font, o, into: &warnings)
        let style = TextStyle(
            size: try o.float("size", default: ContentDefaults.labelSize, in: .closed(1, 1000)),
            tracking: try o.float("tracking", default: 0, in: .closed(-100, 100)),
            alignment: try o.choice("align", default: TextAlignment.leading),
            lineSpacing: try o.float("lineSpacing", default: 1, in: .closed(0.5, 4)),
            features: try FontFeatures.decode(o, "features"))
        return ContentItem.Label(text: text, font: font, style: style, at: at, frame: frame)
    }

    /// Characters of the label its face lacks: a warning per fallback face (an error under `--strict`, as for a
    /// whole label that falls back), and one for characters no installed face has (missing-glyph boxes).
    static func fallbackWarnings(_ text: String, font: FontResolution, _ o: ObjectReader, into warnings: inout [SceneError]) {
        guard let face = try? Face.shared(font) else { return }
        var byFace: [(String, String)] = []   // (face name, characters)
        var missing = ""
        for (scalar, choice) in FontFallback.report(text, primary: face, request: font.request) {
            guard let choice else { missing += String(scalar); continue }
            let name = choice.resolution.faceName
            if let k = byFace.firstIndex(where: { $0.0 == name }) { byFace[k].1 += String(scalar) } else { byFace.append((name, String(scalar))) }
        }
        let location = o.node("text")?.location ?? o.location
        for (name, chars) in byFace {
            warnings.append(SceneError(path: o.childPath("text"), location: location,
                                       message: "'\(chars)' not in \(font.faceName); drawn with \(name)"))
        }
        if !missing.isEmpty {
            let codes = missing.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
            warnings.append(SceneError(path: o.childPath("text"), location: location,
                                       message: "no installed font has \(codes); it renders as a missing-glyph box"))
        }
    }

    static func decodeWeight(_ o: ObjectReader) throws(SceneError) -> Int {
        guard let n = o.node("weight") else { return ContentDefaults.weight }
        switch n.value {
        case .number:
            return try o.int("weight", default: 400, in: .closed(100, 900))
        case .string(let s):
            if let w = weights.first(where: { $0.0 == s }) { return w.1 }
            let names = weights.map(\.0)
            throw SceneError(path: o.childPath("weight"), location: n.location,
                             message: "unknown weight '\(s)'; expected 100...900 or one of: \(names.joined(separator: ", "))",
                             suggestion: Suggest.closest(to: s, in: names))
        default:
            throw o.fail("weight", "expected a weight (100...900 or a name such as \"semibold\"), found \(n.value.kindName)")
        }
    }
}
