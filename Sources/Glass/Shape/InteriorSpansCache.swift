import Foundation
import Raster

/// The deep interiors of liquid containers (`LiquidGlass.overwrittenSpans`), one per container slot, for the
/// containers that keep their shape: a navigation bar that does not move finds its interior once, on its second
/// frame, and a container whose shape changed since the frame before gets none (its pixels are copied as
/// before). The spans are a pure function of the shape, the canvas and the band, so reuse changes no value, and
/// leaving spans out only copies pixels the glass then overwrites. Why: a continuous corner's distance takes two
/// `pow` calls, and bisecting the first and last rows of every band of the showcase's two moving controls cost
/// 0.45 ms a frame (1.2% of a render's samples, perf) to save copying about 0.8 MB (their area; some 0.1 ms);
/// the bar's 3.0 MB are worth one bisection. Memory: a few hundred spans per slot.
public final class InteriorSpansCache: @unchecked Sendable {
    private struct Entry {
        let shape: SmoothUnion<PanelUnion>
        let canvas: PixelRect, band: Int
        /// Nil until the shape is seen a second time in a row.
        var spans: [(band: Int, columns: Range<Int>)]?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init() {}

    func spans(slot: String, shape: SmoothUnion<PanelUnion>, canvas: PixelRect, band: Int,
               make: () -> [(band: Int, columns: Range<Int>)]) -> [(band: Int, columns: Range<Int>)] {
        guard let e = lock.withLock({ entries[slot] }), e.shape == shape, e.canvas == canvas, e.band == band else {
            lock.withLock { entries[slot] = Entry(shape: shape, canvas: canvas, band: band, spans: nil) }
            return []
        }
        if let spans = e.spans { return spans }
        let spans = make()
        lock.withLock { entries[slot]?.spans = spans }
        return spans
    }
}
