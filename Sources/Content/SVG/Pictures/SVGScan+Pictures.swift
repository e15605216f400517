import Foundation
import Raster

/// Pictures inside an icon: every `<image>` and `<feImage>` whose reference is a `data:` URL is decoded and
/// sized from its header (`PictureSize`) before librsvg sees the document, and a `data:` SVG is measured as a
/// document of its own, under the same budgets, its counts added to the element that draws it.
extension SVGScan {
    /// `<image>` and `<feImage>`: each href-like attribute (`href`, `xlink:href`, any prefix) holding a
    /// `data:` URL. Other references are the reference policy's.
    mutating func pictures(_ e: inout Element, _ attributes: [String: String]) throws(SVGCostError) {
        guard e.name == "image" || e.name == "feImage" else { return }
        for key in attributes.keys.sorted() where key == "href" || key.hasSuffix(":href") {
            guard let (mediaType, bytes) = DataURL.payload(XMLCharacters.decode(attributes[key]!)) else { continue }
            pictureCount += 1
            let what = "<\(e.name)> \(pictureCount) (a data: URL of \(bytes.count) bytes)"
            if let format = PictureSize.format(bytes) {
                let size: PictureSize
                do { size = try PictureSize.read(bytes, format: format) } catch { throw fail("\(what): \(error.message)") }
                cost.picturePixels = Self.saturated(cost.picturePixels, size.pixels)
                if size.pixels > (cost.largestPicture?.pixels ?? 0) { cost.largestPicture = size }
            } else if mediaType == "image/svg+xml" || Self.looksLikeXML(bytes) {
                try document(&e, bytes, what: what)
            } else {
                let head = bytes.prefix(4).map { String($0, radix: 16) }.joined(separator: " ")
                throw fail("\(what) is in a format that cannot be sized before decoding (first bytes '\(head)'); icons may embed PNG, JPEG, GIF, WebP or SVG")
            }
        }
    }

    /// A `data:` SVG: checked by the reference policy and measured under `budget`, at most
    /// `ContentDefaults.maxDataDocumentNesting` documents deep.
    mutating func document(_ e: inout Element, _ bytes: [UInt8], what: String) throws(SVGCostError) {
        guard nesting < ContentDefaults.maxDataDocumentNesting else {
            throw fail("\(what) nests data: SVG documents more than \(ContentDefaults.maxDataDocumentNesting) deep")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var inner = SVGScan(text, budget: budget, nesting: nesting + 1)
        let c: SVGCost
        do {
            try SVGReferencePolicy.check(text)
            c = try inner.run()
            try budget.check(c)
        } catch let error as SVGDocumentError {
            throw fail("\(what), an SVG document: \(error.message)")
        } catch let error as SVGCostError {
            throw fail("\(what), an SVG document: \(error.message)")
        } catch {
            throw fail("\(what), an SVG document: \(error)")
        }
        e.nestedElements = Self.saturated(e.nestedElements, c.elements)
        e.segments = Self.saturated(e.segments, c.segments)
        e.pairs = Self.saturated(e.pairs, c.crossingPairs)
        cost.largestPath = max(cost.largestPath, c.largestPath)
        nestedFilterWork = Self.saturated(nestedFilterWork, c.filterWork)
        cost.selectorWork = Self.saturated(cost.selectorWork, c.selectorWork)
        cost.picturePixels = Self.saturated(cost.picturePixels, c.picturePixels)
        if let p = c.largestPicture, p.pixels > (cost.largestPicture?.pixels ?? 0) { cost.largestPicture = p }
        cost.textCharacters = Self.saturated(cost.textCharacters, c.textCharacters)
        if c.textCharacters > 0 {
            nestedTextScale = max(nestedTextScale, c.textScale)
            uncountedScale = uncountedScale ?? c.uncountedTextScale
        }
    }

    /// Bytes that start like XML (after a byte-order mark and white space): librsvg sniffs such data as SVG.
    static func looksLikeXML(_ b: [UInt8]) -> Bool {
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < b.count, isSpace(b[i]) { i += 1 }
        return i < b.count && b[i] == UInt8(ascii: "<")
    }

    static func saturated(_ a: Int, _ b: Int) -> Int {
        let (s, o) = a.addingReportingOverflow(b)
        return o ? Int.max : s
    }
}

/// The bytes a `data:` URL carries (RFC 2397: `data:[<media type>][;base64],<data>`), decoded the way librsvg
/// decodes them before it hands them to an image decoder: base64 with whitespace ignored, or percent-encoded
/// text. nil for a URL that is not `data:`.
enum DataURL {
    static func payload(_ url: String) -> (mediaType: String, bytes: [UInt8])? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.lowercased().hasPrefix("data:"), let comma = trimmed.firstIndex(of: ",") else { return nil }
        let header = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<comma].lowercased()
            .filter { !$0.isWhitespace }
        let body = trimmed[trimmed.index(after: comma)...]
        let mediaType = String(header.split(separator: ";").first ?? "")
        if header.hasSuffix(";base64") {
            let clean = body.filter { !$0.isWhitespace && $0 != "%" }
            guard let data = Data(base64Encoded: String(clean), options: .ignoreUnknownCharacters) else { return (mediaType, []) }
            return (mediaType, [UInt8](data))
        }
        return (mediaType, Array((String(body).removingPercentEncoding ?? String(body)).utf8))
    }
}
