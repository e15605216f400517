import Raster

/// What the content layer needs to know about the glass panels it sits on: where each one is at a time, its
/// material, and its press response. Content placed `on` a panel uses the panel's coordinates (its frame's
/// top-left is the origin), moves with it, and scales with its press response about the panel's center.
///
/// `GlassPanels` below is the implementation backed by the scene's glass spec.
public protocol PanelGeometry: Sendable {
    /// Ids of the panels content may be bound to, in scene order.
    var panelIDs: [String] { get }
    /// The panel's placement at a time, or nil when no panel has this id.
    func placement(of id: String, at time: Double) -> PanelPlacement?
}

public struct PanelPlacement: Sendable, Hashable {
    /// The panel's frame at that time, points, before the press scale.
    public let frame: Rect
    /// The panel's material, or nil when its tier has no material (opaque, Android legacy): vibrancy then falls
    /// back to flat token colors.
    public let material: Material?
    /// The interactive press response: 1 at rest; the panel and its content scale by it about the frame's center.
    public let pressScale: Float

    public init(frame: Rect, material: Material?, pressScale: Float = 1) {
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

/// The scene's glass panels as content sees them: each panel with an `id`, at its (keyframed) frame, with its
/// material, and scaled by its interactive press response.
public struct GlassPanels: PanelGeometry {
    let panels: [GlassPanelSpec]

    public init(_ glass: GlassSpec) { panels = glass.panels.filter { $0.id != nil } }

    public var panelIDs: [String] { panels.compactMap(\.id) }

    public func placement(of id: String, at time: Double) -> PanelPlacement? {
        guard let p = panels.first(where: { $0.id == id }) else { return nil }
        // Opaque and Android-legacy surfaces have no material to be vibrant against.
        let material: Material? = switch p.tier.rendered {
        case .opaque, .androidLegacy: nil
        default: p.material
        }
        return PanelPlacement(frame: p.frame(at: time), material: material, pressScale: Float(p.liquid.pressScale(at: time)))
    }
}

/// How the content on a Liquid Glass panel is styled: `"foreground"` on the panel.
///
/// Liquid Glass styles itself light over a bright backdrop and dark over a dark one, whatever the scene's
/// appearance (`LiquidGlass.prefersLightStyling`). Its labels, symbols, fills and separators follow by default,
/// as UIKit's do: drawn in the light appearance's colours (dark ink) over glass styled light, in the dark
/// appearance's (light ink) over glass styled dark, switching with the glass on the same frame (Compose's
/// `LiquidStyling`). The other cases pin one appearance. Only vibrancy levels take an appearance: a plain
/// `color` is drawn as written, whatever this says.
public enum PanelForeground: String, Sendable, CaseIterable {
    /// Follows the glass's styling behind the panel, frame by frame (which switches with hysteresis).
    case adaptive
    /// The scene's appearance (or the command's `--appearance`), as content off glass.
    case appearance
    /// Always the light appearance's colours: dark ink.
    case light
    /// Always the dark appearance's colours: light ink.
    case dark
}
