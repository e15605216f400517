import Dispatch
import Foundation
import Raster
import SceneFormat
import Compose
import Output

/// Renders chosen frames of scenes and compares them with reference PNGs: the engine of `forkrender check`
/// and of the project's golden tests (same code, same folder layout).
///
/// Layout: the reference of frame 12 of `scenes/dots-tap.json` is `<references>/dots-tap/0012.png` when the
/// scenes' root is `scenes/`; scenes in subfolders of the root keep them (`ReferenceLayout`). Frames are
/// `frames` when given (`FrameSelection.parseList`: `0,15,29`, ranges `0..3` or `90-119`), else the scene's
/// `check.frames`, else its first, middle and last frame. Masks come from the scene's `check.masks` (points,
/// rounded outward to whole pixels) plus `overrides.masks` (pixels). Each frame is compared by its
/// `FrameRule`: exact where the reference's renderer fingerprint matches this one, else `CheckDefaults`'
/// measured tolerance, the scene's `check` section and the command line overriding either. With `artifacts`, every frame that does not pass leaves
/// `<artifacts>/<scene>/<frame>-expected.png`, `-actual.png`, `-diff.png` and `-panels.png` (expected | diff |
/// actual) for review.
public struct CheckRunner: Sendable {
    public var references: String
    /// What the command line sets for every frame (`FrameRule` resolves the rest).
    public var overrides: CheckOverrides
    public var update: UpdateMode
    /// On CI nothing is written, whatever `update` says.
    public var onCI: Bool
    /// Overrides every scene's `canvas.scale` (the golden suite renders at 1 pixel per point).
    public var scale: Float?
    /// `--frames`: comma-separated indices or ranges, applied to every scene.
    public var frames: String?
    public var workers: Workers
    public var artifacts: String?
    public var decoder: SceneDecoder

    /// References are written once and read often: compress them harder than frames.
    public static let referenceEncoding = PNGEncodeOptions(level: 9, filters: .all, strategy: nil)

    public init(references: String, overrides: CheckOverrides = CheckOverrides(),
                update: UpdateMode = .missing, onCI: Bool = UpdateMode.isCI, scale: Float? = nil,
                frames: String? = nil, workers: Workers = .allCores, artifacts: String? = nil,
                decoder: SceneDecoder = SceneDecoder()) {
        self.references = references
        self.overrides = overrides
        self.update = update
        self.onCI = onCI
        self.scale = scale
        self.frames = frames
        self.workers = workers
        self.artifacts = artifacts
        self.decoder = decoder
    }

    /// The mode in force: `none` on CI.
    public var effectiveUpdate: UpdateMode { onCI ? .none : update }

    /// A decoded scene with its frames and masks resolved, ready to run.
    public struct Job: Sendable {
        /// The scene's key: its path relative to the scenes' root without `.json` (`ReferenceLayout`).
        public var name: String
        public var path: String
        /// The folder under `references` that holds its frames: `name`, or its flat-layout folder.
        public var folder: String
        /// The root `name` is relative to, for commands that name this scene alone; nil when it is its own folder.
        public var root: String?
        public var document: SceneDocument
        public var frames: [Int]
        public var masks: [PixelRect]
    }

