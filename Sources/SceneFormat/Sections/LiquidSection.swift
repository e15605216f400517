import Glass
import Raster

/// The Liquid Glass keys of a panel and the scene's containers. Units: points and seconds.
public struct LiquidSpec: Sendable {
    public internal(set) var profile: BezelProfile
    public internal(set) var index: Double
    /// Rim width and glass height: the scene's, or the default rule (GlassDefaults.Liquid), resolved.
    public internal(set) var bezel: BezelWidth
    public internal(set) var thickness: GlassThickness
    /// The spacing of the GlassEffectContainer the panel belongs to, points: its declared `spacing`, the default
    /// for a container the scene names without declaring, 0 for a panel in no container.
    public internal(set) var containerSpacing: Float
    /// Extra index of blue over red (chromatic dispersion); 0 = none.
    public internal(set) var dispersion: Double
    public internal(set) var variant: GlassVariant
    public internal(set) var interactive: Bool
    /// Touch-down and release times of presses on an interactive panel.
    public internal(set) var presses: [(down: Double, up: Double?)]
    /// Panels with the same union name combine into one shape (SwiftUI's `glassEffectUnion`).
    public internal(set) var union: String?
    /// How the panel appears and disappears (nil: present for the whole scene).
    public internal(set) var appear: Appearing?
    public internal(set) var disappear: Appearing?
    /// How content on the panel is styled (`"foreground"`; adaptive unless the scene pins an appearance).
    public internal(set) var foreground: PanelForeground = .adaptive
    /// Whether a touch event landing on the interactive panel presses it (`"touchPresses"`, on unless the scene
    /// opts out; `TouchPresses` adds them to `presses`).
    public internal(set) var touchPresses = true

    public struct Appearing: Sendable {
        public internal(set) var time: Double
        public internal(set) var duration: Double
        public internal(set) var transition: GlassTransition
    }
}

/// The Liquid Glass variants, named as Apple names them (`Glass.regular`, `.clear`, `.identity`).
public enum GlassVariant: String, Sendable, CaseIterable {
    /// The adaptive material: refraction, a blur and a strong veil (GlassDefaults.Liquid.veil).
    case regular
    /// Nearly clear: a slight lift of what lies behind (GlassDefaults.Liquid.veil).
    case clear
    /// No glass at all (the panel keeps its place for content).
    case identity
}

enum LiquidSection {
    static let keys = ["profile", "index", "thickness", "bezel", "dispersion", "variant", "interactive", "presses", "union",
                       "appear", "disappear", "foreground", "touchPresses"]

    /// The panel's Liquid Glass keys, every default resolved. `containers`: the declared spacings by name.
    static func decode(_ o: ObjectReader, frames: Keyframes<Rect>, container: String?, containers: [String: Float],
                       duration: Double) throws(SceneError) -> LiquidSpec {
        let profile = try o.choice("profile", default: GlassDefaults.Liquid.profile)
        let index = try o.number("index", default: GlassDefaults.Liquid.index, in: .closed(1, 4))
        let dispersion = try o.number("dispersion", default: 0, in: .closed(0, 0.5))
        let variant = try o.choice("variant", default: GlassVariant.regular)
        let interactive = try o.bool("interactive", default: false)
        let union = try o.string("union")
        let inradius = frames.keys.map(\.value.inradius).min() ?? 0
        var bezel = BezelWidth.standard
        if o.has("bezel") {
            let b = try o.float("bezel", default: 0, in: .lengthOrZero)
            guard b <= inradius else {
                throw o.fail("bezel", "a bezel of \(Value.format(Double(b))) pt does not fit the panel: at most half its shorter side, \(Value.format(Double(inradius))) pt")
            }
            bezel = .points(b)
        }
        var thickness = GlassThickness.standard
        if o.has("thickness") { thickness = .points(try o.float("thickness", default: 0, in: .closed(0, 200))) }
        var spec = LiquidSpec(profile: profile, index: index, bezel: bezel, thickness: thickness,
                              containerSpacing: container.map { containers[$0] ?? GlassDefaults.Liquid.containerSpacing } ?? 0,
                              dispersion: dispersion, variant: variant, interactive: interactive, presses: [], union: union)
        var last = -Double.infinity
        spec.presses = try o.array("presses") { (node, path) throws(SceneError) -> (down: Double, up: Double?) in
            let p = try ObjectReader(node, path: path, keys: ["t", "duration"])
            let t = try p.number("t", default: 0, in: .closed(0, duration).excludingUpper(duration))
            guard t > last else { throw p.fail("t", "presses must be in increasing time order") }
            last = t
            let d = try p.number("duration")
            if let d, d <= 0 { throw p.fail("duration", "expected a positive number, found \(Value.format(d))") }
            return (t, d.map { t + $0 })
        }
        spec.foreground = try o.choice("foreground", default: PanelForeground.adaptive)
        spec.touchPresses = try o.bool("touchPresses", default: true)
        let (appear, disappear) = try o.appearances(duration: duration, default: GlassTransition.materialize)
        spec.appear = appear.map { LiquidSpec.Appearing(time: $0.time, duration: $0.duration, transition: $0.transition) }
        spec.disappear = disappear.map { LiquidSpec.Appearing(time: $0.time, duration: $0.duration, transition: $0.transition) }
        if !spec.presses.isEmpty && !spec.interactive {
            throw o.fail("presses", "a press needs an interactive panel: add \"interactive\": true to answer presses with scale, bounce and shimmer")
        }
        return spec
    }

    /// `containers`: `{"name": {"spacing": points}}`. Names not declared here get the default spacing.
    static func decodeContainers(_ root: ObjectReader) throws(SceneError) -> [String: Float] {
        guard let node = root.node("containers") else { return [:] }
        guard case .object(let members) = node.value else {
            throw root.fail("containers", "expected an object of containers, {\"name\": {\"spacing\": points}}")
        }
        var out: [String: Float] = [:]
        for m in members {
            let c = try ObjectReader(m.value, path: "containers.\(m.key)", keys: ["spacing"])
            out[m.key] = try c.float("spacing", default: GlassDefaults.Liquid.containerSpacing, in: .closed(0, SceneLimits.containerSpacing))
        }
        return out
    }
}

extension NumberRange {
    func excludingUpper(_ v: Double) -> NumberRange {
        NumberRange(lower: lower, lowerInclusive: lowerInclusive, upper: v, upperInclusive: false, dimension: dimension)
    }
}
