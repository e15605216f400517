import Dispatch
import Dots
import Glass
import Raster
import SceneFormat

/// The glass layer: every panel of the scene drawn by the Glass module, in scene order, over the plane.
///
/// Liquid Glass panels that share a container (or a union name) are drawn once, as one shape, where the first
/// of them comes in scene order: their fields join by a smooth minimum (container) or a plain one (union). Each
/// part keeps its own material (lens, tint, variant, wash for its own size, styling for its own backdrop), and
/// LiquidGlass blends them across a neck with the smooth union's weights.
struct GlassLayer {
    let document: SceneDocument

    /// The tilt the highlights are lit by: the document's, or the session's own (`Compositor.setTilt`).
    let tilt: Keyframes<Tilt>

    /// The session's stores kept between frames (see FrameState).
    let state: FrameState

    var fields: DistanceFieldCache { state.fields }
    var reuse: GlassReuse { state.reuse }
    var haloCells: HaloCellCache { state.haloCells }
    var interiors: InteriorSpansCache { state.interiors }
    var windows: LensWindowCache { state.windows }
    var bodies: LiquidBodyCache { state.bodies }

    /// One thing to draw: a surface of a non-liquid tier in its tier's `Frost`, or a liquid shape (a lone panel
    /// or a container's joined panels) with its parts' materials. The two kernels state their own regions.
    /// `glowHalo` says whether the glow halo lights it (the panels' resolved `glowHalo`: the iOS tiers unless a
    /// scene switches it off).
    enum Drawing {
        case surface(GlassSurface, Frost, glowHalo: Bool, id: String)
        case liquid(LiquidGlass, shape: SmoothUnion<PanelUnion>, materials: [LiquidMaterial], slot: String, glowHalo: Bool)

        var isLiquid: Bool {
            if case .liquid = self { return true }
            return false
        }

        var glowHalo: Bool {
            switch self {
            case .surface(_, _, let halo, _), .liquid(_, _, _, _, let halo): return halo
            }
        }

        /// A name that stays the drawing's from frame to frame: its surface key (`GlassPanelSpec.surfaceKey`).
        var id: String {
            switch self {
            case .surface(_, _, _, let id), .liquid(_, _, _, let id, _): return id
            }
        }

        /// The pixels where drawing reads the glow halo.
        func haloRegion(canvas: PixelRect) -> PixelRect {
            switch self {
            case .surface(let s, let frost, _, _): return frost.drawnPixels(s, canvas: canvas)
            case .liquid(_, let shape, _, _, _): return LiquidGlass.drawnPixels(shape, canvas: canvas)
            }
        }

        /// Rectangles holding every pixel drawing may write.
        func writtenRegions(canvas: PixelRect) -> [PixelRect] {
            switch self {
            case .surface(let s, let frost, _, _): return [frost.drawnPixels(s, canvas: canvas)]
            case .liquid(_, let shape, _, _, _): return LiquidGlass.writtenRegions(shape, canvas: canvas)
            }
        }
    }

    /// Per band of `band` rows of the canvas (one list each, ascending, disjoint), the columns every pixel of which
    /// a drawing among `drawings` overwrites without reading the frame: a frosted, web or Android one whether it is
    /// drawn, drawn in part or pasted from its tile (`Frost.overwrittenSpans`; a tile holds its whole region), a
    /// Liquid Glass one at full opacity (`LiquidGlass.overwrittenSpans`). The frame slot does not copy the plane
    /// there (19 MB a frame of the web twin).
    /// Found for bands of `band` rows (the interior runs are bisected on each band's first and last row: every
    /// row's own would cost two distance searches a row) and given row by row.
    func overwrittenSpans(_ drawings: [Drawing], canvas: PixelRect, band: Int = 16) -> RowSpans {
        var boxes: [(columns: Range<Int>, rows: Range<Int>)] = []
        for d in drawings {
            let spans = switch d {
            case .surface(let s, let frost, _, _): frost.overwrittenSpans(s, canvas: canvas, band: band)
            case .liquid(let glass, let shape, _, let slot, _):
                LiquidGlass.overwrittenSpans(shape, opacity: glass.opacity, canvas: canvas, band: band,
                                             interiors: interiors, slot: slot)
            }
            for (k, columns) in spans { boxes.append((columns, (k * band)..<((k + 1) * band))) }
        }
        return RowSpans(height: canvas.height, boxes: boxes)
    }

