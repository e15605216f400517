import Raster

/// The pixels a picture embedded in an icon decodes to (`<image>` or `<feImage>` with a `data:` URL), read from
/// its header before librsvg decodes it: PNG through libpng, JPEG, GIF and WebP from their header bytes. A
/// decoder holds 4 bytes per pixel (RGBA), so this is what the picture costs in memory while its document lives.
/// Any other format (gzip, BMP, TIFF, ...) cannot be sized and is refused (`nil` from `init`).
public struct PictureSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Frames a decoder may keep (an animated GIF's).
    public var frames = 1

    public init(width: Int, height: Int, frames: Int = 1) {
        self.width = width
        self.height = height
        self.frames = frames
    }

    /// width x height x frames, saturating.
    public var pixels: Int {
        let (p, o1) = width.multipliedReportingOverflow(by: height)
        let (q, o2) = p.multipliedReportingOverflow(by: max(1, frames))
        return o1 || o2 ? Int.max : q
    }

    /// The format the bytes start with, by signature.
    enum Format: String { case png = "PNG", jpeg = "JPEG", gif = "GIF", webp = "WebP" }

    static func format(_ b: [UInt8]) -> Format? {
        if b.starts(with: [137, 80, 78, 71, 13, 10, 26, 10]) { return .png }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return .gif }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return .webp }
        return nil
    }

    /// The size `bytes` declare; throws a reason when the header is malformed or the format is refused.
    static func read(_ bytes: [UInt8], format: Format) throws(SVGCostError) -> PictureSize {
        switch format {
        case .png:
            do {
                let h = try PNG.declaredSize(bytes)
                return PictureSize(width: h.width, height: h.height)
            } catch { throw SVGCostError(message: "its PNG header cannot be read (\(error.message))") }
        case .jpeg: return try jpeg(bytes)
        case .gif: return try gif(bytes)
        case .webp: return try webp(bytes)
        }
    }

    static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    static func le24(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | Int(b[i + 2]) << 16 }

    /// The first start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC), found by walking the segments.
    static func jpeg(_ b: [UInt8]) throws(SVGCostError) -> PictureSize {
        var i = 2
        while i + 3 < b.count {
            guard b[i] == 0xFF else { break }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }
            if marker == 0xD9 || marker == 0xDA { break }
            let length = be16(b, i + 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { break }
                let size = PictureSize(width: be16(b, i + 7), height: be16(b, i + 5))
                guard size.width > 0, size.height > 0 else { break }
                return size
            }
            guard length >= 2 else { break }
            i += 2 + length
        }
        throw SVGCostError(message: "its JPEG header holds no frame size before the image data")
    }

    /// The logical screen, grown to every frame's extent, times the frames (a decoder composites each onto a
    /// full screen).
    static func gif(_ b: [UInt8]) throws(SVGCostError) -> PictureSize {
        guard b.count >= 13 else { throw SVGCostError(message: "its GIF header is truncated") }
        var size = PictureSize(width: le16(b, 6), height: le16(b, 8), frames: 0)
        var i = 13 + (b[10] & 0x80 != 0 ? 3 << (Int(b[10] & 7) + 1) : 0)
        func skipBlocks() { while i < b.count { let n = Int(b[i]); i += 1 + n; if n == 0 { return } } }
        while i < b.count {
            switch b[i] {
            case 0x2C:
                guard i + 10 <= b.count else { i = b.count; break }
                size.width = max(size.width, le16(b, i + 1) + le16(b, i + 5))
                size.height = max(size.height, le16(b, i + 3) + le16(b, i + 7))
                size.frames += 1
                let flags = b[i + 9]
                i += 10 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0) + 1
                skipBlocks()
            case 0x21:
                i += 2
                skipBlocks()
            default:
                i = b.count
            }
        }
        size.frames = max(1, size.frames)
        return size
    }

    /// The canvas of a simple (VP8, VP8L) or extended (VP8X) WebP; animated ones are refused.
    static func webp(_ b: [UInt8]) throws(SVGCostError) -> PictureSize {
        guard b.count >= 30 else { throw SVGCostError(message: "its WebP header is truncated") }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { break }
            return PictureSize(width: le16(b, 26) & 0x3FFF, height: le16(b, 28) & 0x3FFF)
        case "VP8L":
            guard b[20] == 0x2F else { break }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return PictureSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            if b[20] & 0x02 != 0 { throw SVGCostError(message: "it is an animated WebP, refused in icon files") }
            return PictureSize(width: le24(b, 24) + 1, height: le24(b, 27) + 1)
        default: break
        }
        throw SVGCostError(message: "its WebP header cannot be read")
    }
}
