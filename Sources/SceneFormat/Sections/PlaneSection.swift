import Dots
import Raster

/// The plane section of a scene, validated: the plane's configuration with every default resolved (the canvas,
/// the seed and Reduce Transparency are filled in from the document's top level at decode), its field
/// attachments and the timed events.
public struct PlaneSpec: Sendable {
    public internal(set) var configuration: PlaneConfiguration
    public internal(set) var attachments: [PlaneFieldAttachment]
    /// Attachments whose bounds follow a glass panel (attachment id -> panel id).
    public internal(set) var elements: [String: String]
    public internal(set) var events: [PlaneEvent]
    /// What the app draws beneath the dots, if anything.
    public internal(set) var backdrop: BackdropSpec?
    public var visible: Bool { configuration.visible }
}

enum PlaneSection {
    static let keys = ["dotSize", "spacing", "overflow", "dotIdle", "dotTap", "dotField", "visible", "spring",
                       "damping", "relaxation", "falloff", "tint", "ambient", "attachments", "backdrop"]
    static let ambientKeys = ["enabled", "interval", "first", "colors"]
    static let attachmentKeys = ["id", "frame", "keyframes", "element", "cornerRadius", "strength", "reach",
                                 "falloff", "tint"]

    /// The top-level values the plane's configuration holds besides its own section.
    struct Context {
        var canvas: Canvas
        var appearance: Appearance
        var seed: UInt64
        var reduceTransparency: Bool
        var blending: BlendSpace
        /// The scene file's folder (a backdrop image's path starts there).
        var directory: String?
        /// The scene's frame rate (a backdrop video's frames are picked by it).
        var fps: Double
        /// Reads the backdrop's image and probes its video (the decoder's, `SceneDecoder.resolver`).
        var resolver: any SceneResolver
    }

    static func decode(_ root: ObjectReader, _ context: Context) throws(SceneError) -> PlaneSpec {
        let appearance = context.appearance
        var c = PlaneConfiguration(canvas: context.canvas.bounds, appearance: appearance)
        c.seed = context.seed
        c.reduceTransparency = context.reduceTransparency
        if let background = context.canvas.background { c.background = background }
        guard let r = try root.object("plane", keys: keys) else {
            return PlaneSpec(configuration: c, attachments: [], elements: [:], events: [])
        }
        let backdrop = try BackdropSection.decode(r, .init(canvas: context.canvas, blending: context.blending,
                                                           appearance: appearance, directory: context.directory, fps: context.fps,
                                                           resolver: context.resolver))
        c.dotSize = try r.float("dotSize", default: c.dotSize, in: .length)
        // At least 4 pt: a 64-megapixel canvas at scale 1 then holds at most about 4 million dots (190 MB of state).
        c.spacing = try r.float("spacing", default: c.spacing, in: .closed(4, SceneLimits.length))
        c.overflow = try r.float("overflow", default: PlaneDefaults.overflow(spacing: c.spacing), in: .lengthOrZero)
        c.dotIdle = try r.float("dotIdle", default: c.dotIdle, in: .unit)
        c.dotTap = try r.float("dotTap", default: c.dotTap, in: .unit)
        c.dotField = try r.float("dotField", default: c.dotField, in: .unit)
        c.visible = try r.bool("visible", default: true) && backdrop?.dots != false
        c.spring = try r.float("spring", default: c.spring, in: .closed(0, 1))
        c.damping = try r.float("damping", default: c.damping, in: .closed(0, 1))
        c.relaxation = try r.float("relaxation", default: c.relaxation, in: .closed(0, 1))
        c.falloff = try r.float("falloff", default: c.falloff, in: .positive)
        if let accent = try r.color("tint", appearance: appearance) { c.accent = accent }
        if let a = try r.object("ambient", keys: ambientKeys) {
            c.ambient.enabled = try a.bool("enabled", default: true)
            if let n = a.node("interval") {
                let v = try Value.numbers(n, path: a.childPath("interval"), count: 2, what: "an interval [min, max] in seconds")
                guard v[0] >= SceneLimits.ambientInterval, v[1] >= v[0] else {
                    throw a.fail("interval", "expected \(Value.format(SceneLimits.ambientInterval)) <= min <= max seconds, found [\(Value.format(v[0])), \(Value.format(v[1]))]")
                }
                c.ambient.interval = v[0]...v[1]
            }
            if a.has("first") { c.ambient.first = try a.number("first", default: 0, in: .nonNegative) }
            if a.has("colors") {
                let colors = try a.array("colors") { (n, p) throws(SceneError) -> Color in
                    try Value.color(n, path: p, appearance: appearance)
                }
                guard !colors.isEmpty else { throw a.fail("colors", "expected at least one color") }
                c.ambient.palette = colors
            }
        }
        var elements: [String: String] = [:]
        var ids: Set<String> = []
        let glassIDs = panelIDs(root)
        let attachments = try r.array("attachments") { (n, p) throws(SceneError) -> PlaneFieldAttachment in
            let o = try ObjectReader(n, path: p, keys: attachmentKeys)
            let id = try o.string("id") ?? "attachment\(ids.count)"
            guard ids.insert(id).inserted else { throw o.fail("id", "duplicate attachment id '\(id)'") }
            let sources = ["frame", "keyframes", "element"].filter { o.has($0) }
            guard sources.count == 1 else {
                throw SceneError(path: p, location: o.location,
                                 message: "an attachment needs exactly one of 'frame', 'keyframes' or 'element', found \(sources.isEmpty ? "none" : sources.joined(separator: " and "))")
            }
            let bounds: PlaneFieldAttachment.Bounds
            if let f = try o.rect("frame") {
                bounds = .fixed(f)
            } else if let e = try o.string("element") {
                guard glassIDs.contains(e) else {
                    throw SceneError(path: o.childPath("element"), location: o.node("element")?.location,
                                     message: "no glass panel has id '\(e)'",
                                     suggestion: Suggest.closest(to: e, in: glassIDs))
                }
                elements[id] = e
                bounds = .external
            } else {
                bounds = .keyframed(try o.frameKeyframes())
            }
            return PlaneFieldAttachment(
                id: id, bounds: bounds,
                cornerRadius: try o.float("cornerRadius", default: PlaneDefaults.attachmentCornerRadius, in: .lengthOrZero),
                strength: try o.float("strength", default: PlaneDefaults.attachmentStrength, in: .nonNegative),
                reach: try o.float("reach", default: PlaneDefaults.attachmentReach, in: .length),
                falloff: try o.float("falloff", default: c.falloff, in: .positive),
                tint: try o.color("tint", appearance: appearance) ?? c.accent(alpha: c.dotField))
        }
        return PlaneSpec(configuration: c, attachments: attachments, elements: elements, events: [], backdrop: backdrop)
    }

