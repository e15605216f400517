import Dots
import Foundation
import Raster
import SceneFormat
import Compose

/// What the last rendered frames held, as their slots knew it (`FrameSlot`: the plane's sprite record, and the
/// regions glass and content drew over it), so that an encoder can tell, without looking at pixels, that a PNG
/// band of one frame has the bytes of the same band of another (`FrameChanges`).
///
/// Two frames may differ only where their planes may differ (`PlaneSpriteRecord.changedSpans`, true for any two
/// records) or where either frame has glass or content: outside those, each frame holds its plane exactly (the
/// slot's invariant). A band's filtered bytes come from its rows and the row above it (filter `up`), quantized
/// with the sink's fixed settings and the position-only dither, so a band none of whose rows meets such a place
/// has the same bytes in both frames. Frames the history no longer holds, or whose planes cannot be compared
/// (another size, a cancelled frame), vouch for nothing, and their bands go the old way (quantized and compared).
///
/// Memory: the records of the last `capacity` frames (a record is 24 bytes a dot, shared with the slot that
/// made it), and the answers for the pairs of frames asked about, dropped with the frames.
final class FrameHistory: @unchecked Sendable {
    static let descriptor = KeptStoreDescriptor(
        "FrameHistory", place: "Output/Pipeline, one per `RenderPipeline`",
        holds: "the last frames' plane sprite records and overlay regions (with `GlassReuse`'s tokens), and which bands two frames share",
        key: "the frame index (pairs of indices for the answers)",
        dropped: "frames 8 or more before the newest; with the pipeline",
        bound: "8 records of 24 B per dot: 192 B per dot", bytesPerDot: 192)

    struct Frame {
        var plane: PlaneSpriteRecord
        var overlay: [Overlay]
        var height: Int
    }

    /// The frames held and the answers for pairs of them.
    struct Held: KeptValue {
        var frames: [Int: Frame] = [:]
        /// For a pair of frames (this, other), whether each PNG band is unchanged between them.
        var answers: [SIMD2<Int>: [Bool]] = [:]
        mutating func dropKept() { self = Held() }
    }

    private let store: KeptStore<Held>
    let capacity: Int

    init(capacity: Int = 8) {
        self.capacity = max(2, capacity)
        store = KeptStore(Self.descriptor, keeping: .everything, Held())
    }

    /// Records frame `index` as its slot holds it after rendering; forgets frames `capacity` or more before it.
    func record(_ index: Int, slot: FrameSlot) {
        store.access { h in
            h.frames[index] = Frame(plane: slot.plane, overlay: slot.overlay, height: slot.frame.height)
            h.frames = h.frames.filter { $0.key > index - capacity }
            h.answers = h.answers.filter { h.frames[$0.key.x] != nil && h.frames[$0.key.y] != nil }
        }
    }

    /// Whether PNG band `band` of frame `index` has the filtered bytes of the same band of frame `other`.
    func unchanged(band: Int, frame index: Int, as other: Int) -> Bool {
        if index == other { return true }
        return store.access { h -> Bool in
            let pair = SIMD2(index, other)
            if let known = h.answers[pair] { return band < known.count && known[band] }
            guard let a = h.frames[index], let b = h.frames[other] else { return false }
            let same = Self.unchangedBands(a, b)
            h.answers[pair] = same
            return band < same.count && same[band]
        }
    }

    /// For each row of frame `index`, the column spans outside of which it holds the pixels of the same row of
    /// frame `other`; nil when the history cannot tell (a frame it no longer holds, planes that cannot be
    /// compared). The encoders quantize and convert only these columns again (`PNGKeptSamples`, `yuv420p`).
    func changedColumns(frame index: Int, as other: Int) -> RowSpans? {
        let pair: (Frame, Frame)? = store.access { h in
            guard let a = h.frames[index], let b = h.frames[other] else { return nil }
            return (a, b)
        }
        guard let (a, b) = pair else { return nil }
        if index == other { return RowSpans(height: a.height) }
        let changed = Self.changedColumns(a, b)
        // The PNG encoder asks for the bands of the same pair next (its kept samples and the band cache are
        // usually the same earlier frame): answered from these columns, not by comparing the planes again.
        store.access { h in
            let key = SIMD2(index, other)
            if h.answers[key] == nil && h.frames[index] != nil && h.frames[other] != nil {
                h.answers[key] = Self.bands(changed, height: a.height)
            }
        }
        return changed
    }

    /// For each PNG band of `a`, whether `a` and `b` hold the same pixels in its rows and the row above.
    static func unchangedBands(_ a: Frame, _ b: Frame) -> [Bool] {
        bands(changedColumns(a, b), height: a.height)
    }

    /// For each PNG band of an image of `height` rows, whether no row of it, nor the row above it, has a changed
    /// column (none unchanged when `changed` is unknown).
    static func bands(_ changed: RowSpans?, height: Int) -> [Bool] {
        let bands = PNG.bandCount(height: height)
        guard let changed else { return [Bool](repeating: false, count: bands) }
        return (0..<bands).map { band in
            let rows = max(0, band * PNG.bandRows - 1)..<min(height, (band + 1) * PNG.bandRows)
            return rows.allSatisfy { changed.isEmpty(row: $0) }
        }
    }

    /// For each row, the columns where `a` and `b` may hold different pixels: the boxes of the dots that differ
    /// (`PlaneSpriteRecord.changedRows`), and every region either frame drew glass or content in, unless both
    /// hold it with the same token. Nil when the planes cannot be compared.
    static func changedColumns(_ a: Frame, _ b: Frame) -> RowSpans? {
        guard b.height == a.height else { return nil }
        // A region both frames hold with the same token has the same glass pixels in both (GlassReuse); what
        // else may differ there is the plane (its dots) and other regions drawn over or under it.
        let drawn = (a.overlay + b.overlay).filter { o in
            !(o.token != nil && a.overlay.contains(o) && b.overlay.contains(o))
        }.map(\.rect)
        guard let rows = a.plane.changedRows(since: b.plane, adding: drawn), rows.height == a.height else { return nil }
        return rows
    }
}