    /// The scene files named by `paths`: `.json` files as given, folders expanded to their `.json` files and
    /// those of their subfolders (`SceneFolder`), so `check scenes/` over `scenes/a/` and `scenes/b/` checks
    /// both, and `scenes/invalid/` is never checked. Duplicates are dropped.
    public static func sceneFiles(_ paths: [String]) throws(CheckError) -> [String] {
        var out: [String] = []
        for p in paths {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: p, isDirectory: &isDir) else {
                throw CheckError("scene path '\(p)' does not exist")
            }
            out += isDir.boolValue ? SceneFolder.files(in: p) : [p]
        }
        // A scene named twice (a folder and one of its files) is checked once.
        var seen: Set<String> = []
        return out.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }

    /// Decodes a scene and resolves its frames and masks. Errors are the user's to fix (exit 2). `layout`
    /// names its reference folder; without one it is the scene's file name.
    public func prepare(scene path: String, in layout: ReferenceLayout? = nil) throws(CheckError) -> Job {
        let doc = try decode(path)
        if let stale = doc.check.framesPastEnd.first {
            throw CheckError(SceneError(file: path, path: stale.path, location: stale.location,
                                        message: "frame \(stale.frame) is past the scene's last frame (\(doc.frameCount - 1)); remove it or change it"))
        }
        let chosen: [Int]
        if let frames {
            do {
                chosen = try FrameSelection.parseList(frames, frameCount: doc.frameCount)
            } catch {
                throw CheckError("\(path): --frames: \(error)")
            }
        } else if !doc.check.frames.isEmpty {
            chosen = Array(Set(doc.check.frames)).sorted()
        } else {
            chosen = Array(Set([0, doc.frameCount / 2, doc.frameCount - 1])).sorted()
        }
        let fileName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let entry = layout?.entry(path)
        let masks = doc.check.masks.map { PixelRect(points: $0, scale: doc.canvas.scale) } + overrides.masks
        return Job(name: entry?.key ?? fileName, path: path, folder: entry?.folder ?? fileName,
                   root: entry.flatMap { $0.key == fileName ? nil : layout?.root },
                   document: doc, frames: chosen, masks: masks)
    }

    /// Decodes at `scale` (`--scale`), else at the scene's `check.scale`, else at its canvas's: a second decode
    /// at the scene's check scale checks every budget at the scale that renders.
    func decode(_ path: String) throws(CheckError) -> SceneDocument {
        do throws(SceneError) {
            var decoder = decoder
            decoder.scale = scale
            let doc = try decoder.decode(file: path)
            guard scale == nil, let own = doc.check.scale, own != doc.canvas.scale else { return doc }
            decoder.scale = own
            return try decoder.decode(file: path)
        } catch {
            throw CheckError(error)
        }
    }

    public func referencePath(scene: String, frame: Int) -> String {
        ((references as NSString).appendingPathComponent(scene) as NSString)
            .appendingPathComponent(CheckItem.frameName(frame) + ".png")
    }

    /// Renders the job's frames in order and checks each; `progress` sees every finished item.
    public func run(_ job: Job, progress: (CheckItem) -> Void = { _ in }) -> [CheckItem] {
        var compositor = Compositor(document: job.document, workers: workers)
        var items: [CheckItem] = []
        for frame in job.frames {
            let start = DispatchTime.now()
            var item: CheckItem
            do throws(SceneError) {
                // A frame drawn without part of its scene is neither compared nor recorded: an input error.
                let actual = RGBAImage(try compositor.renderWhole(frame: frame), dither: job.document.dither, workers: workers)
                item = check(job: job, frame: frame, actual: actual)
            } catch {
                item = CheckItem(scene: job.name, scenePath: job.path, frame: frame, status: .error, message: "\(error.path): \(error.message)",
                                 result: nil, referencePath: referencePath(scene: job.folder, frame: frame), artifacts: nil, seconds: 0)
            }
            item.seconds = Double(DispatchTime.now().uptimeNanoseconds &- start.uptimeNanoseconds) / 1e9
            progress(item)
            items.append(item)
        }
        return items
    }

    /// Compares one rendered frame with its reference, updates the reference as the mode allows, and writes
    /// review artifacts for anything that did not pass.
    public func check(job: Job, frame: Int, actual: RGBAImage) -> CheckItem {
        let ref = referencePath(scene: job.folder, frame: frame)
        var item = CheckItem(scene: job.name, scenePath: job.path, frame: frame, status: .passed, message: "",
                             result: nil, referencePath: ref, artifacts: nil, seconds: 0)
        let mode = effectiveUpdate
        let recordHint = onCI
            ? "references are never written on CI (CI=true); record it locally with '\(ShellQuote.command(["forkrender", "check", job.path] + (job.root.map { ["--scenes-root", $0] } ?? []) + ["--references", references, "--update", "missing"]))' and commit it"
            : "record it with '--update missing'"

        guard FileManager.default.fileExists(atPath: ref) else {
            if mode == .none {
                item.status = .missing
                item.message = "no reference at \(ref); \(recordHint)"
                item.artifacts = writeArtifacts(job.name, frame, expected: nil, actual: actual, diff: nil)
            } else {
                item = record(item, actual, as: .recorded, "new reference written to \(ref); review and commit it")
            }
            return item
        }
        let expected: RGBAImage
        do {
            expected = try RGBAImage.read(path: ref, maxPixels: decoder.maxPixels)
        } catch {
            if mode == .changed || mode == .all {
                return record(item, actual, as: .updated, "unreadable reference replaced (\(error.message))")
            }
            item.status = .error
            item.message = "\(error.message); replace it with '--update changed'"
            item.artifacts = writeArtifacts(job.name, frame, expected: nil, actual: actual, diff: nil)
            return item
        }
        let rule = FrameRule(overrides: overrides, document: job.document, frame: frame, masks: job.masks,
                             reference: RendererFingerprint.read(png: ref))
        item.fallback = rule.fallback.map { "compared with the tolerance for another renderer (\(rule.summary)): \($0)" }
        do {
            let verdict = try rule.judge(expected: expected, actual: actual, workers: workers)
            let result = verdict.outcome
            item.result = result
            let counts = Self.describe(result)
            if verdict.problems.isEmpty {
                if mode == .all && !result.isIdentical {
                    return record(item, actual, as: .updated, "replaced (\(counts), within tolerance)")
                }
                item.message = counts + (item.fallback.map { "; " + $0 } ?? "")
                return item
            }
            if mode == .changed || mode == .all {
                return record(item, actual, as: .updated, "replaced (\(verdict.problems.joined(separator: "; ")))")
            }
            item.status = .failed
            // The counts lead, also when only a region or the cluster gate failed.
            let problems = verdict.problems.first?.hasPrefix(counts) == true ? verdict.problems : [counts] + verdict.problems
            item.message = problems.joined(separator: "; ")
            noteFingerprint(&item)
            item.artifacts = writeArtifacts(job.name, frame, expected: expected, actual: actual, diff: verdict.diff)
        } catch {
            item.referenceScale = Self.referenceScale(job.document.canvas, expected)
            // A reference at another scale is not a changed picture: only `--update all` replaces it.
            if mode == .all || (mode == .changed && item.referenceScale == nil) {
                return record(item, actual, as: .updated, "replaced (\(error))")
            }
            item.status = .failed
            item.message = "\(error)" + (item.referenceScale.map { " (the reference is this scene at scale \($0): pass --scale \($0)?)" } ?? "")
            noteFingerprint(&item)
            item.artifacts = writeArtifacts(job.name, frame, expected: expected, actual: actual, diff: nil)
        }
        return item
    }

    /// When a reference has the size of the scene's canvas at another scale, says so: the usual cause of a
    /// size mismatch is checking references made with `--scale` (the golden suite's are at scale 1) without it.
    static func referenceScale(_ canvas: Canvas, _ reference: RGBAImage) -> String? {
        let s = Float(reference.width) / canvas.width
        let other = Canvas(width: canvas.width, height: canvas.height, scale: s)
        guard other.pixelWidth == reference.width, other.pixelHeight == reference.height,
              abs(s - canvas.scale) > 1e-4 else { return nil }
        return s == s.rounded() ? String(Int(s)) : String(format: "%.3g", Double(s))
    }

    /// One line of counts: "12 different pixels (0.004%), largest difference 0.31".
    public static func describe(_ r: ComparisonOutcome) -> String {
        if r.isIdentical { return "identical" + (r.maskedPixels > 0 ? " (\(r.maskedPixels) masked)" : "") }
        var s = "\(r.differentPixels) different pixel\(r.differentPixels == 1 ? "" : "s") (\(Tolerance.percent(r.differentRatio)))"
        s += String(format: ", largest difference %.3f", r.largestDifference)
        if r.antialiasedPixels > 0 { s += ", \(r.antialiasedPixels) anti-aliased ignored" }
        if r.maskedPixels > 0 { s += ", \(r.maskedPixels) masked" }
        return s
    }

    /// The reference encoding with this renderer's fingerprint in an iTXt chunk (`RendererFingerprint`).
    public static var referenceOptions: PNGEncodeOptions {
        var o = referenceEncoding
        o.text = PNGText(keyword: RendererFingerprint.keyword, text: RendererFingerprint.current.text)
        return o
    }

    /// A report's actual frames carry the fingerprint too: accepting one in review (`ReviewBoard`) writes the
    /// reference with the fingerprint of the renderer that drew it, wherever the review runs.
    static var actualOptions: PNGEncodeOptions {
        var o = PNGEncodeOptions.default
        o.text = referenceOptions.text
        return o
    }

    /// Adds to a failed item how the reference's renderer differs from this one, when it does: the tolerance
    /// it was compared with and why (`fallback`), else the differences alone (file-byte libraries).
    private func noteFingerprint(_ item: inout CheckItem) {
        guard let note = RendererFingerprint.mismatch(reference: RendererFingerprint.read(png: item.referencePath)) else { return }
        item.fingerprintMismatch = note
        item.message += "; " + (item.fallback ?? note)
    }

    private func record(_ item: CheckItem, _ actual: RGBAImage, as status: CheckItem.Status, _ message: String) -> CheckItem {
        var item = item
        do {
            precondition(!onCI, "references are never written on CI")
            let dir = (item.referencePath as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try AtomicFile.write(try actual.pngBytes(options: Self.referenceOptions), to: item.referencePath)
            item.status = status
            item.message = message
        } catch {
            item.status = .error
            item.message = "cannot write reference \(item.referencePath): \(error)"
        }
        return item
    }

    /// Writes what a reviewer needs; failures to write are reported in the item's message by the caller's
    /// summary (the check itself has already failed).
    private func writeArtifacts(_ scene: String, _ frame: Int, expected: RGBAImage?, actual: RGBAImage,
                                diff: RGBAImage?) -> CheckItem.Artifacts? {
        guard let artifacts else { return nil }
        let base = (scene as NSString).appendingPathComponent(CheckItem.frameName(frame))
        var out = CheckItem.Artifacts(folder: artifacts)
        func write(_ img: RGBAImage, _ suffix: String, options: PNGEncodeOptions = .default) -> String? {
            let rel = base + "-\(suffix).png"
            let path = (artifacts as NSString).appendingPathComponent(rel)
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try AtomicFile.write(try img.pngBytes(options: options), to: path)
                return rel
            } catch {
                return nil
            }
        }
        out.actual = write(actual, "actual", options: Self.actualOptions)
        if let expected { out.expected = write(expected, "expected") }
        if let diff { out.diff = write(diff, "diff") }
        if let expected {
            out.panels = write(DiffImage.panels(diff.map { [expected, $0, actual] } ?? [expected, actual]), "panels")
        }
        return out
    }
}

/// Bad input to a check run: a scene that does not decode, a path that does not exist, bad frames.
public struct CheckError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// The scene's own error when a scene does not decode, kept whole for the command line's compiler-form line.
    public var scene: SceneError?
    public init(_ d: String) { description = d }
    public init(_ e: SceneError) {
        description = "\(e)"
        scene = e
    }
}
