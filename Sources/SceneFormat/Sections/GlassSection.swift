import Dots
import Glass
import Raster

/// The glass section of a scene: the panels, validated, with every default resolved and each panel's tier
/// chosen. The layer rules (GlassRules) are checked here, over the whole timeline.
public struct GlassSpec: Sendable {
    public internal(set) var panels: [GlassPanelSpec]
    /// Things the user should know that are not errors (a tier drawn as another, a clamped radius).
    public internal(set) var notes: [String]
    /// Breaks of the three-layer rule, each the error a refusal would print, recorded instead of thrown when the
    /// decoder's `layerRule` is `.report` (the preview shows them); always empty with `.refuse`.
    public internal(set) var ruleBreaks: [SceneError] = []

    public init(panels: [GlassPanelSpec] = [], notes: [String] = []) {
        self.panels = panels
        self.notes = notes
    }
}

/// One glass panel. Units: points and seconds.
public struct GlassPanelSpec: Sendable {
    /// The panel's `id`, or its JSON path (`glass[2]`) when it has none: the name messages use.
    public internal(set) var name: String
    public internal(set) var id: String?
    /// JSON path and location, for messages about the panel.
    public internal(set) var path: String
    public internal(set) var location: SourceLocation
    public internal(set) var outline: Outline
    /// The frame over time (a single key when the panel does not move).
    public internal(set) var frames: Keyframes<Rect>
    /// Corner radius in points (rect only), at least 0; Raster's corner rule (`RoundedRect.clampedRadius`)
    /// limits it to the drawn box, whose size changes with keyframes and presses.
    public internal(set) var radius: Float
    public internal(set) var material: Material
    /// Straight tint with its opacity applied, or nil.
    public internal(set) var tint: Color?
    /// The GlassEffectContainer the panel belongs to (its panels join into one shape on the liquid tier).
    public internal(set) var container: String?
    public internal(set) var tier: TierChoice
    public internal(set) var cornerCurve: CornerCurve
    /// Liquid Glass keys (lens, variant, interaction, union, container spacing); used by the liquid tier only.
    public internal(set) var liquid: LiquidSpec
    /// For `"radius": "containerRelative"`: the panel whose corners this one follows, inset.
    public internal(set) var cornerParent: String?
    /// Whether the glow halo lights this panel: the panel's `glowHalo`, else the scene's, else on, and only on a
    /// tier whose platform has one (`Tier.drawsGlowHalo`: the iOS tiers; CSS and RenderEffect have none).
    public internal(set) var glowHalo: Bool = true
    /// What the plane beneath the bar becomes near the canvas edge (`scrollEdge`), nil for none.
    public internal(set) var scrollEdge: ScrollEdge?
    /// For a tab bar's selection lens (a panel the decoder adds for a bar's `"selection"`): its motion, which
    /// gives its frame; `frames` then holds the tabs it rests on, at the times it sets off, for the decode-time checks.
    public internal(set) var selection: SelectionLens?

    public var isAnimated: Bool { frames.keys.count > 1 || selection != nil }

    /// The frame at a time, eased between keys (a selection lens's: on its spring).
    public func frame(at time: Double) -> Rect {
        if let selection { return selection.frame(at: time) }
        return frames.value(at: time) { a, b, p in a.interpolated(to: b, Float(p)) } ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }
}

extension Platform {
    /// The device Glass selects tiers for.
    public var device: Device {
        switch self {
        case .web: return .web
        case .android: return .android(apiLevel: Device.renderEffectAPILevel)
        case .androidLegacy: return .android(apiLevel: Device.renderEffectAPILevel - 1)
        default: return .iOS(version: Int(rawValue.dropFirst(3)) ?? Device.liquidGlassVersion)
        }
    }
}

enum GlassSection {
    static let keys = ["id", "shape", "frame", "keyframes", "radius", "material", "tint", "tintOpacity", "tier",
                       "container", "source", "layer", "parent", "glowHalo", "scrollEdge", "selection"] + LiquidSection.keys
    /// Corner radius of a rect panel when the scene gives none, in points.
    static let defaultRadius: Float = 20
    /// The material when the scene gives none: the seed's fallback, `.systemThinMaterial`.
    static let defaultMaterial = Material.thin