    /// Ids of the scene's glass panels, read from the raw JSON (the glass section is decoded after the plane).
    static func panelIDs(_ root: ObjectReader) -> [String] {
        guard let g = root.node("glass"), case .array(let items) = g.value else { return [] }
        return items.compactMap { item in
            guard case .object(let members) = item.value,
                  let m = members.first(where: { $0.key == "id" }), case .string(let s) = m.value.value else { return nil }
            return s
        }
    }

    /// Decodes `events` into the plane spec (see PlaneEvents.swift).
    static func decodeEvents(_ root: ObjectReader, duration: Double, into spec: PlaneSpec) throws(SceneError) -> PlaneSpec {
        var spec = spec
        spec.events = try PlaneEvents.decode(root, duration: duration, configuration: spec.configuration)
        return spec
    }
}

/// The `events` array: timed gestures, effects and fields on the plane.
enum PlaneEvents {
    enum Kind: String, CaseIterable { case tap, hold, drag, hover, release, effect, field }
    /// The field laws a gesture's `mode` or a `field` event may name (attachments live in plane.attachments).
    enum Mode: String, CaseIterable { case radialGravity, outline, repulsion, vortex, magnetic }

    static let pointerKeys = ["mode", "strength", "radius", "interaction", "tint", "duration"]
    static func keys(_ k: Kind) -> [String] {
        let common = ["type", "t"]
        switch k {
        case .tap: return common + ["at"]
        case .hold: return common + ["at"] + pointerKeys
        case .drag, .hover: return common + ["points"] + pointerKeys
        case .release: return common
        case .effect: return common + ["effect", "at", "strength", "speed", "width", "life", "tint"]
        case .field: return common + ["field", "at", "duration", "strength", "radius", "falloff", "ringRadius", "angle", "tint"]
        }
    }
    static let allKeys = Array(Set(Kind.allCases.flatMap(keys))).sorted()

