import Foundation
import Raster

/// Distance fields kept from one frame to the next, one per container slot: a container whose shape and window
/// did not change (a navigation bar that does not move) reuses its field instead of evaluating every member's
/// distance again. The field is a pure function of the shape, the window and the narrow band, so reuse changes
/// no value. Memory: one field per slot (the scene's glass budget bounds the slots).
public final class DistanceFieldCache: @unchecked Sendable {
    private struct Entry {
        let shape: SmoothUnion<PanelUnion>
        let columns: Range<Int>, rows: Range<Int>, band: Float
        let field: DistanceField
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init() {}

    func field(slot: String, shape: SmoothUnion<PanelUnion>, columns: Range<Int>, rows: Range<Int>, band: Float,
               make: () -> DistanceField) -> DistanceField {
        if let e = lock.withLock({ entries[slot] }), e.shape == shape, e.columns == columns, e.rows == rows, e.band == band {
            return e.field
        }
        let field = make()
        lock.withLock { entries[slot] = Entry(shape: shape, columns: columns, rows: rows, band: band, field: field) }
        return field
    }
}
