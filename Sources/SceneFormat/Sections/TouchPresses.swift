import Dots
import Glass
import Raster

/// One touch, both layers: a `tap`, `hold` or `drag` event that lands inside an interactive panel also presses it
/// (the seed: "Touch ripple passes through glass to the grid beneath. Both layers respond"), so a mock of a
/// tapped button states the touch once.
///
/// Resolved at decode into the panel's `presses`, which render code already reads: a pure function of the events
/// and the panels' keyframes, so frames stay shard-exact. For each interactive panel whose `touchPresses` is on
/// (the default; `"touchPresses": false` opts out):
/// - a tap at a point inside the panel's outline at the tap's time presses it for a tap's contact
///   (`GlassDefaults.Liquid.tapPressSeconds`);
/// - a hold inside it presses it for the hold's duration (to the end of the scene when nothing releases it);
/// - a drag whose first point is inside it at its start presses it until the drag's release (its duration),
///   wherever the finger goes meanwhile, as a control tracks a touch that began on it.
/// "Inside" is the panel's outline at rest (its frame at that time, corners and shape; not scaled by a press),
/// while the panel is present. A touch-down at the time of a press the scene lists already adds nothing: explicit
/// presses keep working, and a scene that stated the touch twice reads as before.
enum TouchPresses {
    static func apply(_ events: [PlaneEvent], to panels: inout [GlassPanelSpec]) {
        for k in panels.indices where panels[k].liquid.interactive && panels[k].liquid.touchPresses {
            var bare = panels[k]
            bare.liquid.presses = []
            let touched = events.compactMap { touch($0) }.filter { t in
                bare.liquid.presence(at: t.down) > 0 && bare.shape(at: t.down, scale: 1).signedDistance(t.at) <= 0
            }
            guard !touched.isEmpty else { continue }
            var presses = panels[k].liquid.presses
            for t in touched where !presses.contains(where: { abs($0.down - t.down) < 1e-9 }) {
                presses.append((t.down, t.up))
            }
            panels[k].liquid.presses = presses.sorted { $0.down < $1.down }
        }
    }

    /// Where and when an event touches down and when it lifts; nil for events that are not touches.
    static func touch(_ e: PlaneEvent) -> (at: Point, down: Double, up: Double?)? {
        switch e {
        case .tap(let at, let t): return (at, t, t + GlassDefaults.Liquid.tapPressSeconds)
        // A hold with no release is held to the end.
        case .hold(let at, let t, let d, _): return (at, t, d.isFinite ? t + d : nil)
        case .drag(let path, let t, let d, _): return path.first.map { ($0, t, t + d) }
        default: return nil
        }
    }
}
