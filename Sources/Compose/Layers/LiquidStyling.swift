import Dots
import Glass
import Raster
import SceneFormat

/// Whether each part of Liquid Glass is styled light or dark at a frame, with hysteresis: the one rule the glass's
/// veil (`GlassLayer.material`) and the adaptive foreground of its content (`"foreground": "adaptive"`,
/// `ContentLayer.paint`) both read, so content is drawn dark over glass styled light and light over glass styled
/// dark on every frame, and both switch on the same frame.
///
/// The rule, per part (a panel, or the panels sharing its union name), with T = `GlassDefaults.Liquid
/// .lightStylingLuma` and h = `foregroundHysteresis`:
///
///     luma(j)    mean Rec. 709 luma of the encoded values behind the part at frame j, sampled every
///                `stylingSamplePoints` points across its box (`meanLuma`), over the plane beneath the dots: the
///                background (the appearance's over a transparent canvas: `stylingBackground`) and the backdrop at
///                frame j's scroll offset
///     light(0)   luma(0) >= T
///     light(j)   true once luma(j) >= T + h, false once luma(j) < T - h, else light(j - 1)
///
/// So a backdrop hovering within h of the threshold (a bar over a scrolling feed) never flips the styling back and
/// forth: each switch is one step, on one frame, for glass and ink alike. It is a function of the frame: the rule
/// runs from frame 0, as the physics does, and each part's last state is kept (`StylingCache`, one step a frame in
/// order), so shards, thread counts and a session that keeps nothing give the same bytes.
///
/// Why without the dots: a frame's styling depends on every frame before it, and an earlier frame's dots exist
/// only inside the physics, while the backdrop and background at any time are a function of the time. A video
/// backdrop's earlier frames are not at hand (its decoder runs forward only), so over a video the styling follows
/// the current frame alone, without hysteresis.
struct LiquidStyling {
    let document: SceneDocument
    let backdrops: BackdropCache
    let cache: StylingCache

    /// Whether the part of `panel` is styled light at `time`.
    func light(_ panel: GlassPanelSpec, time: Double) -> Bool {
        let frame = Int((time * document.fps).rounded())
        let part = self.part(of: panel)
        if document.plane.backdrop?.video != nil { return LiquidGlass.prefersLightStyling(backdropLuma: luma(of: part.members, frame: frame)) }
        var state = cache.state(part: part.key, before: frame) ?? (frame: -1, light: true)
        while state.frame < frame {
            let j = state.frame + 1
            state = (j, Self.step(state.light, luma: luma(of: part.members, frame: j), first: j == 0))
        }
        cache.keep(part: part.key, frame: frame, light: state.light)
        return state.light
    }

    /// The share of light ink (the dark appearance's colours) of content on panel `id` at `time`: 0 over glass
    /// styled light, 1 over glass styled dark, or what the panel pins; nil when its content takes the document's
    /// appearance (`"foreground": "appearance"`, or a panel not drawn as Liquid Glass).
    func lightInk(panel id: String, time: Double) -> Float? {
        guard let panel = document.glass.panels.first(where: { $0.id == id }), panel.tier.rendered == .liquid else { return nil }
        switch panel.liquid.foreground {
        case .appearance: return nil
        case .light: return 0
        case .dark: return 1
        case .adaptive: return light(panel, time: time) ? 0 : 1
        }
    }

    /// The rule's step from the styling after frame j - 1 to frame j's, whose luma is `luma` (frame 0: `first`).
    static func step(_ light: Bool, luma: Double, first: Bool) -> Bool {
        typealias L = GlassDefaults.Liquid
        if first { return LiquidGlass.prefersLightStyling(backdropLuma: luma) }
        if luma >= L.lightStylingLuma + L.foregroundHysteresis { return true }
        if luma < L.lightStylingLuma - L.foregroundHysteresis { return false }
        return light
    }

    /// The panels of `panel`'s part (itself, and the panels of its surface sharing its union name) and the part's
    /// key: the same for every member.
    func part(of panel: GlassPanelSpec) -> (key: String, members: [GlassPanelSpec]) {
        let panels = document.glass.panels
        guard let union = panel.liquid.union, let k = panels.firstIndex(where: { $0.path == panel.path }) else {
            return (panel.path, [panel])
        }
        let surface = panel.surfaceKey(index: k)
        let members = panels.enumerated().filter { $0.element.liquid.union == union && $0.element.surfaceKey(index: $0.offset) == surface }
        return (surface + "|" + union, members.map(\.element))
    }

