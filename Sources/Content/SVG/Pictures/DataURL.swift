import Foundation

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