    /// Draws every glass surface into `frame` as `render(plane:into:time:workers:)` does, with the same bytes;
    /// given the plane's `record`, a frosted, web or Android panel whose inputs are unchanged since the last
    /// frame is copied from the tile it left (`GlassReuse`), and with `keepingBodies` (a session drawing on
    /// request) a liquid drawing of the same frame as the last is lit by this tilt from its kept body
    /// (`LiquidBodyCache`) rather than drawn. The overlay's tokens name the kept tiles' pixels.
    /// Adds each drawing's time and pixels (drawn and kept) to `times`.
    /// `drawings` are `drawings(plane:time:)`, when the caller has them already.
    func render(plane: Framebuffer, record: PlaneSpriteRecord?, into frame: inout Framebuffer, time: Double,
                workers: Workers, times: inout GlassDrawingTimes, drawings known: [Drawing]? = nil,
                keepingBodies: Bool = false) -> [Overlay] {
        let drawings = known ?? self.drawings(plane: plane, time: time)
        guard !drawings.isEmpty else { return [] }
        let canvas = PixelRect(plane)
        let written = drawings.map { $0.writtenRegions(canvas: canvas) }
        let decisions = plan(drawings, written: written, record: record, canvas: canvas)
        // Over a transparent canvas each liquid drawing is matted (LiquidMatte): it reads the matte's own stores,
        // not the opaque canvas's, and no halo over the transparent plane.
        var matte = document.canvas.isTransparent && drawings.contains(where: \.isLiquid)
            ? state.matte.take(plane: plane, record: record, workers: workers) : nil
        let kept = keptBodies(drawings, record: keepingBodies ? record : nil, time: time)
        let lit = litRegions(drawings, decisions, relit: kept, canvas: canvas, matted: matte != nil)
        let under = underlay(record: record, plane: plane, time: time)
        let fill = planeFill(drawings, lit: lit, record: record, underlay: under, relit: kept, workers: workers)
        let halo = lit.isEmpty ? nil : glowHalo(plane: plane, record: record, reading: lit, fill: fill, workers: workers)
        // Frost and LiquidGlass each check that the halo holds the pixels they read.
        var overlay: [Overlay] = []
        for (k, (drawing, decision)) in zip(drawings, decisions).enumerated() {
            let start = DispatchTime.now()
            let step = Step(plane: plane, record: record, halo: halo, fill: fill, underlay: under, canvas: canvas,
                            written: written[k], workers: workers, time: time, body: kept[k], keepsBody: keepingBodies)
            if case .liquid(let glass, let shape, let materials, let slot, let halo) = drawing, var m = matte {
                matte = nil  // keep the scratch frames uniquely referenced while drawing into them
                drawMatted(glass, shape: shape, materials: materials, slot: slot, lit: halo, step, matte: &m, into: &frame)
                matte = m
                overlay += step.written.map { Overlay($0) }
            } else {
                overlay += draw(drawing, decision, step, into: &frame)
            }
            self.record(drawing, since: start, canvas: canvas, reused: Self.keptPixels(decision, written[k]), into: &times)
        }
        if let matte, !workers.isCancelled { state.matte.keep(matte) }
        return overlay
    }

    /// What drawing one drawing of a frame reads beside the drawing and its decision: with `body`, a liquid
    /// drawing is lit from it; with `keepsBody`, one drawn keeps its body for the next tilt.
    struct Step {
        let plane: Framebuffer, record: PlaneSpriteRecord?, halo: GlowHalo?, fill: PlaneFill?
        let underlay: (underlay: PlaneUnderlay, key: UnderlayCache.Key)?
        let canvas: PixelRect
        let written: [PixelRect]
        let workers: Workers
        let time: Double, body: LiquidBody?, keepsBody: Bool
    }

    /// Stage 0: for each drawing, the body a liquid drawing kept when the same frame was drawn last (taken out of
    /// the store, `LiquidBodyCache`); nil for the others, and for all without a `record`.
    func keptBodies(_ drawings: [Drawing], record: PlaneSpriteRecord?, time: Double) -> [LiquidBody?] {
        drawings.map { d in
            guard let record, case .liquid(_, _, _, let slot, _) = d else { return nil }
            return bodies.take(slot: slot, time: time, plane: record)
        }
    }

