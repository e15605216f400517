import Dots
import Media
import Raster
import SceneFormat

/// The backdrop as the plane draws it, kept between frames: what the plane layer's stage makes of the document's
/// image (`BackdropStage`: resampled to its placement, faded, over the plane's background), for the part of the
/// placement a frame needs (the canvas's share of a still image, the whole placed image of a scrolled one). The
/// cache only keeps; the stage composites.
///
/// A pure function of the document and the part, so a kept one and a fresh one have the same bits; a still
/// image is made on frame 0 and copied from here after, where a frame redraws the plane (the plane's record
/// says where: `PlaneSpriteRecord`).
///
/// A video's frame is the same function of the frame's pixels, made by the video's decoder thread
/// (`VideoDecoder`), which is kept here too (a session's frames come in order, so it decodes ahead). The
/// backdrop's key is the video frame's index + 1: a scene frame that shows the same video frame as the one
/// before changes nothing, and a new video frame marks the whole placed rectangle changed.
struct BackdropCache: Sendable {
    static let descriptor = KeptStoreDescriptor(
        "BackdropCache", place: "Compose/Kept, in the session's `FrameState`",
        holds: "the backdrop image (or the video frame shown last) resampled to its placement, faded by its opacity and composited over the plane's background, in the blend space; a video's decoder, running ahead",
        key: "the part of the placement it holds and the video frame (the image, video, fit, opacity and background are the session document's)",
        dropped: "replaced when the part or the video frame changes; the decoder when a frame before its position is asked for (a loop); with the session",
        bound: "the placed part: 16 B per pixel of it, counted as the estimate's backdrop (a video: and its decoder's, `VideoDecoder.depth` queued and `VideoDecoder.spares` to reuse)")

    struct Kept: KeptValue {
        var part: PixelRect?
        var pixels: Framebuffer?
        /// The video frame `pixels` shows + 1 (1 for an image).
        var key: UInt64 = 1
        /// A video's decoder, at the frame after `key`'s.
        var video: VideoDecoder?
        mutating func dropKept() { (part, pixels, key, video) = (nil, nil, 1, nil) }
    }

    let store: KeptStore<Kept>

    init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    /// The plane's backdrop for a frame at time `t` of `document` (nil when it has none): the placed pixels
    /// (kept, or made and kept) at the frame's scroll offset. Throws when a video's frame cannot be decoded.
    func backdrop(_ document: SceneDocument, time t: Double, stop: () -> Bool = { false }) throws(SceneError) -> PlaneBackdrop? {
        guard let spec = document.plane.backdrop else { return nil }
        if let video = spec.video { return try self.video(video, document, spec, time: t, stop: stop) }
        let offset = spec.offset(at: t, scale: document.canvas.scale)
        // A still image needs only what lies on the canvas; a scrolled one all of it.
        let whole = PixelRect(x: 0, y: 0, width: spec.placement.width, height: spec.placement.height)
        let part = spec.scrolls ? whole : BackdropStage.canvasPart(spec, document)
        guard !part.isEmpty else { return nil }
        let pixels: Framebuffer
        if let hit = store.access({ $0.part == part ? $0.pixels : nil }) {
            pixels = hit
        } else {
            pixels = BackdropStage.placed(spec, part: part, background: document.blending.premultiply(document.plane.configuration.background))
            store.access { $0 = Kept(part: part, pixels: pixels) }
        }
        return PlaneBackdrop(pixels: pixels, x: spec.placement.x + part.x + offset.x,
                             y: spec.placement.y + part.y + offset.y, key: 1)
    }

    /// The video frame a frame at time `t` shows, placed: kept when the frame before showed it too, else taken
    /// from the kept decoder (a new one when there is none or it has passed that frame). nil when `stop()`
    /// became true while waiting. Throws, naming `plane.backdrop.video` and the frame, when ffmpeg cannot
    /// deliver that frame (`VideoDecoder`): the decoder is then dropped, and a later frame starts a new one.
    func video(_ video: VideoSource, _ document: SceneDocument, _ spec: BackdropSpec, time t: Double,
               stop: () -> Bool) throws(SceneError) -> PlaneBackdrop? {
        let part = BackdropStage.canvasPart(spec, document)
        guard !part.isEmpty else { return nil }
        // t is i / fps for frame i (`SceneDocument.time(ofFrame:)`), so rounding t x fps gives i back exactly.
        let n = Int((t * document.fps).rounded()), k = video.frame(forSceneFrame: n)
        let key = UInt64(k + 1)
        let (hit, kept) = store.access { v -> (Framebuffer?, VideoDecoder?) in
            if v.key == key, v.part == part, let p = v.pixels { return (p, nil) }
            defer { v.video = nil }
            return (nil, v.video)
        }
        if let hit { return PlaneBackdrop(pixels: hit, x: spec.placement.x + part.x, y: spec.placement.y + part.y, key: key) }
        let background = document.blending.premultiply(document.plane.configuration.background)
        let space = document.blending
        let decoder: VideoDecoder, shown: Framebuffer?
        do throws(VideoError) {
            if let kept, kept.canServe(k) { decoder = kept } else {
                decoder = try VideoDecoder(video.stream, first: k) { yuv, reusing in
                    BackdropStage.placed(BackdropStage.videoFrame(yuv, video, space: space), spec, part: part, background: background, reusing: &reusing)
                }
            }
            shown = try decoder.frame(k, stop: stop)
        } catch {
            throw SceneError(path: "plane.backdrop.video", location: nil,
                             message: "video '\(video.file)' has no frame \(k) for scene frame \(n): \(error.message)")
        }
        guard let pixels = shown else { return nil }
        let before = store.access { v -> Framebuffer? in
            defer { v = Kept(part: part, pixels: pixels, key: key, video: decoder) }
            return v.pixels
        }
        // The frame shown before is referenced by nothing else now (a plane holds its backdrop for one frame).
        if let before { decoder.recycle(before) }
        return PlaneBackdrop(pixels: pixels, x: spec.placement.x + part.x, y: spec.placement.y + part.y, key: key)
    }
}

extension VideoSource {
    /// What Media's decoder needs of the checked video.
    var stream: VideoStream {
        VideoStream(file: file, decoder: decoder, width: width, height: height, pixelFormat: pixelFormat, rate: rate,
                    frameCount: frameCount)
    }
}
