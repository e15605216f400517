import Foundation
import Raster

/// `plane.backdrop`, validated: what the app draws beneath the dots, an image decoded once into the scene's
/// blend space or a video described by ffprobe (decoded while rendering, Media's `VideoDecoder`), with its placement on
/// the canvas resolved and an image's scroll keyframes. Render code reads it as is.
public struct BackdropSpec: Sendable {
    /// How the image is sized onto the canvas (CSS `object-fit`'s words).
    public enum Fit: String, Sendable, CaseIterable {
        /// Scaled to cover the canvas, cropped by `position`.
        case cover
        /// Scaled to fit inside the canvas, the background around it.
        case contain
        /// Stretched to the canvas.
        case fill
        /// One image pixel per point.
        case none
    }

    /// The image at its own size, premultiplied in the document's blend space (`Framebuffer(image:space:)`);
    /// nil for a video.
    public let image: Framebuffer?
    /// The video, checked against its budgets from ffprobe's reading of its header; nil for an image.
    public let video: VideoSource?
    /// The file it was read from (the scene file's folder joined with the scene's name for it), which the
    /// preview watches.
    public let file: String
    public let fit: Fit
    /// Where the image sits in the room `fit` leaves, as fractions of it (`object-position`): [0.5, 0.5] centers.
    public let position: Point
    public let opacity: Float
    /// Whether the plane's dots are drawn over it.
    public let dots: Bool
    /// The image's offset over time, in points (no keys: still).
    public let scroll: Keyframes<Point>
    /// The pixels the placed image covers on the canvas before any scroll (not clipped to the canvas).
    public let placement: PixelRect

    /// The scroll offset at `t`, in whole canvas pixels (rounded to nearest, halves away from zero), so a
    /// scroll moves the placed pixels and never resamples them.
    public func offset(at t: Double, scale: Float) -> (x: Int, y: Int) {
        let p = scroll.value(at: t) { a, b, f in a + (b - a) * Float(f) } ?? Point(0, 0)
        return (Int(checked: p.x * scale, .toNearestOrAwayFromZero), Int(checked: p.y * scale, .toNearestOrAwayFromZero))
    }

    public var scrolls: Bool { !scroll.keys.isEmpty }
}

enum BackdropSection {
    static let keys = ["image", "video", "start", "loop", "fit", "position", "opacity", "dots", "scroll"]

    struct Context {
        var canvas: Canvas
        var blending: BlendSpace
        /// The appearance the scene renders in (after the command's override): it picks a per-appearance file.
        var appearance: Appearance
        /// The scene file's folder, against which the image path is resolved (nil: the current directory).
        var directory: String?
        var fps: Double
        var resolver: any SceneResolver
    }

    static func decode(_ plane: ObjectReader, _ c: Context) throws(SceneError) -> BackdropSpec? {
        guard let o = try plane.object("backdrop", keys: keys) else { return nil }
        if o.node("video") != nil { return try decodeVideo(o, c) }
        for key in ["start", "loop"] where o.node(key) != nil {
            throw o.fail(key, "'\(key)' belongs to a video backdrop; this one shows an image")
        }
        let (png, file) = try image(o, directory: c.directory, appearance: c.appearance, resolver: c.resolver)
        let fit = try o.choice("fit", default: BackdropSpec.Fit.cover)
        let position = try self.position(o)
        let placement = place(fit: fit, width: png.width, height: png.height, canvas: c.canvas, position: position)
        let scroll = try o.object("scroll", keys: ["keyframes"]).map { (s) throws(SceneError) -> Keyframes<Point> in
            let keys = try s.keyframes("keyframes", valueKeys: ["offset"]) { (k) throws(SceneError) -> Point in
                try Value.point(try k.require("offset", "[x, y] in points"), path: k.childPath("offset"))
            }
            guard !keys.isEmpty else { throw s.fail("keyframes", "expected at least one keyframe") }
            return Keyframes(keys)
        } ?? Keyframes([])
        let canvasPixels = Double(c.canvas.pixelWidth) * Double(c.canvas.pixelHeight)
        if !scroll.keys.isEmpty, Double(placement.width) * Double(placement.height) > SceneLimits.scrolledCanvases * canvasPixels {
            throw o.fail("fit", "a scrolled image is kept whole as placed: \(placement.width) x \(placement.height) px is over \(Value.format(SceneLimits.scrolledCanvases)) canvases (docs/limits.md); use a smaller image or another fit")
        }
        return BackdropSpec(image: Framebuffer(image: png, space: c.blending), video: nil, file: file, fit: fit, position: position,
                            opacity: try o.float("opacity", default: 1, in: .unit), dots: try o.bool("dots", default: true),
                            scroll: scroll, placement: placement)
    }

