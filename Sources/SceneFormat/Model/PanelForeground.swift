import Raster

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