    /// Stage 1: what the frame does with each drawing (`GlassReuse.plan`); every drawing is drawn without a
    /// plane record.
    func plan(_ drawings: [Drawing], written: [[PixelRect]], record: PlaneSpriteRecord?, canvas: PixelRect) -> [GlassReuse.Decision] {
        guard let record else { return drawings.map { _ in .draw(keep: false) } }
        let haloReach = GlowHalo.reach(scale: document.canvas.scale)
        return reuse.plan(ids: drawings.map(\.id), written: written, frosted: drawings.map { d in
            guard case .surface(let s, let frost, let lit, _) = d else { return nil }
            // The plane the blur reads (the web tier's backdrop is the panel's box: CSS backdrop-filter sees
            // nothing beyond it) and the halo, which is computed once the drawn panels are known.
            let region = frost.drawnPixels(s, canvas: canvas)
            // A panel off the canvas draws nothing and keeps nothing (its region can have a negative side).
            guard region.width > 0 && region.height > 0 else { return nil }
            let halo = lit ? haloReach : nil
            return (GlassReuse.Key(s, lit: lit), region, frost.readPixels(s, canvas: canvas, haloReach: halo),
                    frost.reach(haloReach: halo))
        }, record: record)
    }

    /// Stage 2: where the halo is read. Only where glass reads it (the same values there as over the whole
    /// plane; see GlowHalo), and only for drawings it lights and that are drawn (whole or some rows): a web or
    /// Android scene, one with the halo switched off, or one whose lit panels are all kept (tiles, or liquid
    /// bodies: `relit`) computes none. With `matted`, liquid drawings read halos of their own (LiquidMatte).
    func litRegions(_ drawings: [Drawing], _ decisions: [GlassReuse.Decision], relit: [LiquidBody?] = [],
                    canvas: PixelRect, matted: Bool = false) -> [PixelRect] {
        zip(drawings, decisions).enumerated().compactMap { k, pair -> PixelRect? in
            let (d, decision) = pair
            if case .reuse = decision { return nil }
            if matted && d.isLiquid { return nil }
            guard d.glowHalo, k >= relit.count || relit[k] == nil else { return nil }
            return d.haloRegion(canvas: canvas)
        }
    }

    /// Stage 3: the plane's fill and dots' boxes, which let the lens windows blur only around the dots and the
    /// halo's cell pass read only the pixels near them (PlaneFill); made only for a liquid drawing or a halo
    /// (the web twin has neither, and would list every dot's box every frame for nothing). Over a still
    /// backdrop (`underlay`), the boxes are the dots' alone and the halo's groups of the image are kept
    /// (`UnderlayCache`); the windows' blur of it is asked for by each window's rows (`windowFill`).
    func planeFill(_ drawings: [Drawing], lit: [PixelRect], record: PlaneSpriteRecord?,
                   underlay: (underlay: PlaneUnderlay, key: UnderlayCache.Key)?, relit: [LiquidBody?] = [],
                   workers: Workers) -> PlaneFill? {
        // A liquid drawing lit from its kept body reads no plane.
        let liquid = drawings.enumerated().contains { k, d in
            guard case .liquid = d else { return false }
            return k >= relit.count || relit[k] == nil
        }
        guard liquid || !lit.isEmpty, let record, let f = record.fill else { return nil }
        guard let underlay else { return PlaneFill(background: f.background, boxes: f.boxes) }
        let cells = lit.isEmpty ? nil
            : state.underlay.cells(underlay.underlay, key: underlay.key, scale: document.canvas.scale, workers: workers)
        return PlaneFill(background: f.background, boxes: record.dotBoxes, underlay: .init(cells: cells, blur: nil))
    }