    /// A video backdrop: `video` (exclusive with `image`), `start` seconds into the clip and `loop`, its header
    /// read through the resolver and checked against the budgets before anything is decoded (`VideoCheck`).
    static func decodeVideo(_ o: ObjectReader, _ c: Context) throws(SceneError) -> BackdropSpec {
        if o.node("image") != nil { throw o.fail("video", "a backdrop shows an image or a video, not both: remove 'image' or 'video'") }
        if o.node("scroll") != nil { throw o.fail("scroll", "a video backdrop does not scroll; 'scroll' belongs to an image backdrop") }
        let (name, _) = try fileName(o, "video", appearance: c.appearance, what: "a video file, relative to the scene file")
        let path = name.hasPrefix("/") || c.directory == nil ? name : (c.directory! as NSString).appendingPathComponent(name)
        let start = try o.number("start", default: 0, in: .closed(0, SceneLimits.videoDuration).measured(in: .seconds))
        let loop = try o.bool("loop", default: true)
        let video: VideoSource
        switch VideoCheck.source(path, name: name, start: start, loop: loop, fps: c.fps, resolver: c.resolver) {
        case .success(let v): video = v
        case .failure(let e): throw o.fail("video", e.message)
        }
        let fit = try o.choice("fit", default: BackdropSpec.Fit.cover)
        let position = try self.position(o)
        let placement = place(fit: fit, width: video.width, height: video.height, canvas: c.canvas, position: position)
        return BackdropSpec(image: nil, video: video, file: path, fit: fit, position: position,
                            opacity: try o.float("opacity", default: 1, in: .unit), dots: try o.bool("dots", default: true),
                            scroll: Keyframes([]), placement: placement)
    }

    /// Reads the PNG named by `image` through the resolver: its size from the header first, against
    /// `SceneLimits.backdropPixels`, then the pixels. Every failure names the file and gives the reader's reason.
    static func image(_ o: ObjectReader, directory: String?, appearance: Appearance,
                      resolver: any SceneResolver) throws(SceneError) -> (PNGImage, String) {
        let (name, at) = try fileName(o, "image", appearance: appearance, what: "a PNG file, relative to the scene file")
        let path = name.hasPrefix("/") || directory == nil ? name : (directory! as NSString).appendingPathComponent(name)
        func fail(_ message: String) -> SceneError { SceneError(path: at, location: o.node("image")?.location ?? o.location, message: message) }
        do {
            return (try resolver.image(at: path, maxPixels: SceneLimits.backdropPixels), path)
        } catch {
            switch error {
            case .unreadable(let why):
                throw fail("image file '\(name)' \(why) (looked for \(path))")
            case .tooLarge(let header):
                throw fail("image '\(name)' of \(header.width) x \(header.height) pixels is over the limit of \(Value.format(SceneLimits.backdropPixels / 1e6)) megapixels (docs/limits.md)")
            case .failed(let error):
                throw fail("image '\(name)': \(error.message) (a backdrop image is a PNG file)")
            }
        }
    }

    /// The file `key` names for `appearance`, and its JSON path: a name, or one per appearance,
    /// `{"light": name, "dark": name}` (both required; only the one the scene renders in is read, so the other's
    /// budgets are checked when the scene renders in that appearance: `sheet`'s other row, `--appearance`).
    static func fileName(_ o: ObjectReader, _ key: String, appearance: Appearance, what: String) throws(SceneError) -> (String, String) {
        let node = try o.require(key, what)
        guard case .object = node.value else { return (try Value.string(node, path: o.childPath(key)), o.childPath(key)) }
        let pair = try ObjectReader(node, path: o.childPath(key), keys: Appearance.allCases.map(\.rawValue))
        var names: [Appearance: String] = [:]
        for a in Appearance.allCases {
            names[a] = try Value.string(try pair.require(a.rawValue, "\(what), shown in \(a.rawValue) appearance"),
                                        path: pair.childPath(a.rawValue))
        }
        return (names[appearance]!, pair.childPath(appearance.rawValue))
    }

    static func position(_ o: ObjectReader) throws(SceneError) -> Point {
        guard let n = o.node("position") else { return Point(0.5, 0.5) }
        let v = try Value.numbers(n, path: o.childPath("position"), count: 2, what: "fractions [x, y] from 0 to 1")
        guard v.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
            throw o.fail("position", "expected fractions [x, y] from 0 to 1, found [\(Value.format(v[0])), \(Value.format(v[1]))]")
        }
        return Point(Float(v[0]), Float(v[1]))
    }

    /// The canvas pixels an image of `width` x `height` covers, sized by `fit` (its sides rounded to whole
    /// pixels, at least one) and placed at `position` within the room left (rounded to nearest).
    static func place(fit: BackdropSpec.Fit, width iw: Int, height ih: Int, canvas: Canvas, position: Point) -> PixelRect {
        let cw = Double(canvas.pixelWidth), ch = Double(canvas.pixelHeight), w = Double(iw), h = Double(ih)
        let size: (Double, Double)
        switch fit {
        case .fill: size = (cw, ch)
        case .contain: let s = min(cw / w, ch / h); size = (w * s, h * s)
        case .cover: let s = max(cw / w, ch / h); size = (w * s, h * s)
        case .none: size = (w * Double(canvas.scale), h * Double(canvas.scale))
        }
        let pw = max(1, Int(size.0.rounded())), ph = max(1, Int(size.1.rounded()))
        return PixelRect(x: Int(((cw - Double(pw)) * Double(position.x)).rounded()),
                         y: Int(((ch - Double(ph)) * Double(position.y)).rounded()), width: pw, height: ph)
    }
}
