import Foundation
import SceneFormat
import Compose
import Output

/// What a preview may hold in memory at once, estimated from the scene's document before anything is drawn, so
/// that `--max-memory` refuses a preview whose kept state could not fit, as it refuses such a render: each of
/// the `PreviewCompositors.capacity` compositors kept costs one render's `MemoryEstimate` (frame buffers, dots,
/// masks, backdrop and the stores kept between frames), the documents kept for the overlap view their decoded
/// backdrop image (16 B a pixel), and the frame cache its budget of PNG bytes (`FrameCache`).
///
/// A set of switches is estimated as the scene's own: the switches change colours and the glass tier, not the
/// canvas or the dots, and a tier moves glass between the stores of the lens and of the layered tiers.
struct PreviewMemory {
    var parts: [(what: String, bytes: Double)]
    var total: Double { parts.reduce(0) { $0 + $1.bytes } }

    init(_ doc: SceneDocument, cacheBytes: Int = FrameCache.defaultBudget) {
        let kept = Double(PreviewCompositors.capacity)
        parts = MemoryEstimate(doc).parts.map { ("\($0.what) in each of \(PreviewCompositors.capacity) compositors", $0.bytes * kept) }
        if let image = doc.plane.backdrop?.image {
            parts.append(("backdrop image in each of \(PreviewCompositors.capacity) overlap documents", Double(image.width * image.height) * 16 * kept))
        }
        parts.append(("frame cache", Double(cacheBytes)))
    }

    /// Refuses a preview whose estimate is over `maxMemory`, naming the largest part.
    func check(maxMemory: Double, file: String) throws(SceneError) {
        guard total > maxMemory else { return }
        let big = parts.max { $0.bytes < $1.bytes }!
        throw SceneError(file: file, path: "", location: nil,
                         message: "previewing needs about \(Self.mb(total)), over the limit of \(Self.mb(maxMemory)) (raise it with --max-memory); the largest part is \(big.what) at \(Self.mb(big.bytes))")
    }

    /// Megabytes, for messages.
    static func mb(_ bytes: Double) -> String { "\(Int((bytes / 1e6).rounded())) MB" }
}
