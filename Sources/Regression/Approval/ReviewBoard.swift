import Foundation
import Raster
import Output

/// A report being reviewed: its manifest, the decisions so far, and the two things a reviewer can do to a frame.
/// The HTTP routes (Preview's `ReviewRoutes`) only map requests onto these calls; everything that touches the
/// disk is here, named by a frame's index in the manifest (the id the server issues), never by a path.
///
/// - Accept: reads the report's actual PNG, writes it as the reference (zlib level 9 and the renderer
///   fingerprint the actual carries, as `check --update` writes a reference) atomically: a temporary file
///   beside the reference renamed over it, so a reader never sees half a reference. Then records the decision.
/// - Reject: records the decision; no reference changes.
/// Once accepted, a frame's reference has been replaced: a later Reject is refused (restore it with git).
/// Calls are serialized by a lock (the HTTP server may answer on more than one thread).
public final class ReviewBoard: @unchecked Sendable {
    public let folder: String
    public let manifest: ReviewManifest
    private let lock = NSLock()
    private var state: ReviewDecisions

    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public enum Kind: Sendable {
            /// No such frame or scene in this report.
            case unknown
            /// The frame cannot take this decision (Accept refused, Reject after Accept).
            case conflict
            /// Reading the actual or writing a file failed.
            case failed
        }
        public var kind: Kind
        public var description: String
    }

    /// Opens the report in `folder`: its `review.json` and any `decisions.json` an earlier review left.
    public init(folder: String) throws(CheckError) {
        self.folder = folder
        manifest = try ReviewManifest.load(from: folder)
        state = try ReviewDecisions.read(from: folder)
    }

    public var decisions: ReviewDecisions { lock.withLock { state } }

    /// The scenes of the report in order of first appearance; a scene's id is its index here.
    public var scenes: [String] {
        var out: [String] = []
        for f in manifest.frames where !out.contains(f.scene) { out.append(f.scene) }
        return out
    }

    /// Accepts frame `id`; returns the decision recorded.
    public func accept(_ id: Int) throws(Refusal) -> ReviewDecisions.Decision {
        let f = try frame(id)
        if let why = f.refusal { throw Refusal(kind: .conflict, description: "\(f.scene) frame \(f.frame) cannot be accepted: \(why)") }
        let actualPath = (folder as NSString).appendingPathComponent(f.actual)
        lock.lock()
        defer { lock.unlock() }
        let image: RGBAImage
        do {
            image = try RGBAImage.read(path: actualPath)
            var options = CheckRunner.referenceEncoding
            let fingerprint = RendererFingerprint.read(png: actualPath) ?? .current
            options.text = PNGText(keyword: RendererFingerprint.keyword, text: fingerprint.text)
            try FileManager.default.createDirectory(atPath: (f.reference as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try AtomicFile.write(try image.pngBytes(options: options), to: f.reference)
        } catch {
            throw Refusal(kind: .failed, description: "cannot accept \(f.scene) frame \(f.frame): \(error)")
        }
        return try decide(f, .accepted, pixels: ReviewDecisions.pixelHash(image))
    }

    /// Rejects frame `id`; returns the decision recorded.
    public func reject(_ id: Int) throws(Refusal) -> ReviewDecisions.Decision {
        let f = try frame(id)
        lock.lock()
        defer { lock.unlock() }
        if state.decision(scene: f.scene, frame: f.frame)?.decision == .accepted {
            throw Refusal(kind: .conflict, description: "\(f.scene) frame \(f.frame) was accepted: its reference has been replaced (restore it with git to undo)")
        }
        let image: RGBAImage
        do {
            image = try RGBAImage.read(path: (folder as NSString).appendingPathComponent(f.actual))
        } catch {
            throw Refusal(kind: .failed, description: "cannot reject \(f.scene) frame \(f.frame): \(error)")
        }
        return try decide(f, .rejected, pixels: ReviewDecisions.pixelHash(image))
    }

    /// Accepts every frame of scene `id` that may be accepted; returns the decisions, stopping at the first failure.
    public func acceptScene(_ id: Int) throws(Refusal) -> [ReviewDecisions.Decision] {
        let names = scenes
        guard names.indices.contains(id) else { throw Refusal(kind: .unknown, description: "no scene with id \(id) in this report") }
        var out: [ReviewDecisions.Decision] = []
        for (k, f) in manifest.frames.enumerated() where f.scene == names[id] && f.refusal == nil {
            out.append(try accept(k))
        }
        return out
    }

    private func frame(_ id: Int) throws(Refusal) -> ReviewManifest.Frame {
        guard manifest.frames.indices.contains(id) else { throw Refusal(kind: .unknown, description: "no frame with id \(id) in this report") }
        return manifest.frames[id]
    }

    /// Records a decision and rewrites `decisions.json`; called with the lock held.
    private func decide(_ f: ReviewManifest.Frame, _ verdict: ReviewDecisions.Verdict, pixels: String) throws(Refusal) -> ReviewDecisions.Decision {
        let d = ReviewDecisions.Decision(scene: f.scene, frame: f.frame, decision: verdict, reference: f.reference,
                                         pixels: pixels, at: ReviewDecisions.timestamp())
        var next = state
        next.record(d)
        do {
            try next.write(to: folder)
        } catch {
            throw Refusal(kind: .failed, description: error.description)
        }
        state = next
        return d
    }
}
