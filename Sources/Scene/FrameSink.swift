import Raster

/// Where finished frames go: a folder of PNGs, a PNG stream on stdout, or an ffmpeg process.
///
/// A sink is called from one encoding thread, in frame order, while the next frame renders. `finish` makes the
/// output visible (renames, closes); `abort` removes everything not yet finished, so that an error or Ctrl-C
/// leaves nothing half-written behind.
public protocol FrameSink: AnyObject, Sendable {
    func consume(frame index: Int, image: Framebuffer) throws(OutputError)
    func finish() throws(OutputError)
    func abort()
}

/// How frames become samples: bit depth, dither and the PNG encoder's settings.
public struct EncodeSettings: Sendable {
    public var depth: Int
    public var dither: Bool
    public var png: PNGEncodeOptions

    public init(depth: Int = 8, dither: Bool = true, png: PNGEncodeOptions = .default) {
        self.depth = depth
        self.dither = dither
        self.png = png
    }

    /// The PNG bytes of a frame.
    public func pngBytes(_ image: Framebuffer) throws(OutputError) -> [UInt8] {
        do {
            if depth == 16 {
                return try PNG.encode(rgba16: image.rgba16(dither: dither), width: image.width, height: image.height, options: png)
            }
            return try PNG.encode(rgba8: image.rgba8(dither: dither), width: image.width, height: image.height, options: png)
        } catch {
            throw OutputError("PNG encoding failed: \(error)")
        }
    }
}