    struct Context {
        var appearance: Appearance
        var platform: Platform
        var reduceTransparency: Bool
        var duration: Double
        var fps: Double
        var layerRule: SceneDecoder.LayerRule = .refuse
        /// Declared GlassEffectContainer spacings by name, points (`containers` at the scene's top level).
        var containers: [String: Float] = [:]
        /// The scene's `glowHalo` (top level): the default of every panel's.
        var glowHalo = true
        /// The plane's events: a touch on an interactive panel presses it (`TouchPresses`).
        var touches: [PlaneEvent] = []
        /// The canvas in points: a panel whose every keyframe lies outside it gets a note.
        var canvas: Rect? = nil
    }

    static func decode(_ root: ObjectReader, _ context: Context) throws(SceneError) -> GlassSpec {
        var c = context
        c.containers = try LiquidSection.decodeContainers(root)
        var notes: [String] = []
        var sources: [(node: JSONNode, path: String, panel: Int)] = []
        var selections: [(reader: ObjectReader, panel: Int)] = []
        var index = 0
        var panels = try root.array("glass") { (node, path) throws(SceneError) -> GlassPanelSpec in
            defer { index += 1 }
            let o = try ObjectReader(node, path: path, keys: keys)
            if let s = o.node("source") { sources.append((s, o.childPath("source"), index)) }
            if let s = try o.object("selection", keys: SelectionSection.keys) { selections.append((s, index)) }
            return try decodePanel(o, c, notes: &notes)
        }
        // Lenses go after every panel, so the indices above stay those of the scene's panels.
        for s in selections { try SelectionSection.addLens(s.reader, bar: s.panel, to: &panels, c) }
        try checkIDs(panels)
        try resolveContainerRelativeCorners(&panels)
        // Before the layer rule, which reads each panel's outline with its presses.
        TouchPresses.apply(c.touches, to: &panels)
        for s in sources { try checkSource(s.node, path: s.path, panel: panels[s.panel], all: panels) }
        let fallbacks = panels.filter { $0.tier.note != nil }
        if let first = fallbacks.first, let note = first.tier.note {
            notes.append("glass: \(note) (\(fallbacks.count) panel\(fallbacks.count == 1 ? "" : "s"))")
        }
        var spec = GlassSpec(panels: panels, notes: notes)
        if let e = GlassRules.layerBreak(panels, duration: c.duration, fps: c.fps) {
            guard c.layerRule == .report else { throw e }
            spec.ruleBreaks.append(e)
        }
        return spec
    }

