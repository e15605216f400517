import Content
import Foundation
import Raster

/// Decoding of a symbol item: inline path data (`"symbol": "M..."`, with `viewBox`, `rule` and `stroke`) or an
/// icon file (`"symbol": {"file": "icons/heart.svg"}`, whose viewBox, fills and strokes come from the file).
/// Either way the result is one `SVGDocument`, parsed and checked here so that rendering never fails on input.
enum SymbolSection {
    static let fileKeys = ["file"]
    static let strokeKeys = ["width", "cap", "join", "miterLimit", "dash"]

    /// `directory` resolves relative icon paths: the scene file's folder (the current directory for a scene
    /// given as text).
    static func decode(_ o: ObjectReader, directory: String?, appearance: Appearance) throws(SceneError) -> ContentItem.Symbol {
        var symbol = try decodeArtwork(o, directory: directory)
        (symbol.rendering, symbol.artwork) = try SymbolRenderingSection.decode(o, artwork: symbol.artwork, appearance: appearance)
        return symbol
    }

    /// The symbol's artwork, drawn monochrome until `SymbolRenderingSection` says otherwise.
    static func decodeArtwork(_ o: ObjectReader, directory: String?) throws(SceneError) -> ContentItem.Symbol {
        let frame = try ContentSection.requiredRect(o, "frame", "the box the symbol is fitted into, [x, y, width, height] in points")
        let node = try o.require("symbol", "path data or {\"file\": \"icon.svg\"}")
        if case .object = node.value {
            for key in ["viewBox", "rule", "stroke"] where o.has(key) {
                throw o.fail(key, "an icon file sets its own \(key == "rule" ? "fill-rule" : key); remove '\(key)' or use inline path data")
            }
            let f = try ObjectReader(node, path: o.childPath("symbol"), keys: fileKeys)
            let name = try f.string("file") ?? ""
            guard !name.isEmpty else { throw f.fail("file", "expected the path of an .svg file") }
            let artwork = try document(file: name, directory: directory, reader: f)
            return ContentItem.Symbol(artwork: artwork, frame: frame, source: name, rendering: .monochrome)
        }
        let d = try Value.string(node, path: o.childPath("symbol"))
        let box = try o.rect("viewBox") ?? ContentDefaults.symbolViewBox
        try checkBox(box, o)
        let stroke = try decodeStroke(o)
        let rule = try o.choice("rule", default: FillRule.nonzero)
        do {
            let artwork = try SymbolArtwork.document(path: d, viewBox: box, rule: rule, stroke: stroke)
            return ContentItem.Symbol(artwork: artwork, frame: frame, source: "path data", rendering: .monochrome)
        } catch {
            throw o.fail("symbol", error.message)
        }
    }

    static func checkBox(_ box: Rect, _ o: ObjectReader) throws(SceneError) {
        let limit = ContentDefaults.maxSymbolBox
        guard [box.x, box.y, box.width, box.height].allSatisfy({ abs($0) <= limit }) else {
            throw o.fail("viewBox", "expected every value within ±\(Int(limit)), found \(box)")
        }
        // A smaller side scales past Float range when fitted to the frame.
        guard Double(min(box.width, box.height)) >= SceneLimits.viewBoxSide else {
            throw o.fail("viewBox", "expected a width and height of at least \(Value.format(SceneLimits.viewBoxSide)), found \(box.width) x \(box.height)")
        }
    }

    static func decodeStroke(_ o: ObjectReader) throws(SceneError) -> Stroke? {
        guard let s = try o.object("stroke", keys: strokeKeys) else { return nil }
        let limit = Double(ContentDefaults.maxSymbolBox)
        let dash = try s.array("dash") { (n, path) throws(SceneError) -> Float in
            let v = try Value.number(n, path: path)
            try NumberRange.closed(0, limit).check(v, path: path, location: n.location)
            return Float(v)
        }
        guard dash.count <= ContentDefaults.maxDashCount else {
            throw s.fail("dash", "expected at most \(ContentDefaults.maxDashCount) dash lengths, found \(dash.count)")
        }
        guard dash.isEmpty || dash.contains(where: { $0 > 0 }) else {
            throw s.fail("dash", "expected at least one positive dash length (all zero draws nothing)")
        }
        return Stroke(width: try s.float("width", default: ContentDefaults.strokeWidth, in: .closed(0, limit).excludingLower(0)),
                      cap: try s.choice("cap", default: ContentDefaults.strokeCap),
                      join: try s.choice("join", default: ContentDefaults.strokeJoin),
                      miterLimit: try s.float("miterLimit", default: ContentDefaults.strokeMiterLimit, in: .closed(1, 100)),
                      dash: dash)
    }

    /// Reads and parses an icon file: at most `ContentDefaults.maxSymbolFileBytes`, UTF-8 SVG, references only
    /// to itself. Every failure names the file and says what to do.
    static func document(file name: String, directory: String?, reader f: ObjectReader) throws(SceneError) -> SVGDocument {
        let path = name.hasPrefix("/") || directory == nil ? name : (directory! as NSString).appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw f.fail("file", "icon file '\(name)' does not exist (looked for \(path))")
        }
        guard !isDirectory.boolValue else { throw f.fail("file", "'\(name)' is a folder, not an .svg file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        let limit = ContentDefaults.maxSymbolFileBytes
        if let size, size > limit {
            throw f.fail("file", "icon file '\(name)' is \(size) bytes; the limit is \(limit) bytes (1 MiB)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw f.fail("file", "icon file '\(name)' cannot be read (permissions?)")
        }
        defer { try? handle.close() }
        // Read one byte past the limit: a file that grew after the size check is still refused.
        let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
        guard data.count <= limit else { throw f.fail("file", "icon file '\(name)' is larger than the limit of \(limit) bytes (1 MiB)") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw f.fail("file", "icon file '\(name)' is not UTF-8 text; is it an SVG file?")
        }
        do {
            return try SVGDocument(text: text)
        } catch {
            throw f.fail("file", "icon file '\(name)': \(error.message)")
        }
    }
}
