import Glass
import Raster
import SceneFormat
import Compose

/// Where the glass of one frame lies, for the preview's overlap view: every glass surface's shape as the
/// compositor draws it, how many glass layers cover each pixel, where a container's smooth union joins its
/// members, and where glass stacks on glass or breaks the three-layer rule.
///
/// Nothing here is re-derived: shapes are `GlassPanelSpec.shape(at:scale:)` (the frame, corner radius, corner
/// curve and press scale the compositor uses), surfaces are grouped by `surfaceKey(index:)` (GlassRules: the
/// Liquid Glass members of one container or union name are one surface, one layer), a liquid surface is the
/// Glass module's `SmoothUnion` of `PanelUnion` parts with the container's spacing, built as GlassLayer builds
/// it, and the limit is `GlassDefaults.maxLayers`.
///
/// Glossary: pixels at the canvas scale, top-left origin, pixel centers at +0.5; a pixel is inside a shape
/// when the shape's signed distance at its center is negative.
///
/// Known limits: panels the compositor does not draw at that time (a Liquid Glass `identity` variant, a panel
/// whose presence is 0) are left out; while a `materialize` or `matchedGeometry` transition runs, a member is
/// outlined at its settled frame, not at the grown-in frame the compositor draws. A scene that breaks the
/// layer rule reaches the map only through a decoder set to `layerRule: .report` (the preview's; every command
/// refuses the scene), which records the break in `GlassSpec.ruleBreaks`; the map paints the region from its
/// own count, for whichever frame it is given, while the recorded break names one point at the first time.
public struct OverlapMap: Sendable {
    /// One glass surface: one sampling pass of the plane, one layer.
    public struct Surface: Sendable {
        /// GlassRules' surface key (`container:bar`, `union:u`, `panel:2`).
        public var key: String
        /// The panels drawn in it, by the names scene messages use.
        public var names: [String]
        /// Each panel's own shape, pixels.
        public var members: [PanelShape]
        /// The drawn shape of a Liquid Glass surface: its parts joined by the container's smooth minimum (or a
        /// plain minimum for a union name). Frosted and other tiers draw their one member.
        public var joined: SmoothUnion<PanelUnion>?

        /// The signed distance to the shape as drawn, pixels.
        public func signedDistance(_ p: Point) -> Float {
            joined?.signedDistance(p) ?? members[0].signedDistance(p)
        }

        /// Outside these bounds the drawn shape has no pixels (a smooth union's bounds include its reach).
        public var bounds: Rect { joined?.bounds ?? members[0].bounds }
    }

    /// What covers one point.
    public struct Probe: Sendable, Equatable {
        /// Glass layers over the point: the surfaces whose drawn shape contains it.
        public var layers: Int
        /// The names of the panels whose surfaces cover it, surface by surface.
        public var surfaces: [[String]]
        /// Inside a container's joined shape where the smooth union joins members: inside two or more of them,
        /// or in the bridge between them (inside the joined shape, inside none of its members).
        public var merge: Bool
        /// More than `GlassDefaults.maxLayers` layers: the scene breaks the three-layer rule here.
        public var breaksLayerRule: Bool { layers > GlassDefaults.maxLayers }
        /// Two or more surfaces over each other: glass on glass. Each samples the plane, never the glass below
        /// (the compositor hands glass the plane only), so the upper one does not refract the lower one.
        public var glassOnGlass: Bool { layers > 1 }
    }

    /// The most glass layers any point may have (GlassDefaults.maxLayers, the rule GlassRules checks).
    public static var maxLayers: Int { GlassDefaults.maxLayers }

    public let surfaces: [Surface]
    /// The canvas in pixels.
    public let width: Int
    public let height: Int

    /// The glass of frame `frame` of `document` at its canvas scale.
    public init(document: SceneDocument, frame: Int) {
        let time = document.time(ofFrame: frame)
        let scale = document.canvas.scale
        let panels = document.glass.panels
        var surfaces: [Surface] = []
        var index: [String: Int] = [:]
        var partOf: [[String?]] = []
        for (i, panel) in panels.enumerated() {
            let liquid = panel.tier.rendered == .liquid
            // Left out as GlassLayer leaves them out: not drawn at this time.
            if liquid && (panel.liquid.variant == .identity || panel.liquid.presence(at: time) <= 0) { continue }
            let key = panel.surfaceKey(index: i)
            let shape = panel.shape(at: time, scale: scale)
            if let k = index[key] {
                surfaces[k].members.append(shape)
                surfaces[k].names.append(panel.name)
                partOf[k].append(panel.liquid.union)
            } else {
                index[key] = surfaces.count
                surfaces.append(Surface(key: key, names: [panel.name], members: [shape], joined: nil))
                partOf.append([panel.liquid.union])
            }
            if liquid, let k = index[key] {
                // Parts as GlassLayer.liquid(...) makes them: members sharing a union name are one part (a plain
                // minimum); the parts join by the container's smooth minimum with its spacing in pixels.
                var parts: [PanelUnion] = []
                var unionPart: [String: Int] = [:]
                for (m, u) in zip(surfaces[k].members, partOf[k]) {
                    if let u, let p = unionPart[u] {
                        parts[p].members.append(m)
                    } else {
                        if let u { unionPart[u] = parts.count }
                        parts.append(PanelUnion([m]))
                    }
                }
                let spacing = panels.enumerated().first { $0.element.surfaceKey(index: $0.offset) == key }?.element.liquid.containerSpacing ?? 0
                surfaces[k].joined = SmoothUnion(parts, spacing: spacing * scale)
            }
        }
        self.surfaces = surfaces
        width = document.canvas.pixelWidth
        height = document.canvas.pixelHeight
    }

