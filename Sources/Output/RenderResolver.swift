#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Compose
import Content
import Dots
import Foundation
import Glass
import Media
import Raster
import SceneFormat

/// The resolver every command hands the scene decoder (`SceneResolver`): a backdrop image read by libpng
/// (Raster's `PNG.read`), a backdrop video probed by ffprobe through Media's launcher (`VideoProbe`) with the
/// ffmpeg that will decode it looked up first, and the renderer's memory: every store kept between frames
/// (`KeptInventory`) and the frames Media's `VideoDecoder` holds. It lives here because the inventory spans the
/// compositor's stores and the pipeline's.
public struct RenderResolver: SceneResolver {
    public init() {}

    public func image(at path: String, maxPixels: Double) throws(PNG.BoundedReadError) -> PNGImage {
        try PNG.read(path: path, maxPixels: maxPixels)
    }

    public func video(at path: String, maxBytes: Int, seconds: Double) -> Result<VideoReading, VideoReadError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(.missing) }
        guard !isDirectory.boolValue else { return .failure(.directory) }
        // stat, not attributesOfItem (lstat): the size of what ffprobe will read, a symbolic link's target.
        var info = stat()
        let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        guard size <= maxBytes else { return .failure(.tooLarge(bytes: size)) }
        // The decoder's executable, looked up as the decoder will look it up, before the header is read.
        guard let ffmpeg = VideoEncoder.findFFmpeg() else { return .failure(.noDecoder) }
        switch VideoProbe.fields(path, seconds: seconds) {
        case .failure(let e): return .failure(.unreadable(e.message))
        case .success(let fields): return .success(VideoReading(fields: fields, decoder: ffmpeg))
        }
    }

    public var memory: RendererMemory {
        RendererMemory(keptStores: KeptInventory.all, videoFramesAhead: VideoDecoder.depth, videoFramesSpare: VideoDecoder.spares)
    }
}

extension SceneDecoder {
    /// A decoder with the real resolver (`RenderResolver`): what every command decodes a scene with.
    public init(maxPixels: Int = 64_000_000, maxMemory: Double = SceneDecoder.defaultMaxMemory, scale: Float? = nil) {
        self.init(resolver: RenderResolver(), maxPixels: maxPixels, maxMemory: maxMemory, scale: scale)
    }
}

extension MemoryEstimate {
    /// The estimate of `doc` for this renderer (`RenderResolver.memory`).
    public init(_ doc: SceneDocument) {
        self.init(doc, renderer: RenderResolver().memory)
    }
}

/// Every store kept between frames up to the Scene module, each declared beside its store, in the order
/// docs/architecture.md lists them ("State kept between frames"); the Preview's `FrameCache` joins them in
/// `KeptInventoryTests`.
package enum KeptInventory {
    package static let processWide: [KeptStoreDescriptor] = [
        HelperThreads.descriptor, LensTables.descriptor, WindowMemory.descriptor,
        ResolutionCache.descriptor, ChoiceCache.descriptor, FaceTable.descriptor, GlyphImages.descriptor,
    ]

    /// The stores a render pipeline and its PNG sink keep beside the session's.
    package static let pipeline: [KeptStoreDescriptor] = [
        PNGBandCache.descriptor, PNGKeptSamples.descriptor,
        FrameHistory.descriptor,
        PlaneSpriteRecord.changesDescriptor,
    ]

    /// The session's stores (`FrameState`).
    package static let session: [KeptStoreDescriptor] = FrameState.sessionStores

    package static var all: [KeptStoreDescriptor] { processWide + session + pipeline }

}
