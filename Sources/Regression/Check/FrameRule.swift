import Raster
import SceneFormat
import Output

/// What the command line sets for every scene of a run (`--threshold`, `--max-diff-pixels`/`--max-diff-ratio`,
/// `--ignore-antialiasing`, `--cluster`); nil leaves the scene's `check` section, then the defaults, in force.
public struct CheckOverrides: Sendable {
    public var threshold: Double?
    public var tolerance: Tolerance?
    public var ignoreAntialiasing: Bool?
    public var cluster: ClusterGate?
    /// Pixels left out of every comparison, besides each scene's `check.masks`.
    public var masks: [PixelRect]

    public init(threshold: Double? = nil, tolerance: Tolerance? = nil, ignoreAntialiasing: Bool? = nil,
                cluster: ClusterGate? = nil, masks: [PixelRect] = []) {
        self.threshold = threshold
        self.tolerance = tolerance
        self.ignoreAntialiasing = ignoreAntialiasing
        self.cluster = cluster
        self.masks = masks
    }
}

/// How one frame is compared, resolved in this order: the command line (`CheckOverrides`), the scene's `check`
/// section, then `CheckDefaults` for the reference's fingerprint (exact when it matches this renderer's).
public struct FrameRule: Sendable {
    /// The whole frame's comparison; its masks include every region (each region is judged on its own).
    public var comparison: Comparison
    public var tolerance: Tolerance
    public var cluster: ClusterGate?
    public var regions: [Region]
    /// Why the frame is not compared exactly: "reference recorded with FreeType 2.13.3, this machine 2.12.1";
    /// nil when the fingerprints agree (or the command line and the scene set every value).
    public var fallback: String?

    public struct Region: Sendable {
        public var path: String
        public var rect: PixelRect
        public var comparison: Comparison
        public var tolerance: Tolerance
    }

    /// `masks` are the job's (the scene's and the command line's, in pixels); `reference` the reference's
    /// fingerprint (nil when it has none).
    public init(overrides o: CheckOverrides, document doc: SceneDocument, frame: Int, masks: [PixelRect],
                reference: RendererFingerprint?, here: RendererFingerprint = .current) {
        let differs = reference.map { Self.shapesDifferently($0, here) } ?? true
        let spec = doc.check
        let threshold = o.threshold ?? spec.threshold ?? (differs ? CheckDefaults.crossThreshold : CheckDefaults.exactThreshold)
        let ignoreAA = o.ignoreAntialiasing ?? (differs ? CheckDefaults.crossIgnoresAntialiasing : false)
        tolerance = o.tolerance ?? (differs ? CheckDefaults.crossTolerance : CheckDefaults.exactTolerance)
        cluster = o.cluster ?? spec.cluster.map { ClusterGate(window: $0.window, pixels: $0.pixels) }
            ?? (differs ? CheckDefaults.crossCluster : nil)
        // The fallback is named only where a default of the other fingerprint was used.
        let usedDefaults = (o.threshold == nil && spec.threshold == nil) || o.tolerance == nil
            || o.ignoreAntialiasing == nil || (o.cluster == nil && spec.cluster == nil)
        fallback = differs && usedDefaults
            ? RendererFingerprint.mismatch(reference: reference, here: here) : nil
        regions = spec.regions.map { r in
            Region(path: r.path, rect: PixelRect(points: doc.rect(of: r, atFrame: frame), scale: doc.canvas.scale),
                   comparison: Comparison(threshold: o.threshold ?? r.threshold ?? threshold, ignoreAntialiasing: ignoreAA, masks: masks),
                   tolerance: o.tolerance ?? .pixels(r.maxDiffPixels))
        }
        comparison = Comparison(threshold: threshold, ignoreAntialiasing: ignoreAA, masks: masks + regions.map(\.rect))
    }

    /// Whether two fingerprints differ in an entry that can change pixels (`CheckDefaults.shapesPixels`).
    static func shapesDifferently(_ a: RendererFingerprint, _ b: RendererFingerprint) -> Bool {
        let x = Dictionary(a.entries.map { ($0.name, $0.value) }, uniquingKeysWith: { v, _ in v })
        let y = Dictionary(b.entries.map { ($0.name, $0.value) }, uniquingKeysWith: { v, _ in v })
        return Set(x.keys).union(y.keys).contains { CheckDefaults.shapesPixels($0) && x[$0] != y[$0] }
    }

    /// One line: "threshold 0.1, anti-aliasing ignored, any number of pixels, fewer than 8 ... square".
    public var summary: String {
        var s = "threshold \(Self.format(comparison.threshold)), \(tolerance), anti-aliasing \(comparison.ignoreAntialiasing ? "ignored" : "counted")"
        if let cluster { s += ", \(cluster)" }
        return s
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}

/// The verdict on one frame: the whole frame's counts, its diff image (regions drawn in), and what failed.
public struct FrameJudgement: Sendable {
    public var outcome: ComparisonOutcome
    public var diff: RGBAImage?
    /// One line per broken rule; empty when the frame passes.
    public var problems: [String]
}

extension FrameRule {
    /// Compares the frame and each region, and runs the cluster gate over the frame's differing pixels outside
    /// the regions (a region's own allowance is its own business).
    public func judge(expected: RGBAImage, actual: RGBAImage, workers: Workers) throws(SizeMismatch) -> FrameJudgement {
        var outcome = try comparison.apply(expected: expected, actual: actual, workers: workers, diffImage: true)
        var diff = outcome.diff
        outcome.diff = nil
        var problems: [String] = []
        if !tolerance.accepts(outcome) {
            problems.append("\(CheckRunner.describe(outcome)); tolerance \(tolerance)")
        }
        if let cluster, let d = diff, let bad = cluster.failure(in: DifferenceMap(diff: d)) {
            problems.append("\(bad.count) different pixels in the \(cluster.window)x\(cluster.window) square at (\(bad.x), \(bad.y)); the cluster gate fails at \(cluster.pixels)")
        }
        for r in regions {
            guard let e = expected.cropped(to: r.rect), let a = actual.cropped(to: r.rect) else { continue }
            let local = r.rect.clamped(width: expected.width, height: expected.height)
            var c = r.comparison
            c.masks = c.masks.map { PixelRect(x: $0.x - local.x, y: $0.y - local.y, width: $0.width, height: $0.height) }
            let result = try c.apply(expected: e, actual: a, workers: workers, diffImage: true)
            if let rd = result.diff, diff != nil { diff!.paste(rd, at: local) }
            if !r.tolerance.accepts(result) {
                problems.append("\(r.path): \(result.differentPixels) different pixel\(result.differentPixels == 1 ? "" : "s"), allowed \(r.tolerance)")
            }
        }
        return FrameJudgement(outcome: outcome, diff: diff, problems: problems)
    }
}
