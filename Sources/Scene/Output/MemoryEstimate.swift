import Content
import Raster

/// What a render of a scene will hold in memory at once, estimated from the decoded document before anything
/// is allocated, so that `--max-memory` can refuse it and name the part that is too big.
///
/// Per pixel: the plane layer, the frame and the glass stage's window and blur scratch, each a Float RGBA
/// framebuffer (16 B), plus the 8-bit RGBA encode buffer: 68 B. Per dot: 13 Floats of state (52 B) and the
/// arrays the physics step double-buffers, 64 B in all. Per label: its coverage mask, 4 B per pixel of glyph raster. Per
/// picture a symbol embeds: its decoded RGBA, 4 B per pixel, held by librsvg while the symbol's document lives. The stores kept between frames:
/// each one's declared bound (`KeptInventory`).
public struct MemoryEstimate: Sendable {
    public var parts: [(what: String, bytes: Double)]
    public var total: Double { parts.reduce(0) { $0 + $1.bytes } }

    static let bytesPerPixel = 68.0
    static let bytesPerDot = 64.0
    static let bytesPerGlyphPixel = 4.0
    static let bytesPerPicturePixel = 4.0

    public init(_ doc: SceneDocument) {
        let c = doc.canvas
        let pixels = Double(c.pixelWidth) * Double(c.pixelHeight)
        var text = 0.0, pictures = 0.0
        for item in doc.content.items {
            switch item.kind {
            case .label(let l):
                let em = Double(l.style.size) * Double(c.scale)
                text += Double(l.text.unicodeScalars.count) * em * em * Self.bytesPerGlyphPixel
            case .symbol(let s):
                pictures += Double(s.artwork.cost.picturePixels) * Self.bytesPerPicturePixel
            default: break
            }
        }
        let dots = doc.plane.dotCount(canvas: c)
        parts = [("frame buffers (\(c.pixelWidth) x \(c.pixelHeight) px)", pixels * Self.bytesPerPixel),
                 ("plane dots", dots * Self.bytesPerDot),
                 ("text masks", text),
                 ("pictures in symbols", pictures)]
            + KeptInventory.all.map { ("kept \($0.name)", $0.bytes(pixels: pixels, dots: dots)) }.filter { $0.1 > 0 }
    }

    /// Megabytes, for messages.
    static func mb(_ bytes: Double) -> String { Value.format((bytes / 1e6).rounded()) + " MB" }
}

extension SceneDecoder {
    /// The `--max-memory` default: 8 GB, a third of a 24 GB machine, so that a render leaves room for the
    /// system and for ffmpeg. The largest canvas the megapixel limit lets through estimates about 8.5 GB with
    /// every kept store at its bound, so the default refuses the largest canvases (`--max-memory` lets them).
    public static let defaultMaxMemory = 8_000_000_000.0

    /// Refuses a document whose estimate is over `maxMemory`, naming the largest part.
    public func checkMemory(_ doc: SceneDocument) throws(SceneError) {
        let e = MemoryEstimate(doc)
        guard e.total > maxMemory else { return }
        let big = e.parts.max { $0.bytes < $1.bytes }!
        throw SceneError(path: "", location: nil,
                         message: "rendering needs about \(MemoryEstimate.mb(e.total)), over the limit of \(MemoryEstimate.mb(maxMemory)) (raise it with --max-memory); the largest part is \(big.what) at \(MemoryEstimate.mb(big.bytes))")
    }
}
