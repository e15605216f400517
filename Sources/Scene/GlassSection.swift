import Raster

/// The glass section of a scene. (Foundation version: panels are decoded; the Glass issues render them.)
public struct GlassSpec: Sendable {
    public var panels: [GlassPanelSpec]
}

public struct GlassPanelSpec: Sendable {
    public var id: String?
    public var frame: Rect
    public var path: String
}

enum GlassSection {
    static let keys = ["id", "shape", "frame", "radius", "material", "container", "tint", "variant", "interactive"]

    static func decode(_ root: ObjectReader, appearance: Appearance) throws(SceneError) -> GlassSpec {
        let panels = try root.array("glass") { (node, path) throws(SceneError) -> GlassPanelSpec in
            let o = try ObjectReader(node, path: path, keys: keys)
            guard let frame = try o.rect("frame") else {
                throw SceneError(path: path, location: o.location, message: "missing key 'frame' ([x, y, width, height] in points)")
            }
            return GlassPanelSpec(id: try o.string("id"), frame: frame, path: path)
        }
        return GlassSpec(panels: panels)
    }
}
