import Glass
import Raster

/// A tab bar's selection as a Liquid Glass droplet (`"selection"` on the bar): the tabs' frames, which tab is
/// selected from t = 0, when the selection moves, and the colour content takes under it. The decoder turns it into
/// a glass panel of its own (a capsule in the bar's container, so the bar and the lens are one surface joined by
/// the container's smooth union) whose frame at a time is `frame(at:)`.
public struct SelectionLens: Sendable {
    /// The bar's `id` (content `on` it takes the selected colour inside the lens), or nil when it has none.
    public internal(set) var bar: String?
    /// Each tab's frame in canvas points: where the lens rests when that tab is selected.
    public internal(set) var tabs: [Rect]
    /// The tab selected at t = 0.
    public internal(set) var initial: Int
    /// Selections in increasing time order: at `time` the lens sets off toward tab `tab`.
    public internal(set) var events: [(time: Double, tab: Int)]
    /// The colour of content inside the lens, resolved for the scene's appearance.
    public internal(set) var color: Color

    /// The tab selected at a time: the last event's at or before it.
    public func selectedTab(at t: Double) -> Int {
        events.last(where: { $0.time <= t })?.tab ?? initial
    }

    /// The lens's frame at a time, before a press's scale: centre and size follow the spring from tab to tab,
    /// then the squash of its speed stretches it along its motion and thins it across (`SelectionSpring`).
    public func frame(at t: Double) -> Rect {
        let spring = SelectionSpring()
        let start = tabs[initial]
        var c = start.center, size = Point(start.width, start.height), v = Point(0, 0)
        var from = start
        for e in events where e.time < t {
            let to = tabs[e.tab], tau = t - e.time
            let p = Float(spring.progress(tau)), r = Float(spring.rate(tau))
            let dc = to.center - from.center, ds = Point(to.width - from.width, to.height - from.height)
            c = c + dc * p
            size = size + ds * p
            v = v + dc * r
            from = to
        }
        let w = max(size.x, 1e-3), h = max(size.y, 1e-3)
        let s = SelectionSpring.squash(vx: Double(v.x / w), vy: Double(v.y / h))
        let sw = w * Float(s.x), sh = h * Float(s.y)
        return Rect(x: c.x - sw / 2, y: c.y - sh / 2, width: sw, height: sh)
    }
}