    /// The plane beneath the dots when it is a still backdrop the session keeps what it derives from
    /// (`UnderlayCache`): the backdrop the plane drew (the same placement as its record's), over its background.
    /// Not a video: its pixels change under the same placement, which is all the store's key holds.
    func underlay(record: PlaneSpriteRecord?, plane: Framebuffer, time: Double) -> (underlay: PlaneUnderlay, key: UnderlayCache.Key)? {
        guard state.underlay.store.keeps, let record, record.backdrop.key != 0, let spec = document.plane.backdrop,
              !spec.scrolls, spec.video == nil, let f = record.fill, let b = try? state.backdrop.backdrop(document, time: time),
              b.rect == record.backdrop.rect else { return nil }
        let u = PlaneUnderlay(width: plane.width, height: plane.height, background: f.background, image: b.pixels, x: b.x, y: b.y)
        return (u, UnderlayCache.Key(rect: b.rect, width: plane.width, height: plane.height, space: plane.space,
                                     background: unsafeBitCast(f.background, to: SIMD4<UInt32>.self)))
    }

    /// The fill a liquid drawing's fresh lens window over `rows` takes: the step's, with the underlay's blur at
    /// the drawing's kernel holding those rows (nil: the step's fill, which then reads every pixel).
    func windowFill(_ step: Step, blur tent: Tent) -> ((Range<Int>) -> PlaneFill?)? {
        guard let under = step.underlay, let fill = step.fill, !tent.isNone else { return nil }
        return { rows in
            self.state.underlay.blur(under.underlay, key: under.key, tent: tent, rows: rows, workers: step.workers).map {
                PlaneFill(background: fill.background, boxes: fill.boxes, underlay: .init(cells: nil, blur: $0))
            }
        }
    }

    /// Stage 4: the glow halo over `lit`. Its cells are kept for the next frame, given the plane's record (see
    /// HaloCellCache); a cancelled frame's pass may have skipped some, so it keeps none (cancellation is never
    /// lowered: not raised after the pass, it was not raised during it).
    func glowHalo(plane: Framebuffer, record: PlaneSpriteRecord?, reading lit: [PixelRect], fill: PlaneFill?,
                  workers: Workers) -> GlowHalo {
        let config = document.plane.configuration
        let bare = document.plane.backdrop == nil ? (background: config.background, ink: config.label) : nil
        let h = GlowHalo(plane: plane, bare: bare, scale: document.canvas.scale, workers: workers,
                         reading: lit, reusing: record.flatMap { haloCells.take(for: $0) }, fill: fill)
        if let record, !workers.isCancelled { haloCells.keep(h.cells, plane: record) }
        return h
    }

    /// Stage 5: one drawing, as its decision says; its overlay regions.
    func draw(_ drawing: Drawing, _ decision: GlassReuse.Decision, _ step: Step, into frame: inout Framebuffer) -> [Overlay] {
        let (plane, record, workers, canvas) = (step.plane, step.record, step.workers, step.canvas)
        switch (drawing, decision) {
        case (.surface(_, _, _, let id), .reuse):
            let token = reuse.paste(id, into: &frame, workers: workers)
            return step.written.map { Overlay($0, token: token) }
        case (.surface(var surface, let frost, let lit, let id), .redraw(let rows)):
            // The tile's clean rows, then the others drawn over what the frame holds there (the plane and the
            // earlier drawings), as a whole drawing draws them.
            _ = reuse.paste(id, skipping: rows, into: &frame, workers: workers)
            surface.halo = lit ? step.halo : nil
            let region = frost.drawnPixels(surface, canvas: canvas)
            for r in rows {
                frost.apply(surface, plane: plane, into: &frame, workers: workers,
                            within: PixelRect(x: region.x, y: r.lowerBound, width: region.width, height: r.count))
            }
            let token = reuse.update(id, rows: rows, region: region, plane: record ?? PlaneSpriteRecord(), frame: frame,
                                     workers: workers)
            return step.written.map { Overlay($0, token: token) }
        case (.surface(var surface, let frost, let lit, let id), .draw(let keep)):
            surface.halo = lit ? step.halo : nil
            frost.apply(surface, plane: plane, into: &frame, workers: workers)
            guard keep, let record else { return step.written.map { Overlay($0) } }
            let token = reuse.keep(id, key: GlassReuse.Key(surface, lit: lit), region: frost.drawnPixels(surface, canvas: canvas),
                                   plane: record, frame: frame, workers: workers)
            return step.written.map { Overlay($0, token: token) }
        case (.liquid(var glass, let shape, let materials, let slot, let lit), _):
            glass.halo = lit ? step.halo : nil
            drawLiquid(glass, shape: shape, materials: materials, slot: slot, step, into: &frame)
            return step.written.map { Overlay($0) }
        }
    }

