import Raster

/// The content layer (labels, symbols, fills). Decoded and validated now; drawn by the content issue.
public struct ContentSpec: Sendable {
    public var items: [ContentItem]
}

public struct ContentItem: Sendable {
    public var path: String
    public var text: String?
    public var on: String?
}

enum ContentSection {
    static let keys = ["text", "font", "size", "weight", "at", "frame", "on", "vibrancy", "color", "align",
                       "tracking", "symbol", "fill", "radius", "separator", "id"]

    static func decode(_ r: ObjectReader) throws(SceneError) -> ContentSpec {
        let items = try r.array("content") { (node, path) throws(SceneError) -> ContentItem in
            let o = try ObjectReader(node, path: path, keys: keys)
            return ContentItem(path: path, text: try o.string("text"), on: try o.string("on"))
        }
        return ContentSpec(items: items)
    }
}