    static func decodePanel(_ o: ObjectReader, _ c: Context, notes: inout [String]) throws(SceneError) -> GlassPanelSpec {
        let id = try o.string("id")
        if let id, id.isEmpty { throw o.fail("id", "expected a non-empty name") }
        let name = id.map { "'\($0)'" } ?? o.path
        let outline = try o.choice("shape", default: Outline.rect)
        let frames = try decodeFrames(o, duration: c.duration)

        if outline == .circle {
            for k in frames.keys where abs(k.value.width - k.value.height) > 1e-3 {
                throw o.fail(o.has("frame") ? "frame" : "keyframes",
                             "a circle needs a square frame, found \(fmt(k.value.width)) x \(fmt(k.value.height)) at t = \(Value.format(k.time)) s (use \"shape\": \"capsule\" for a stadium)")
            }
        }
        var radius = Self.defaultRadius
        var cornerParent: String?
        if let node = o.node("radius"), case .string(let word) = node.value {
            guard word == "containerRelative" else {
                throw SceneError(path: o.childPath("radius"), location: node.location,
                                 message: "expected a corner radius in points or \"containerRelative\", found '\(word)'",
                                 suggestion: Suggest.closest(to: word, in: ["containerRelative"]))
            }
            guard let parent = try o.string("parent") else {
                throw o.fail("radius", "\"containerRelative\" corners need a 'parent' panel whose radius they follow")
            }
            cornerParent = parent
        } else if o.has("parent") {
            throw o.fail("parent", "'parent' is used by \"radius\": \"containerRelative\" only")
        } else if let r = try o.number("radius") {
            guard outline == .rect else {
                throw o.fail("radius", "'radius' applies to \"rect\" panels only; a \(outline.rawValue) is round already")
            }
            guard r >= 0, r.isFinite else { throw o.fail("radius", "expected a corner radius of at least 0 points, found \(Value.format(r))") }
            radius = Float(r)
        }
        if outline == .rect, o.has("radius"), cornerParent == nil, let k = frames.keys.min(by: { $0.value.inradius < $1.value.inradius }),
           RoundedRect.clampedRadius(radius, in: k.value) < radius {
            notes.append("\(o.childPath("radius")): radius \(fmt(radius)) pt of \(name) is more than half its shorter side (\(fmt(min(k.value.width, k.value.height))) pt at t = \(Value.format(k.time)) s); clamped to half the side")
        }
        // The frames between keyframes lie within their hull for every ease but a spring's overshoot.
        if let canvas = c.canvas, let first = frames.keys.first?.value,
           !frames.keys.dropFirst().reduce(first, { $0.union($1.value) }).intersects(canvas) {
            notes.append("\(o.path): \(name) lies wholly outside the \(fmt(canvas.width)) x \(fmt(canvas.height)) pt canvas at every keyframe; it draws nothing")
        }

        let material = try o.choice("material", default: Self.defaultMaterial)
        var tint = try o.color("tint", appearance: c.appearance)
        let tintOpacity = try o.float("tintOpacity", default: GlassDefaults.tintOpacity, in: .unit)
        if o.has("tintOpacity") && tint == nil { throw o.fail("tintOpacity", "'tintOpacity' needs a 'tint' color") }
        tint = tint?.opacity(tintOpacity)
        let container = try o.string("container")

        if let layer = o.node("layer") { try checkLayer(layer, path: o.childPath("layer"), name: name) }

        let requested: Tier? = o.has("tier") ? try o.choice("tier", default: Tier.frosted) : nil
        let choice = Tier.select(device: c.platform.device, reduceTransparency: c.reduceTransparency, requested: requested)
        let curve = choice.rendered.cornerCurve ?? c.platform.device.cornerCurve
        let liquid = try LiquidSection.decode(o, frames: frames, container: container, containers: c.containers,
                                              duration: c.duration)
        var panel = GlassPanelSpec(name: name, id: id, path: o.path, location: o.location, outline: outline, frames: frames,
                                   radius: radius, material: material, tint: tint, container: container,
                                   tier: choice, cornerCurve: curve, liquid: liquid)
        panel.cornerParent = cornerParent
        panel.scrollEdge = try ScrollEdgeSection.decode(o, frames: frames, canvas: c.canvas, appearance: c.appearance)
        let halo = try o.bool("glowHalo", default: c.glowHalo)
        panel.glowHalo = halo && choice.rendered.drawsGlowHalo
        if halo, o.has("glowHalo"), !choice.rendered.drawsGlowHalo {
            notes.append("\(o.childPath("glowHalo")): the \(choice.rendered.rawValue) tier of \(name) has no glow halo (only the iOS tiers, liquid and frosted, draw one); the key has no effect")
        }
        return panel
    }

    /// `frame` (fixed) or `keyframes` (moving), exactly one of them.
    static func decodeFrames(_ o: ObjectReader, duration: Double) throws(SceneError) -> Keyframes<Rect> {
        switch (o.node("frame"), o.node("keyframes")) {
        case (nil, nil):
            throw SceneError(path: o.path, location: o.location,
                             message: "missing key 'frame' ([x, y, width, height] in points) or 'keyframes'")
        case (.some, .some):
            throw o.fail("keyframes", "give either 'frame' (a fixed panel) or 'keyframes' (a moving one), not both")
        case (let f?, nil):
            return Keyframes([.init(time: 0, value: try Value.rect(f, path: o.childPath("frame")), easing: .linear)])
        case (nil, .some):
            return try o.frameKeyframes()
        }
    }

