import Foundation
import Raster
import SceneFormat
import Compose
import Output

/// Encodes PNGs to memory and drops them: the encode cost without the disk.
final class DiscardSink: FrameSink, @unchecked Sendable {
    let settings: EncodeSettings
    /// As the PNG sinks have, so that the figures are theirs.
    let bands = PNGBandCache()
    private let lock = NSLock()
    private var total = 0
    var bytes: Int { lock.withLock { total } }
    init(settings: EncodeSettings) { self.settings = settings }
    func encode(frame index: Int, image: Framebuffer, scratch: inout EncodeScratch) throws(OutputError) -> EncodedFrame {
        let n = try settings.pngBytes(image, scratch: &scratch, bands: bands).count
        lock.withLock { total += n }
        return .written
    }
    func deliver(frame index: Int, _ encoded: EncodedFrame) throws(OutputError) {}
    func finish() throws(OutputError) {}
    func abort() {}
}