    /// What covers the point `p` (pixels).
    public func probe(_ p: Point) -> Probe {
        var probe = Probe(layers: 0, surfaces: [], merge: false)
        for s in surfaces where s.signedDistance(p) < 0 {
            probe.layers += 1
            probe.surfaces.append(s.names)
            if joinsMembers(s, at: p) { probe.merge = true }
        }
        return probe
    }

    /// Inside a surface with several members, whether `p` is where they join: inside two or more of them, or
    /// inside none (the bridge). The caller knows `p` is inside the surface.
    func joinsMembers(_ s: Surface, at p: Point) -> Bool {
        guard s.members.count > 1 else { return false }
        var inside = 0
        for m in s.members where m.signedDistance(p) < 0 { inside += 1 }
        return inside != 1
    }

    /// What covers the center of pixel (x, y).
    public func probe(x: Int, y: Int) -> Probe {
        probe(Point(Float(x) + 0.5, Float(y) + 0.5))
    }

    /// Colors of the overlay, straight RGBA.
    public enum Ink {
        /// A member's outline.
        public static let member: SIMD4<UInt8> = [10, 132, 255, 255]
        /// A container's joined outline.
        public static let joined: SIMD4<UInt8> = [175, 82, 222, 255]
        /// Where the smooth union joins members.
        public static let merge: SIMD4<UInt8> = [175, 82, 222, 110]
        /// Glass on glass (two or three layers).
        public static let glassOnGlass: SIMD4<UInt8> = [255, 149, 0, 110]
        /// More layers than the rule allows.
        public static let breaksLayerRule: SIMD4<UInt8> = [255, 59, 48, 170]
    }

    /// Half the width of an outline, pixels: a pixel whose center is this close to a shape's edge is on it
    /// (a line about 1.5 px wide, thin enough to see the corner curve at scale 1).
    public static let outlineHalfWidth: Float = 0.75

    /// The overlay as straight 8-bit RGBA, `width * height * 4` bytes, transparent where there is no glass:
    /// fills for merges, glass on glass and broken layer rule, then each container's joined outline, then each
    /// member's outline on top.
    public func overlay() -> [UInt8] {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        func put(_ x: Int, _ y: Int, _ c: SIMD4<UInt8>) {
            let k = (y * width + x) * 4
            rgba[k] = c.x; rgba[k + 1] = c.y; rgba[k + 2] = c.z; rgba[k + 3] = c.w
        }
        // Only pixels near some surface are looked at (bounds grown past the outline's half width), with no
        // allocation per pixel: the showcase's overlay took 0.5 s at scale 1 and 3.4 s at scale 3 through
        // `probe` over the box around all glass, 0.055 s and 0.49 s this way (one thread, loaded machine;
        // `curl -w %{time_total}` on /overlap.png), same bytes.
        let near = surfaces.map { $0.bounds.insetBy(-2) }
        guard var area = near.first else { return rgba }
        for b in near.dropFirst() { area = area.union(b) }
        let (xs, ys) = area.pixelBounds(clippedTo: width, height)
        let h = Self.outlineHalfWidth
        for y in ys {
            for x in xs {
                let p = Point(Float(x) + 0.5, Float(y) + 0.5)
                guard near.contains(where: { $0.contains(p) }) else { continue }
                var layers = 0, merge = false
                for s in surfaces where s.signedDistance(p) < 0 {
                    layers += 1
                    if joinsMembers(s, at: p) { merge = true }
                }
                if layers > Self.maxLayers { put(x, y, Ink.breaksLayerRule) }
                else if layers > 1 { put(x, y, Ink.glassOnGlass) }
                else if merge { put(x, y, Ink.merge) }
                for s in surfaces where s.joined != nil && s.members.count > 1 && abs(s.signedDistance(p)) <= h {
                    put(x, y, Ink.joined)
                }
                for s in surfaces {
                    for m in s.members where abs(m.signedDistance(p)) <= h { put(x, y, Ink.member) }
                }
            }
        }
        return rgba
    }
}
