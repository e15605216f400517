import Raster

/// How `forkrender check` compares this scene (docs/regression.md, "A scene's own check"): which frames, what is
/// left out, and the tolerances the scene asks for. The command line overrides each of them; what the scene
/// leaves out (nil) is the check's default, which depends on the reference's renderer fingerprint and so cannot
/// be resolved here.
public struct CheckSpec: Sendable {
    /// Frame indices to compare, each inside the scene; empty means the first, middle and last frame.
    public internal(set) var frames: [Int]
    /// `check.frames` entries past the scene's last frame (an `fps` or `duration` changed since they were
    /// written): a note for a render, an error for `check`.
    public internal(set) var framesPastEnd: [FramePastEnd]
    /// Regions (points) left out of comparisons.
    public internal(set) var masks: [Rect]
    /// `check.threshold`: the per-pixel YIQ threshold (0...1); nil is the check's default.
    public internal(set) var threshold: Double?
    /// `check.scale`: pixels per point the check renders at (the canvas's own scale is for renders); nil keeps
    /// the canvas's.
    public internal(set) var scale: Float?
    /// `check.regions`: parts of the frame compared with their own threshold and pixel allowance.
    public internal(set) var regions: [CheckRegion]
    /// `check.cluster`: the frame fails when any `window` x `window` pixel square holds `pixels` or more
    /// differing pixels, whatever the whole frame's count.
    public internal(set) var cluster: ClusterSpec?

    public init() {
        frames = []
        framesPastEnd = []
        masks = []
        regions = []
    }
}

/// One `check.frames` entry past the last frame.
public struct FramePastEnd: Sendable, Equatable {
    public let path: String
    public let location: SourceLocation
    public let frame: Int
    public let frameCount: Int

    public var note: String {
        "\(path): frame \(frame) is past the scene's last frame (\(frameCount - 1)); a render ignores it, `check` refuses it"
    }
}

/// A part of the frame with its own tolerance: a rectangle in points, or a glass panel's frame at the compared
/// frame's time (`element`, the panel's `id`).
public struct CheckRegion: Sendable, Equatable {
    public enum Area: Sendable, Equatable {
        case frame(Rect)
        case element(String)
    }

    public let area: Area
    /// The region's per-pixel threshold; nil is the frame's.
    public let threshold: Double?
    /// Differing pixels the region may hold and pass (0 unless given).
    public let maxDiffPixels: Int
    /// `check.regions[i]`, for messages.
    public let path: String
}

/// `check.cluster`: a square window (pixels) and the differing pixels inside it that fail a frame.
public struct ClusterSpec: Sendable, Equatable {
    public let window: Int
    public let pixels: Int

    public init(window: Int, pixels: Int) {
        self.window = window
        self.pixels = pixels
    }
}

extension SceneDocument {
    /// The region's rectangle (points) at frame `i`: its own frame, or its panel's frame scaled by the panel's
    /// press response about its center (never below the frame at rest, so a pressed panel stays inside it).
    public func rect(of region: CheckRegion, atFrame i: Int) -> Rect {
        switch region.area {
        case .frame(let r):
            return r
        case .element(let id):
            // The decoder checked that the id names a panel.
            guard let p = GlassPanels(glass).placement(of: id, at: time(ofFrame: i)) else { return Rect(x: 0, y: 0, width: 0, height: 0) }
            let s = max(1, p.pressScale), f = p.frame
            return Rect(x: f.center.x - f.width * s / 2, y: f.center.y - f.height * s / 2, width: f.width * s, height: f.height * s)
        }
    }
}

/// Reads the scene's `check` section.
enum CheckSection {
    static let keys = ["frames", "masks", "threshold", "scale", "regions", "cluster"]
    static let regionKeys = ["frame", "element", "threshold", "maxDiffPixels"]
    static let clusterKeys = ["window", "pixels"]

    static func decode(_ r: ObjectReader, frameCount: Int, panels: GlassPanels) throws(SceneError) -> CheckSpec {
        var spec = CheckSpec()
        guard let c = try r.object("check", keys: keys) else { return spec }
        var pastEnd: [FramePastEnd] = []
        spec.frames = try c.array("frames") { (node, path) throws(SceneError) -> Int? in
            let v = try Value.number(node, path: path)
            guard v == v.rounded(), v >= 0, v <= Double(SceneLimits.frames) else {
                throw SceneError(path: path, location: node.location,
                                 message: "expected a frame index from 0 to \(frameCount - 1), found \(Value.format(v))")
            }
            guard Int(v) < frameCount else {
                pastEnd.append(FramePastEnd(path: path, location: node.location, frame: Int(v), frameCount: frameCount))
                return nil
            }
            return Int(v)
        }.compactMap { $0 }
        spec.framesPastEnd = pastEnd
        spec.masks = try c.array("masks") { (node, path) throws(SceneError) -> Rect in try Value.rect(node, path: path) }
        spec.threshold = c.has("threshold") ? try c.number("threshold", default: 0, in: .unit) : nil
        spec.scale = c.has("scale")
            ? try c.float("scale", default: 1, in: NumberRange.closed(0, SceneLimits.scale).excludingLower(0)) : nil
        if let n = c.count("regions") {
            try ObjectReader.checkCount(n, limit: SceneLimits.checkRegions, path: c.childPath("regions"), location: c.node("regions")!.location)
        }
        spec.regions = try c.array("regions") { (node, path) throws(SceneError) -> CheckRegion in
            try region(ObjectReader(node, path: path, keys: regionKeys), panels: panels)
        }
        if let o = try c.object("cluster", keys: clusterKeys) {
            let window = try o.int("window", default: 0, in: .closed(1, Double(SceneLimits.clusterWindow)))
            guard o.has("window"), o.has("pixels") else {
                throw SceneError(path: o.path, location: o.location, message: "expected both 'window' (pixels, a square's side) and 'pixels' (the differing pixels in one square that fail)")
            }
            let pixels = try o.int("pixels", default: 1, in: .closed(1, Double(window * window)))
            spec.cluster = ClusterSpec(window: window, pixels: pixels)
        }
        return spec
    }

    static func region(_ o: ObjectReader, panels: GlassPanels) throws(SceneError) -> CheckRegion {
        let area: CheckRegion.Area
        switch (try o.rect("frame"), try o.string("element")) {
        case (let f?, nil):
            area = .frame(f)
        case (nil, let id?):
            guard panels.panelIDs.contains(id) else {
                let known = panels.panelIDs.isEmpty ? "the scene has no glass panel with an 'id'" : "expected one of: \(panels.panelIDs.joined(separator: ", "))"
                throw SceneError(path: o.childPath("element"), location: o.node("element")!.location,
                                 message: "no glass panel has the id '\(id)'; \(known)", suggestion: Suggest.closest(to: id, in: panels.panelIDs))
            }
            area = .element(id)
        default:
            throw SceneError(path: o.path, location: o.location,
                             message: "expected exactly one of 'frame' ([x, y, width, height] in points) or 'element' (a glass panel's id)")
        }
        return CheckRegion(area: area, threshold: o.has("threshold") ? try o.number("threshold", default: 0, in: .unit) : nil,
                           maxDiffPixels: try o.int("maxDiffPixels", default: 0, in: .closed(0, Double(SceneLimits.checkPixels))),
                           path: o.path)
    }
}
