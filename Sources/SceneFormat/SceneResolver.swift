import Raster

/// What the program decoding a scene lends the decoder, as usvg's `Options` lend its parser an
/// `image_href_resolver`: the format reads the scene file it is handed and nothing else, opens no process and
/// decodes no image. A backdrop's image is read and decoded, and its video probed, here; and the renderer's own
/// memory (the stores it keeps, the frames its video decoder holds) is counted by the estimate from here.
///
/// Output's `RenderResolver` is the real one (libpng, ffprobe through Media's launcher, the kept-store
/// inventory); a test hands the decoder one that answers from memory, with no file and no ffprobe.
public protocol SceneResolver: Sendable {
    /// The PNG at `path`, decoded; refused (`.tooLarge`) from its header, before its pixels are read, when it has
    /// more than `maxPixels` pixels.
    func image(at path: String, maxPixels: Double) throws(PNG.BoundedReadError) -> PNGImage
    /// The video at `path` as a probe reads it (its header's fields, and the executable that will decode it), or
    /// why not: checked in this order, that the file exists and is not a folder, its size against `maxBytes`, that
    /// a decoder is installed, and the header read within `seconds`.
    func video(at path: String, maxBytes: Int, seconds: Double) -> Result<VideoReading, VideoReadError>
    /// What the renderer holds in memory besides the document's own pixels, for `MemoryEstimate`.
    var memory: RendererMemory { get }
}

/// A video's header as a probe read it (ffprobe's `key=value` fields) and the executable that decodes it.
public struct VideoReading: Sendable {
    public var fields: [String: String]
    public var decoder: String

    public init(fields: [String: String], decoder: String) {
        self.fields = fields
        self.decoder = decoder
    }
}

/// Why a video could not be read; the decoder words the scene error.
public enum VideoReadError: Error, Sendable {
    case missing
    case directory
    /// The file's size in bytes, over the limit.
    case tooLarge(bytes: Int)
    /// No program to decode it is installed.
    case noDecoder
    /// The probe's reason, in words that follow "video 'name' ".
    case unreadable(String)
}

/// The renderer's memory that the format cannot see: every store kept between frames (each one's declared bound,
/// counted over its area) and the placed frames a backdrop video's decoder holds.
public struct RendererMemory: Sendable {
    public var keptStores: [KeptStoreDescriptor]
    /// Frames decoded ahead of the render.
    public var videoFramesAhead: Int
    /// Frames kept to be made into again, besides the one shown.
    public var videoFramesSpare: Int

    public init(keptStores: [KeptStoreDescriptor], videoFramesAhead: Int, videoFramesSpare: Int) {
        (self.keptStores, self.videoFramesAhead, self.videoFramesSpare) = (keptStores, videoFramesAhead, videoFramesSpare)
    }
}