    /// `.containerRelative` corners: the parent's radius minus the inset (the smallest distance between the two
    /// frames' edges at the first key), so nested shapes stay concentric as UIKit's cornerConfiguration does.
    static func resolveContainerRelativeCorners(_ panels: inout [GlassPanelSpec]) throws(SceneError) {
        for i in panels.indices {
            guard let parentID = panels[i].cornerParent else { continue }
            guard let parent = panels.first(where: { $0.id == parentID }), parent.cornerParent == nil else {
                throw SceneError(path: panels[i].path + ".parent", location: panels[i].location,
                                 message: "no panel with id '\(parentID)' and a radius of its own to be relative to",
                                 suggestion: Suggest.closest(to: parentID, in: panels.compactMap(\.id)))
            }
            let a = parent.frame(at: 0), b = panels[i].frame(at: 0)
            let inset = min(b.minX - a.minX, b.minY - a.minY, a.maxX - b.maxX, a.maxY - b.maxY)
            guard inset >= 0 else {
                throw SceneError(path: panels[i].path + ".parent", location: panels[i].location,
                                 message: "\(panels[i].name) is not inside its parent \(parent.name), so its corners cannot follow the parent's")
            }
            panels[i].radius = max(0, RoundedRect.clampedRadius(parent.radius, in: a) - inset)
        }
    }

    static func checkIDs(_ panels: [GlassPanelSpec]) throws(SceneError) {
        var seen: [String: GlassPanelSpec] = [:]
        for p in panels {
            guard let id = p.id else { continue }
            if let first = seen[id] {
                throw SceneError(path: p.path + ".id", location: p.location,
                                 message: "duplicate panel id '\(id)' (first used by \(first.path))")
            }
            seen[id] = p
        }
    }

    /// `source` names what a panel samples. Only the plane is allowed: glass never samples glass, and a
    /// panel reading an already blurred plane would blur twice.
    static func checkSource(_ node: JSONNode, path: String, panel: GlassPanelSpec, all: [GlassPanelSpec]) throws(SceneError) {
        let s = try Value.string(node, path: path)
        if s == "plane" { return }
        if let other = all.first(where: { $0.id == s }) {
            throw SceneError(path: path, location: node.location,
                             message: "glass never samples glass: panel \(panel.name) asks to read panel \(other.name); every panel samples the plane only (remove 'source' or set it to \"plane\")")
        }
        if s == "blurredPlane" {
            throw SceneError(path: path, location: node.location,
                             message: "don't double-blur: panel \(panel.name) already blurs the plane; reading a blurred plane would blur it twice (remove 'source' or set it to \"plane\")")
        }
        let names = ["plane", "blurredPlane"] + all.compactMap(\.id)
        throw SceneError(path: path, location: node.location,
                         message: "unknown source '\(s)'; a panel samples \"plane\" (the only value allowed)",
                         suggestion: Suggest.closest(to: s, in: names))
    }

    /// `layer` says where a panel sits in the z-order; only "glass" is allowed (plane, glass, content).
    static func checkLayer(_ node: JSONNode, path: String, name: String) throws(SceneError) {
        let s = try Value.string(node, path: path)
        switch s {
        case "glass": return
        case "plane", "background":
            throw SceneError(path: path, location: node.location,
                             message: "z-order is plane, glass, content: panel \(name) cannot go under or into the plane (the dot grid is always the deepest layer)")
        case "content", "foreground":
            throw SceneError(path: path, location: node.location,
                             message: "z-order is plane, glass, content: panel \(name) is glass and draws below content; content cannot go under glass")
        default:
            throw SceneError(path: path, location: node.location, message: "unknown layer '\(s)'; glass panels sit in the \"glass\" layer",
                             suggestion: Suggest.closest(to: s, in: ["glass", "plane", "content"]))
        }
    }

    static func fmt(_ v: Float) -> String { Value.format(Double(v)) }
}
