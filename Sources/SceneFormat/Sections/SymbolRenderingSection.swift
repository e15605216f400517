import Content
import Raster

/// Decoding of a symbol's `rendering` (`SymbolRendering`: monochrome, hierarchical, palette or original) and
/// its `palette`: the palette applied to the artwork here (and a hierarchical symbol's gradients flattened), so
/// the compositor receives the document it draws.
enum SymbolRenderingSection {
    static let keys = ["rendering", "palette"]

    /// The mode the item asks for and the artwork to draw in it (recoloured for `palette`).
    static func decode(_ o: ObjectReader, artwork: SVGDocument, appearance: Appearance) throws(SceneError) -> (SymbolRendering, SVGDocument) {
        let name = try o.string("rendering") ?? ContentDefaults.symbolRendering.name
        guard SymbolRendering.names.contains(name) else {
            throw SceneError(path: o.childPath("rendering"), location: o.node("rendering")?.location ?? o.location,
                             message: "unknown rendering '\(name)'; expected one of: \(SymbolRendering.names.joined(separator: ", "))",
                             suggestion: Suggest.closest(to: name, in: SymbolRendering.names))
        }
        if name != "palette", o.has("palette") {
            throw o.fail("palette", "a palette colours a symbol drawn with \"rendering\": \"palette\"; add that or remove 'palette'")
        }
        if name == "original" || name == "palette" {
            for key in ["color", "vibrancy"] where o.has(key) {
                throw o.fail(key, "a symbol with \"rendering\": \"\(name)\" is drawn in \(name == "original" ? "its file's own colours" : "its palette"); remove '\(key)' or use \"monochrome\" or \"hierarchical\"")
            }
        }
        switch name {
        case "hierarchical":
            let flat = SymbolPaintServers.flattened(artwork.text)
            return (.hierarchical, flat == artwork.text ? artwork : try read(flat, o))
        case "original": return (.original, artwork)
        case "palette": break
        default: return (.monochrome, artwork)
        }
        guard o.has("palette") else {
            throw o.fail("rendering", "\"palette\" needs its colours: add \"palette\": [\"#FF3B30\", \"#FFFFFF\"] (the file's paints take them in order)")
        }
        let colors = try o.array("palette") { (n, path) throws(SceneError) -> Color in
            try Value.color(n, path: path, appearance: appearance)
        }
        let limit = ContentDefaults.maxPaletteColors
        guard (1...limit).contains(colors.count) else {
            throw o.fail("palette", "expected 1 to \(limit) colours, found \(colors.count)")
        }
        return (.palette(colors), try read(SymbolPalette.apply(colors, to: artwork.text), o, key: "palette"))
    }

    /// The recoloured artwork, refused at `key` when librsvg cannot read it.
    static func read(_ text: String, _ o: ObjectReader, key: String = "rendering") throws(SceneError) -> SVGDocument {
        do { return try SVGDocument(text: text) } catch {
            throw o.fail(key, "the recoloured icon could not be read: \(error.message)")
        }
    }
}
