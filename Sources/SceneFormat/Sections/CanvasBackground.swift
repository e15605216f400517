import Raster

/// `canvas.background` (or `--background`, which replaces it): the plane's fill. `"transparent"` makes it
/// transparent black, so frames carry alpha: a pixel's alpha is the plane's own coverage (the backdrop's alpha at
/// its opacity, the dots' coverage at their alpha) with glass and content over it, written as straight alpha in
/// the PNG. A colour (a token, a hex string or `{"token", "opacity"}`) replaces systemGroupedBackground: the same
/// frames over that colour, which a transparent frame composited over it equals outside the glass.
enum CanvasBackground {
    /// Transparent black: what the plane is over transparency, premultiplied.
    static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The background the scene or `override` names, resolved for `appearance`; nil for the default.
    static func decode(_ root: ObjectReader, override: String?, appearance: Appearance) throws(SceneError) -> Color? {
        let node: JSONNode, path: String
        if let override {
            node = JSONNode(value: .string(override), location: SourceLocation(line: 0, column: 0))
            path = "--background"
        } else if let c = try root.object("canvas", keys: SceneDecoder.canvasKeys), let n = c.node("background") {
            (node, path) = (n, c.childPath("background"))
        } else {
            return nil
        }
        if case .string(let word) = node.value {
            if word == "transparent" { return transparent }
            if !word.hasPrefix("#"), Token(rawValue: word) == nil, let near = Suggest.closest(to: word, in: ["transparent"]) {
                throw SceneError(path: path, location: node.location,
                                 message: "expected \"transparent\" or a color, found '\(word)'", suggestion: near)
            }
        }
        return try Value.color(node, path: path, appearance: appearance)
    }
}
