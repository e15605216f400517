import Glass
import Raster

/// The glass layer: every panel of the scene drawn by the Glass module, in scene order, over the plane.
///
/// Liquid Glass panels that share a container (or a union name) are drawn once, as one shape, where the first
/// of them comes in scene order: their fields join by a smooth minimum (container) or a plain one (union), and the
/// lens, wash and highlights are computed on the joined shape.
struct GlassLayer {
    let document: SceneDocument

    init(document: SceneDocument) { self.document = document }

    /// Draws every glass surface into `frame`, reading only `plane`: glass never samples glass, and a panel
    /// drawn over another renders the pixels it would render alone.
    func render(plane: Framebuffer, into frame: inout Framebuffer, time: Double, workers: Workers) {
        let panels = document.glass.panels
        var drawnGroups = Set<String>()
        for (i, panel) in panels.enumerated() {
            guard panel.tier.rendered == .liquid else {
                let surface = panel.surface(at: time, scale: document.canvas.scale, appearance: document.appearance)
                Glass.draw(surface, plane: plane, into: &frame, workers: workers)
                continue
            }
            if panel.liquid.variant == .identity { continue }
            let key = groupKey(panel, index: i)
            guard drawnGroups.insert(key).inserted else { continue }
            let members = panels.enumerated().filter {
                $0.element.tier.rendered == .liquid && $0.element.liquid.variant != .identity && groupKey($0.element, index: $0.offset) == key
            }.map(\.element)
            drawLiquid(members, container: panel.container, plane: plane, into: &frame, time: time, workers: workers)
        }
    }

    func groupKey(_ p: GlassPanelSpec, index: Int) -> String {
        if let c = p.container { return "container:" + c }
        if let u = p.liquid.union { return "union:" + u }
        return "panel:\(index)"
    }

    func drawLiquid(_ members: [GlassPanelSpec], container: String?, plane: Framebuffer, into frame: inout Framebuffer,
                    time: Double, workers: Workers) {
        let scale = document.canvas.scale
        typealias L = GlassDefaults.Liquid
        // Within a container, panels sharing a union name are one part; the parts join smoothly.
        var parts: [PanelUnion] = []
        var unionIndex: [String: Int] = [:]
        for m in members {
            let s = m.shape(at: time, scale: scale)
            if let u = m.liquid.union, let k = unionIndex[u] {
                parts[k].members.append(s)
            } else {
                if let u = m.liquid.union { unionIndex[u] = parts.count }
                parts.append(PanelUnion([s]))
            }
        }
        let spacing = container.map { document.glass.containers[$0] ?? L.containerSpacing } ?? 0
        let shape = SmoothUnion(parts, spacing: spacing * scale)

        let lead = members[0]
        let frames = members.map { $0.frame(at: time) }
        let shortest = frames.map { min($0.width, $0.height) }.min() ?? 0
        let bezel = lead.liquid.bezel ?? min(L.bezelPoints, shortest * L.bezelFractionOfShorterSide)
        let thickness = lead.liquid.thickness ?? bezel * L.thicknessPerBezel
        let lens = Lens(index: lead.liquid.index, thickness: Double(thickness * scale), bezel: Double(bezel * scale),
                        profile: lead.liquid.profile)
        let area = frames.reduce(0.0) { $0 + Double($1.width) * Double($1.height) }
        var wash = LiquidGlass.adaptiveOpacity(areaInPoints: area)
        let light = LiquidGlass.prefersLightStyling(backdropLuminance: meanLuminance(plane, in: shape.bounds))
        var dimming: Float = 0
        if lead.liquid.variant == .clear {
            wash *= L.clearWashFraction
            dimming = L.clearDimming
        }
        let tilt = document.tilt(at: time)
        var glass = LiquidGlass(lens: lens, dispersion: lead.liquid.dispersion,
                                light: Specular.light(pitch: tilt.pitch, roll: tilt.roll),
                                surface: (light ? Token.systemBackground.color(.light) : Token.systemBackground.color(.dark)).withAlpha(wash),
                                tint: lead.tint, blurRadius: Int((L.blurPoints * scale).rounded()))
        glass.dimming = dimming
        glass.shimmer = members.lazy.compactMap { $0.liquid.shimmer(at: time) }.first
        glass.apply(plane: plane, shape: shape, into: &frame, workers: workers)
    }

    /// Mean relative luminance of the plane over a rectangle (pixels), sampled on a fixed 8 px lattice so the
    /// value never depends on worker count.
    func meanLuminance(_ plane: Framebuffer, in r: Rect) -> Double {
        let (xs, ys) = r.pixelBounds(clippedTo: plane.width, plane.height)
        var sum = 0.0, n = 0
        for y in stride(from: ys.lowerBound, to: ys.upperBound, by: 8) {
            for x in stride(from: xs.lowerBound, to: xs.upperBound, by: 8) {
                sum += Double(plane.color(atX: x, y: y).relativeLuminance)
                n += 1
            }
        }
        return n > 0 ? sum / Double(n) : 1
    }
}
