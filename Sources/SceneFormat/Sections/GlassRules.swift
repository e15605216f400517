import Glass
import Raster

/// The layer rules of glass that depend on geometry, checked at validation over the whole timeline.
///
/// - At most `GlassDefaults.maxLayers` (3) glass layers over any point, at any time: the seed's "Max 3 levels
///   before blur compounds and kills performance". A layer is a surface, one sampling pass of the plane: the
///   Liquid Glass members of one container (or one union name) are drawn as one joined shape in one pass, so
///   together they count once, however their members overlap; and being one surface, they never sample each
///   other. Frosted panels are drawn one by one and count one each, container or not.
///
/// The other rules are enforced elsewhere: glass never samples glass and nothing blurs between plane and glass
/// by construction (Compositor hands glass the plane only) and, when a scene asks otherwise, by `source`
/// checks in GlassSection; the z-order by the `layer` check there and by the Compositor.
enum GlassRules {
    /// The first point, at the first sampled time, where more than `maxLayers` panels cover one point, as the
    /// error a refusal prints: it names the panels, the point (in points) and the time, at the path of the
    /// topmost panel involved. Nil when the scene keeps the rule. The preview records it instead of refusing.
    static func layerBreak(_ panels: [GlassPanelSpec], duration: Double, fps: Double) -> SceneError? {
        let limit = GlassDefaults.maxLayers
        guard panels.count > limit else { return nil }
        for t in sampleTimes(panels, duration: duration, fps: fps) {
            let shapes = panels.map { $0.shape(at: t, scale: 1) }
            let surfaces = panels.enumerated().map { $1.surfaceKey(index: $0) }
            if let (group, point) = deepestOverlap(shapes, surfaces: surfaces, count: limit + 1) {
                let top = panels[group.last!]
                let names = group.map { panels[$0].name }
                let list = names.dropLast().joined(separator: ", ") + " and " + names.last!
                return SceneError(path: top.path, location: top.location,
                                 message: "\(group.count) glass layers overlap at (\(fmt(point.x)), \(fmt(point.y))) pt at t = \(Value.format(t)) s: \(list); at most \(limit) glass layers may cover any point (blur compounds beyond \(limit) levels)")
            }
        }
        return nil
    }

    /// Every frame time, and every keyframe time within the timeline; just t = 0 when nothing moves.
    static func sampleTimes(_ panels: [GlassPanelSpec], duration: Double, fps: Double) -> [Double] {
        guard panels.contains(where: \.isAnimated) else { return [0] }
        let frames = max(1, Int(checked: duration * fps, .toNearestOrAwayFromZero))
        var times = (0..<frames).map { Double($0) / fps }
        for p in panels { for k in p.frames.keys where k.time <= duration { times.append(k.time) } }
        return Array(Set(times)).sorted()
    }

    /// The first group of `count` shapes (in scene order), each from a different surface, whose interiors share
    /// a point, with that point.
    ///
    /// Candidates are found by bounding boxes; each group is tested by minimizing f(p) = max_i d_i(p), the
    /// largest signed distance to the group's shapes, over their common bounding box. The shapes are convex
    /// (rounded rectangles, stadiums, discs), so f is convex and nested ternary searches find its minimum;
    /// f < 0 means the point is inside every shape.
    static func deepestOverlap(_ shapes: [PanelShape], surfaces: [String], count: Int) -> ([Int], Point)? {
        var group: [Int] = []
        func search(from start: Int, box: Rect?) -> ([Int], Point)? {
            if group.count == count {
                let members = group.map { shapes[$0] }
                let (p, f) = minimizeMaxDistance(members, over: box!)
                return f < -1e-3 ? (group, p) : nil
            }
            guard start < shapes.count else { return nil }
            for i in start..<shapes.count where !group.contains(where: { surfaces[$0] == surfaces[i] }) {
                let b = shapes[i].bounds
                guard let common = box.map({ intersection($0, b) }) ?? b else { continue }
                group.append(i)
                if let hit = search(from: i + 1, box: common) { return hit }
                group.removeLast()
            }
            return nil
        }
        return search(from: 0, box: nil)
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// Nested ternary search for the minimum of max_i d_i over a rectangle: 40 steps shrink each side by
    /// (2/3)^40 ~ 1e-7, a ten-thousandth of a point on any canvas up to 1000 pt.
    static func minimizeMaxDistance(_ shapes: [PanelShape], over box: Rect) -> (Point, Float) {
        func f(_ x: Float, _ y: Float) -> Float {
            var m = -Float.infinity
            for s in shapes { m = max(m, s.signedDistance(Point(x, y))) }
            return m
        }
        func bestY(_ x: Float) -> (Float, Float) {
            var lo = box.minY, hi = box.maxY
            for _ in 0..<40 {
                let a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3
                if f(x, a) < f(x, b) { hi = b } else { lo = a }
            }
            let y = (lo + hi) / 2
            return (y, f(x, y))
        }
        var lo = box.minX, hi = box.maxX
        for _ in 0..<40 {
            let a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3
            if bestY(a).1 < bestY(b).1 { hi = b } else { lo = a }
        }
        let x = (lo + hi) / 2
        let (y, v) = bestY(x)
        return (Point(x, y), v)
    }

    static func fmt(_ v: Float) -> String { Value.format((Double(v) * 10).rounded() / 10) }
}

extension GlassPanelSpec {
    /// The surface the panel is drawn in: Liquid Glass panels sharing a container, or a union name, are one
    /// surface (one joined shape, one pass); every other panel is a surface of its own.
    package func surfaceKey(index: Int) -> String {
        guard tier.rendered == .liquid else { return "panel:\(index)" }
        if let c = container { return "container:" + c }
        if let u = liquid.union { return "union:" + u }
        return "panel:\(index)"
    }
}