    /// Mean Rec. 709 luma of the encoded values behind `members`' boxes (joined) at frame `j`, over the background
    /// and backdrop.
    func luma(of members: [GlassPanelSpec], frame j: Int) -> Double {
        let t = document.time(ofFrame: j), c = document.canvas
        let box = members.map { $0.outline(at: t, scale: 1).box }.reduce(nil) { (u: Rect?, b) in u?.union(b) ?? b }!
        let backdrop = try? backdrops.backdrop(document, time: t)
        let background = document.blending.color(document.blending.premultiply(Self.stylingBackground(document)))
        return Self.meanLuma(in: box, scale: c.scale, width: c.pixelWidth, height: c.pixelHeight) { x, y in
            if let b = backdrop, x >= b.x, y >= b.y, x - b.x < b.pixels.width, y - b.y < b.pixels.height {
                return b.pixels.color(atX: x - b.x, y: y - b.y)
            }
            return background
        }
    }
}

extension LiquidStyling {
    /// The background the styling reads behind the backdrop: the plane's, but over a transparent canvas the
    /// appearance's systemGroupedBackground. Transparent black would style every bar dark whatever the app
    /// composites the frames over; the appearance's background is what the scene says the app shows, and one
    /// styling, known before any plane is drawn, is what both draws of the matte (LiquidMatte) need.
    static func stylingBackground(_ document: SceneDocument) -> Color {
        guard document.canvas.isTransparent else { return document.plane.configuration.background }
        return PlaneConfiguration(canvas: document.canvas.bounds, appearance: document.appearance).background
    }

    /// Mean Rec. 709 luma of the straight encoded colours `color(x, y)` gives (pixels) over a box in points: one
    /// sample every `stylingSamplePoints` points in both directions, at the centres of that grid from the box's
    /// top-left, each the pixel under it at `scale` (clipped to `width` x `height`), summed row by row; 1 when no
    /// sample falls on the canvas. A grid in points, not pixels, so the styling switches on the same frame at
    /// every render scale (`lint --scale 1` finds the frames the device's scale draws).
    static func meanLuma(in box: Rect, scale: Float, width: Int, height: Int, color: (Int, Int) -> Color) -> Double {
        let step = GlassDefaults.Liquid.stylingSamplePoints
        let columns = Int((box.width / step).rounded(.up)), rows = Int((box.height / step).rounded(.up))
        var sum = 0.0, n = 0
        for r in 0..<max(0, rows) {
            let py = Int(((box.minY + (Float(r) + 0.5) * step) * scale).rounded(.down))
            guard py >= 0 && py < height else { continue }
            for k in 0..<max(0, columns) {
                let px = Int(((box.minX + (Float(k) + 0.5) * step) * scale).rounded(.down))
                guard px >= 0 && px < width else { continue }
                let c = color(px, py)
                sum += Double(0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue)
                n += 1
            }
        }
        return n > 0 ? sum / Double(n) : 1
    }
}

/// Each Liquid Glass part's styling after the last frame asked for, so that the next frame takes one step of the
/// rule rather than running it from frame 0.
struct StylingCache: Sendable {
    static let descriptor = KeptStoreDescriptor(
        "StylingCache", place: "Compose/Layers (`LiquidStyling`), in the session's `FrameState`",
        holds: "each Liquid Glass part's light or dark styling after a frame",
        key: "the part (its panel's path, or its surface and union name) and the frame (a later frame continues from it; an earlier one runs the rule from frame 0)",
        dropped: "replaced by the part's next frame; with the session",
        bound: "a frame index and a flag per part: under 64 B per panel")

    struct Kept: KeptValue {
        var states: [String: (frame: Int, light: Bool)] = [:]
        mutating func dropKept() { states = [:] }
    }

    let store: KeptStore<Kept>

    init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    /// The kept state of `part` when it is of a frame at or before `frame`.
    func state(part: String, before frame: Int) -> (frame: Int, light: Bool)? {
        store.access { v in v.states[part].flatMap { $0.frame <= frame ? $0 : nil } }
    }

    func keep(part: String, frame: Int, light: Bool) {
        store.access { $0.states[part] = (frame, light) }
    }
}
