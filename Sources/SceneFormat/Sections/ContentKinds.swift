/// Which keys each kind of content item takes: the keys every item has (its id, its panel, its colour and its
/// timeline) and those of its kind. A key of another kind (`size` on a symbol, `radius` on a label, `at` on a
/// symbol) is refused with the kind it belongs to, never ignored: an ignored key is a silent wrong picture.
/// scenes/scene.schema.json states the same lists (`contentLabel`, `contentSymbol`, `contentFill`,
/// `contentSeparator`), and `SchemaAgreementTests` holds the two together.
enum ContentKinds {
    /// The keys of every item, whatever its kind.
    static let common = ["id", "on", "vibrancy", "color"] + ContentTimelineSection.keys

    /// Each kind: the key that makes an item of it, its name in messages, and its own keys.
    static let kinds: [(key: String, name: String, keys: [String])] = [
        ("text", "label", ["text", "at", "frame", "font", "size", "weight", "italic", "align", "tracking", "lineSpacing", "features"]),
        ("symbol", "symbol", ["symbol", "frame", "viewBox", "rule", "stroke"] + SymbolRenderingSection.keys),
        ("fill", "fill", ["fill", "frame", "radius"]),
        ("separator", "separator", ["separator", "at", "length", "axis"]),
    ]

    /// Every key any item may hold, for the reader's unknown-key check.
    static let allKeys: [String] = common + kinds.flatMap(\.keys).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }

    /// What an item of a kind uses for what another kind's key says (a symbol is sized and placed by its frame).
    static let instead: [String: [String: String]] = [
        "symbol": ["at": "frame", "size": "frame", "length": "frame", "radius": "frame"],
        "fill": ["at": "frame", "size": "frame", "length": "frame"],
        "separator": ["frame": "at", "size": "length"],
        "label": ["length": "frame", "viewBox": "frame"],
    ]

    /// Refuses a key that belongs to another kind than the item's (`kindKey`, one of `text`, `symbol`, `fill`,
    /// `separator`), naming the kinds that take it and the key of this kind to use instead, if there is one.
    static func check(_ o: ObjectReader, kindKey: String) throws(SceneError) {
        guard let kind = kinds.first(where: { $0.key == kindKey }) else { return }
        let own = common + kind.keys
        for key in o.members.keys.sorted() where !own.contains(key) {
            let owners = kinds.filter { $0.keys.contains(key) }.map { "a \($0.name) ('\($0.key)')" }
            let member = o.members[key]!
            throw SceneError(path: o.childPath(key), location: member.keyLocation,
                             message: "'\(key)' is a key of \(owners.joined(separator: " or ")), not of a \(kind.name); a \(kind.name) takes: \(own.joined(separator: ", "))",
                             suggestion: instead[kind.name]?[key])
        }
    }
}
