import Glass
import Raster

/// `"selection"` on a glass panel (a tab bar): the lens that marks its selected tab. Decoded into a panel of its
/// own, added after the scene's panels: a capsule of the bar's material in the bar's container (a container of
/// its own with the bar, at the default spacing, when the bar has none), so on the Liquid Glass tier the bar and
/// its lens are one surface, sampling the plane once, joined by the container's smooth union. The lens is the
/// `clear` variant (it reads as a clearer droplet within the bar's `regular` glass), interactive, and pressed
/// for `selectionPressSeconds` by each selection when `press` is on: it swells while it travels. A tap that lands
/// on it presses it too (`TouchPresses`).
enum SelectionSection {
    static let keys = ["tabs", "initial", "events", "press", "color"]
    /// The colour of content under the lens when the scene gives none: iOS's default tint.
    static let defaultColor = Token.systemBlue

    static func addLens(_ o: ObjectReader, bar index: Int, to panels: inout [GlassPanelSpec],
                        _ c: GlassSection.Context) throws(SceneError) {
        guard panels.count < SceneLimits.glassPanels else {
            throw SceneError(path: o.path, location: o.location,
                             message: "the selection lens would be glass panel \(panels.count + 1), over the limit of \(SceneLimits.glassPanels) (docs/limits.md)")
        }
        let lens = try decode(o, bar: panels[index], c)
        var bar = panels[index]
        if bar.container == nil {
            bar.container = o.path
            bar.liquid.containerSpacing = GlassDefaults.Liquid.containerSpacing
            panels[index] = bar
        }
        var liquid = bar.liquid
        liquid.variant = .clear
        liquid.interactive = true
        liquid.union = nil
        liquid.touchPresses = true
        let press = try o.bool("press", default: true)
        liquid.presses = press ? lens.events.map { ($0.time, $0.time + GlassDefaults.Liquid.selectionPressSeconds) } : []
        // The tabs it rests on, keyed where each move has settled: what the decode-time checks (the layer rule's
        // times, the memory estimate's boxes) read of a panel's frames.
        let settle = GlassDefaults.Liquid.selectionResponse
        let keys = [Keyframes<Rect>.Key(time: 0, value: lens.tabs[lens.initial], easing: .linear)]
            + lens.events.map { .init(time: $0.time + settle, value: lens.tabs[$0.tab], easing: .linear) }
        var panel = GlassPanelSpec(name: "\(bar.name)'s selection", id: nil, path: o.path, location: o.location,
                                   outline: .capsule, frames: Keyframes(keys), radius: 0, material: bar.material,
                                   tint: nil, container: bar.container, tier: bar.tier, cornerCurve: bar.cornerCurve,
                                   liquid: liquid)
        panel.glowHalo = bar.glowHalo
        panel.selection = lens
        panels.append(panel)
    }

    /// The lens's motion: tabs, initial tab, events and colour, each checked with its JSON path.
    static func decode(_ o: ObjectReader, bar: GlassPanelSpec, _ c: GlassSection.Context) throws(SceneError) -> SelectionLens {
        guard let tabsNode = o.node("tabs") else {
            throw SceneError(path: o.path, location: o.location, message: "missing key 'tabs': the frame of each tab, [[x, y, width, height], ...] in points")
        }
        if let n = o.count("tabs") {
            try ObjectReader.checkCount(n, limit: SceneLimits.selectionTabs, path: o.childPath("tabs"), location: tabsNode.location)
        }
        let tabs = try o.array("tabs") { (node, path) throws(SceneError) -> Rect in try Value.rect(node, path: path) }
        guard !tabs.isEmpty else { throw o.fail("tabs", "expected at least one tab frame") }
        let last = Double(tabs.count - 1)
        let initial = try o.int("initial", default: 0, in: .closed(0, last))
        if let n = o.count("events"), let node = o.node("events") {
            try ObjectReader.checkCount(n, limit: SceneLimits.selectionEvents, path: o.childPath("events"), location: node.location)
        }
        var previous = -Double.infinity
        let events = try o.array("events") { (node, path) throws(SceneError) -> (time: Double, tab: Int) in
            let e = try ObjectReader(node, path: path, keys: ["t", "tab"])
            guard e.has("t") else { throw SceneError(path: path, location: e.location, message: "missing key 't': when the selection moves, seconds") }
            guard e.has("tab") else { throw SceneError(path: path, location: e.location, message: "missing key 'tab': the index of the tab selected, 0 to \(tabs.count - 1)") }
            let t = try e.number("t", default: 0, in: NumberRange.closed(0, c.duration).excludingUpper(c.duration).measured(in: .seconds))
            guard t > previous else { throw e.fail("t", "selection events must be in increasing time order") }
            previous = t
            return (t, try e.int("tab", default: 0, in: .closed(0, last)))
        }
        let color = try o.color("color", appearance: c.appearance) ?? defaultColor.color(c.appearance)
        return SelectionLens(bar: bar.id, tabs: tabs, initial: initial, events: events, color: color)
    }
}