    /// A liquid drawing: lit from its kept body (`step.body`), or drawn through the lens window of this
    /// container's last drawing, blurred again where the plane changed. The window, and with `step.keepsBody`
    /// the body, are kept for the next frame unless the frame was cancelled (a band may be missing).
    func drawLiquid(_ glass: LiquidGlass, shape: SmoothUnion<PanelUnion>, materials: [LiquidMaterial], slot: String,
                    _ step: Step, into frame: inout Framebuffer) {
        let (record, workers) = (step.record, step.workers)
        if let body = step.body {
            glass.relight(body, into: &frame, workers: workers)
            if let record, !workers.isCancelled { bodies.keep(slot: slot, body, time: step.time, plane: record) }
            return
        }
        let reusing = record.flatMap { windows.take(slot: slot, for: $0) }
        let windowFill = windowFill(step, blur: glass.blur)
        let (window, body) = step.keepsBody && record != nil
            ? glass.applyKeepingBody(plane: step.plane, joined: shape, materials: materials, into: &frame, workers: workers,
                                     fields: fields, slot: slot, fill: step.fill, reusing: reusing, windowFill: windowFill)
            : (glass.apply(plane: step.plane, joined: shape, materials: materials, into: &frame, workers: workers,
                           fields: fields, slot: slot, fill: step.fill, reusing: reusing, windowFill: windowFill), nil)
        guard let record, !workers.isCancelled else { return }
        if let window { windows.keep(slot: slot, window, plane: record) }
        if let body { bodies.keep(slot: slot, body, time: step.time, plane: record) }
    }

    /// The pixels a drawing took from its tile rather than drew.
    static func keptPixels(_ decision: GlassReuse.Decision, _ written: [PixelRect]) -> Int {
        let area = written.reduce(0) { $0 + max(0, $1.width) * max(0, $1.height) }
        return switch decision {
        case .reuse: area
        case .redraw(let rows): area - rows.reduce(0) { $0 + $1.count } * (written.first?.width ?? 0)
        case .draw: 0
        }
    }

    /// What `render` draws, in scene order: liquid panels that share a container or a union are one drawing,
    /// where the first of them comes.
    func drawings(plane: Framebuffer, time: Double) -> [Drawing] {
        let panels = document.glass.panels
        var drawings: [Drawing] = []
        var drawnGroups = Set<String>()
        for (i, panel) in panels.enumerated() {
            guard panel.tier.rendered == .liquid else {
                let surface = panel.surface(at: time, scale: document.canvas.scale, appearance: document.appearance)
                drawings.append(.surface(surface, surface.tier.effect(for: surface), glowHalo: panel.glowHalo, id: panel.surfaceKey(index: i)))
                continue
            }
            if panel.liquid.variant == .identity { continue }
            let key = panel.surfaceKey(index: i)
            guard drawnGroups.insert(key).inserted else { continue }
            let members = panels.enumerated().filter {
                $0.element.tier.rendered == .liquid && $0.element.liquid.variant != .identity
                    && $0.element.surfaceKey(index: $0.offset) == key && $0.element.liquid.presence(at: time) > 0
            }.map(\.element)
            guard !members.isEmpty else { continue }
            drawings.append(liquid(members, spacing: panel.liquid.containerSpacing, slot: key, plane: plane, time: time))
        }
        return drawings
    }

