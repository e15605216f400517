import Raster

/// What the content layer needs to know about the glass panels it sits on: where each one is at a time, its
/// material, and its press response. Content placed `on` a panel uses the panel's coordinates (its frame's
/// top-left is the origin), moves with it, and scales with its press response about the panel's center.
///
/// The Glass module owns the real panels; the lead wires an implementation backed by the glass spec at merge.
/// `StaticPanels` below is the foundation implementation: fixed frames, the `material` string of the scene's
/// glass entries, no press response.
public protocol PanelGeometry: Sendable {
    /// Ids of the panels content may be bound to, in scene order.
    var panelIDs: [String] { get }
    /// The panel's placement at a time, or nil when no panel has this id.
    func placement(of id: String, at time: Double) -> PanelPlacement?
}

public struct PanelPlacement: Sendable, Hashable {
    /// The panel's frame at that time, points, before the press scale.
    public var frame: Rect
    /// The panel's material name ("ultraThin", "thin", "regular", "thick", "chrome"), or nil when its tier has
    /// no material (opaque, Android legacy): vibrancy then falls back to flat token colors.
    public var material: String?
    /// The interactive press response: 1 at rest; the panel and its content scale by it about the frame's center.
    public var pressScale: Float

    public init(frame: Rect, material: String?, pressScale: Float = 1) {
        self.frame = frame
        self.material = material
        self.pressScale = pressScale
    }

    /// Maps a point in the panel's coordinates (points, origin at the frame's top-left) to canvas points.
    public func canvasPoint(_ local: Point) -> Point {
        let c = frame.center
        return c + (Point(frame.x, frame.y) + local - c) * pressScale
    }
}

/// Foundation panels: each glass entry with an `id`, at its fixed frame, with the `material` string it names
/// (default "regular"), read straight from the scene's glass array because the foundation glass spec does not
/// carry materials yet.
public struct StaticPanels: PanelGeometry {
    public var panels: [(id: String, placement: PanelPlacement)]

    public init(_ panels: [(id: String, placement: PanelPlacement)]) { self.panels = panels }

    public var panelIDs: [String] { panels.map(\.id) }

    public func placement(of id: String, at time: Double) -> PanelPlacement? {
        panels.first { $0.id == id }?.placement
    }

    /// Builds the table from the decoded glass panels and their raw JSON (for the material names).
    static func from(glass: GlassSpec, root: ObjectReader) -> StaticPanels {
        var materials: [String?] = []
        if let node = root.node("glass"), case .array(let items) = node.value {
            for item in items {
                var m: String?
                if case .object(let members) = item.value, let mm = members.first(where: { $0.key == "material" }),
                   case .string(let s) = mm.value.value { m = s }
                materials.append(m)
            }
        }
        var out: [(id: String, placement: PanelPlacement)] = []
        for (i, p) in glass.panels.enumerated() {
            guard let id = p.id else { continue }
            let material = i < materials.count ? materials[i] ?? "regular" : "regular"
            out.append((id, PanelPlacement(frame: p.frame, material: material)))
        }
        return StaticPanels(out)
    }
}