    static func decode(_ root: ObjectReader, duration: Double, configuration c: PlaneConfiguration) throws(SceneError) -> [PlaneEvent] {
        var holds: [(index: Int, time: Double)] = []
        var releases: [(time: Double, reader: ObjectReader)] = []
        var index = -1
        var effects = 0
        // Each tap, effect and drag trail ring is a wave the physics carries while it lives.
        func schedule(_ n: Double, _ o: ObjectReader, _ key: String) throws(SceneError) {
            effects += Int(checked: min(n, Double(SceneLimits.effects) + 1))
            guard effects <= SceneLimits.effects else {
                throw o.fail(key, "the events schedule more than \(SceneLimits.effects) effects (taps, effects and drag trail rings, one every \(Value.format(Double(PlaneDefaults.trailSpacing))) pt of drag); see docs/limits.md")
            }
        }
        var events = try root.array("events") { (node, path) throws(SceneError) -> PlaneEvent? in
            index += 1
            let probe = try ObjectReader(node, path: path, keys: allKeys)
            guard let typeNode = probe.node("type") else {
                throw SceneError(path: path, location: probe.location,
                                 message: "missing key 'type' (one of: \(Kind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let kind = try Value.choice(typeNode, path: probe.childPath("type"), Kind.self)
            let o = try ObjectReader(node, path: path, keys: keys(kind))
            guard o.has("t") else { throw SceneError(path: path, location: o.location, message: "missing key 't' (seconds)") }
            let t = try o.number("t", default: 0)
            guard t >= 0, t < duration else {
                throw o.fail("t", "expected a time within the scene, from 0 to below \(Value.format(duration)) s, found \(Value.format(t))")
            }
            switch kind {
            case .tap:
                try schedule(1, o, "t")
                return .tap(at: try required(o, "at"), time: t)
            case .release:
                releases.append((t, o))
                return nil
            case .hold:
                let at = try required(o, "at")
                let f = try pointerField(o, c)
                if o.has("duration") {
                    let d = try o.number("duration", default: 0, in: .duration)
                    guard d >= PlaneDefaults.holdThreshold else { throw shortHold(o, "duration", d) }
                    return .hold(at: at, time: t, duration: d, field: f)
                }
                holds.append((index, t))
                return .hold(at: at, time: t, duration: .infinity, field: f)
            case .drag, .hover:
                let (event, rings) = try pointerEvent(kind, o, path: path, time: t, c)
                if let rings { try schedule(rings, o, "points") }
                return event
            case .effect:
                let effect = try requiredChoice(o, "effect", Effect.self)
                try schedule(1, o, "t")
                return try effectEvent(effect, o, time: t, c)
            case .field:
                return try fieldEvent(o, time: t, c)
            }
        }
        try pairReleases(releases, with: holds, in: &events)
        return events.compactMap { $0 }
    }

    /// A drag or hover, and for a drag the trail rings it schedules.
    static func pointerEvent(_ kind: Kind, _ o: ObjectReader, path: String, time t: Double,
                             _ c: PlaneConfiguration) throws(SceneError) -> (PlaneEvent, rings: Double?) {
        let pts = try o.array("points") { (n, p) throws(SceneError) -> Point in try Value.point(n, path: p) }
        let minimum = kind == .drag ? 2 : 1
        guard pts.count >= minimum else {
            throw pts.isEmpty && !o.has("points")
                ? SceneError(path: path, location: o.location, message: "missing key 'points' (an array of [x, y] in points)")
                : o.fail("points", "a \(kind.rawValue) needs at least \(minimum) point\(minimum > 1 ? "s" : ""), found \(pts.count)")
        }
        let d = try o.number("duration", default: 1, in: .duration)
        let f = try pointerField(o, c)
        guard kind == .drag else { return (.hover(path: pts, time: t, duration: d, field: f), nil) }
        let length = PointerPath(points: pts, start: t, duration: d).length
        return (.drag(path: pts, time: t, duration: d, field: f), Double(length / PlaneDefaults.trailSpacing))
    }

    /// An effect: its wave's parameters over the effect's own defaults.
    static func effectEvent(_ effect: Effect, _ o: ObjectReader, time t: Double,
                            _ c: PlaneConfiguration) throws(SceneError) -> PlaneEvent {
        let base = effect.defaults
        let params = WaveParameters(
            type: base.type,
            strength: try o.float("strength", default: base.strength, in: .nonNegative),
            speed: try o.float("speed", default: base.speed, in: .positive),
            width: try o.float("width", default: base.width, in: .length),
            life: try o.number("life", default: base.life, in: NumberRange.closed(0, SceneLimits.effectLife).excludingLower(0)))
        return .effect(effect, parameters: params, at: try required(o, "at"), time: t,
                       tint: try o.color("tint", appearance: c.appearance))
    }

    /// A field event: its law's defaults, the plane's falloff and accent where the event gives none.
    static func fieldEvent(_ o: ObjectReader, time t: Double, _ c: PlaneConfiguration) throws(SceneError) -> PlaneEvent {
        let mode = try requiredChoice(o, "field", Mode.self)
        let law = FieldLaw(rawValue: mode.rawValue)!
        let d = law.defaults
        let f = Field(law: law, center: try required(o, "at"),
                      strength: try o.float("strength", default: d.strength, in: .nonNegative),
                      radius: try o.float("radius", default: d.radius, in: .length),
                      falloff: try o.float("falloff", default: law == .radialGravity ? d.falloff : c.falloff, in: .positive),
                      ringRadius: try o.float("ringRadius", default: PlaneDefaults.outlineRadius, in: .lengthOrZero),
                      angle: try o.float("angle", default: 0),
                      tint: try o.color("tint", appearance: c.appearance) ?? c.accent(alpha: c.dotField))
        let dur: Double? = o.has("duration") ? try o.number("duration", default: 1, in: .duration) : nil
        return .field(f, time: t, duration: dur)
    }

    /// Pairs each release with the latest open hold that started before it, giving that hold its duration.
    static func pairReleases(_ releases: [(time: Double, reader: ObjectReader)], with holds: [(index: Int, time: Double)],
                             in events: inout [PlaneEvent?]) throws(SceneError) {
        var open = holds.sorted { $0.time < $1.time }
        for r in releases.sorted(by: { $0.time < $1.time }) {
            guard let h = open.lastIndex(where: { $0.time < r.time }) else {
                throw r.reader.fail("t", "a release needs a hold without a duration in progress before \(Value.format(r.time)) s")
            }
            let hold = open.remove(at: h)
            let d = r.time - hold.time
            guard d >= PlaneDefaults.holdThreshold else { throw shortHold(r.reader, "t", d) }
            if case .hold(let at, let t, _, let f) = events[hold.index] {
                events[hold.index] = .hold(at: at, time: t, duration: d, field: f)
            }
        }
    }

    static func shortHold(_ o: ObjectReader, _ key: String, _ d: Double) -> SceneError {
        o.fail(key, "a hold must last at least \(Value.format(PlaneDefaults.holdThreshold)) s (the long-press threshold), found \(Value.format(d)) s; use a tap for a shorter touch")
    }

    static func required(_ o: ObjectReader, _ key: String) throws(SceneError) -> Point {
        guard let p = try o.point(key) else {
            throw SceneError(path: o.path, location: o.location, message: "missing key '\(key)' ([x, y] in points)")
        }
        return p
    }

    static func requiredChoice<E: RawRepresentable & CaseIterable>(_ o: ObjectReader, _ key: String, _ type: E.Type) throws(SceneError) -> E
    where E.RawValue == String {
        guard let n = o.node(key) else {
            throw SceneError(path: o.path, location: o.location,
                             message: "missing key '\(key)' (one of: \(E.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return try Value.choice(n, path: o.childPath(key), E.self)
    }

    /// The drag field of a hold, drag or hover, with the mode's law and any overrides.
    static func pointerField(_ o: ObjectReader, _ c: PlaneConfiguration) throws(SceneError) -> Field {
        let mode = try o.choice("mode", default: Mode.radialGravity)
        var f = Field.drag(mode: FieldLaw(rawValue: mode.rawValue)!, tint: try o.color("tint", appearance: c.appearance) ?? c.accent(alpha: c.dotField))
        f.strength = try o.float("strength", default: f.strength, in: .nonNegative)
        f.radius = try o.float("radius", default: f.radius, in: .length)
        f.interaction = try o.float("interaction", default: f.interaction, in: .unit)
        f.falloff = c.falloff
        return f
    }
}