    func liquid(_ members: [GlassPanelSpec], spacing: Float, slot: String, plane: Framebuffer, time: Double) -> Drawing {
        let scale = document.canvas.scale
        typealias L = GlassDefaults.Liquid
        // Within a container, panels sharing a union name are one part; the parts join smoothly.
        var parts: [PanelUnion] = []
        var partMembers: [[GlassPanelSpec]] = []
        var unionIndex: [String: Int] = [:]
        var opacity: Float = 1
        for m in members {
            var (box, radius) = m.outline(at: time, scale: scale)
            let presence = m.liquid.presence(at: time)
            if presence < 1 {
                switch m.liquid.transition(at: time) {
                case .materialize, .identity:
                    if members.count == 1 {
                        opacity = min(opacity, Float(presence))
                    } else {
                        // Within a joined shape a fade would dim the neighbours too: the material grows from its center.
                        let b = box, k = Float(presence)
                        box = Rect(x: b.center.x - b.width * k / 2, y: b.center.y - b.height * k / 2, width: b.width * k, height: b.height * k)
                        radius *= k
                    }
                case .matchedGeometry:
                    // Grow out of the nearest neighbour in the container: the frame slides from the neighbour's,
                    // keeping the corner the panel has at its own frame.
                    if let n = nearestNeighbour(of: m, among: members, at: time) {
                        let from = n.frame(at: time), to = m.frame(at: time)
                        box = from.interpolated(to: to, Float(presence)).scaled(by: scale)
                    } else {
                        opacity = min(opacity, Float(presence))
                    }
                }
            }
            let s = PanelShape(m.outline, box: box, cornerRadius: radius, curve: m.cornerCurve)
            if let u = m.liquid.union, let k = unionIndex[u] {
                parts[k].members.append(s)
                partMembers[k].append(m)
            } else {
                if let u = m.liquid.union { unionIndex[u] = parts.count }
                parts.append(PanelUnion([s]))
                partMembers.append([m])
            }
        }
        let shape = SmoothUnion(parts, spacing: spacing * scale)
        let made = partMembers.map { material(of: $0, time: time) }
        let materials = made.map(\.material)
        let tilt = self.tilt.tilt(at: time)
        // One window, so one blur: the lead part's, as the lens is.
        var glass = LiquidGlass(material: materials[0], light: Specular.light(pitch: tilt.pitch, roll: tilt.roll),
                                blur: made[0].blur)
        glass.opacity = opacity
        // One joined shape is one surface: lit by the halo unless one of its panels switches it off.
        return .liquid(glass, shape: shape, materials: materials, slot: slot, glowHalo: members.allSatisfy(\.glowHalo))
    }

    /// The material of one part of a liquid shape: a lone panel's own, or for panels joined by a union name
    /// (one piece of glass) the first one's lens, tint and variant. The styling follows the plane behind this
    /// part only, so a member reads the same whether or not it shares a container. With it, the blur its variant
    /// and styling take (`GlassDefaults.Liquid.blur`).
    func material(of panels: [GlassPanelSpec], time: Double) -> (material: LiquidMaterial, blur: Tent) {
        typealias L = GlassDefaults.Liquid
        let scale = document.canvas.scale
        let lead = panels[0]
        let shortest = panels.map { (p: GlassPanelSpec) -> Float in let f = p.frame(at: time); return min(f.width, f.height) }.min() ?? 0
        let bezel = lead.liquid.bezel.points(shorterSide: shortest)
        let thickness = lead.liquid.thickness.points(bezel: bezel)
        let rimHeight = min(L.rimHeightPoints, shortest * L.rimHeightFractionOfShorterSide)
        let lens = Lens(index: lead.liquid.index, thickness: Double(thickness * scale), bezel: Double(bezel * scale),
                        rimHeight: Double(rimHeight * scale), profile: lead.liquid.profile)
        // The part's styling with hysteresis, which its content's adaptive foreground follows (LiquidStyling).
        let light = state.liquidStyling(document).light(lead, time: time)
        let variant: L.Variant = lead.liquid.variant == .clear ? .clear : .regular
        var m = LiquidMaterial(lens: lens, dispersion: lead.liquid.dispersion, veil: L.veil(variant, light: light), tint: lead.tint)
        m.shimmer = panels.lazy.compactMap { $0.liquid.shimmer(at: time) }.first
        return (m, L.blur(variant, light: light, scale: scale))
    }

    func nearestNeighbour(of m: GlassPanelSpec, among members: [GlassPanelSpec], at t: Double) -> GlassPanelSpec? {
        let c = m.frame(at: t).center
        return members.filter { $0.path != m.path && $0.liquid.presence(at: t) >= 1 }.min { a, b in
            let da = a.frame(at: t).center - c, db = b.frame(at: t).center - c
            return (da * da).sum() < (db * db).sum()
        }
    }
}

extension GlassPanelSpec {
    /// What the Glass module draws for this panel at a time (every tier but the liquid one, which the glass
    /// layer draws per container).
    func surface(at time: Double, scale: Float, appearance: Appearance) -> GlassSurface {
        GlassSurface(shape: shape(at: time, scale: scale), material: material, tint: tint,
                     appearance: appearance, scale: scale, tier: tier.rendered)
    }
}
