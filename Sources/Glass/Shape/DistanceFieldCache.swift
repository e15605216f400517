import Raster

/// Distance fields kept from one frame to the next, one per container slot: a container whose shape and window
/// did not change (a navigation bar that does not move) reuses its field instead of evaluating every member's
/// distance again. The field is a pure function of the shape, the window and the narrow band, so reuse changes
/// no value.
public struct DistanceFieldCache: Sendable {
    public static let descriptor = KeptStoreDescriptor(
        "DistanceFieldCache", place: "Glass/Shape, in the session's `FrameState`",
        holds: "each liquid container's distance field and part weights",
        key: "the container's slot, its joined shape, the field's window and narrow band",
        dropped: "an entry when any of those changes; with the session. A new tilt keeps it: tilt never changes a shape",
        bound: "one field per container, within its window: 8 B per pixel around the liquid panels", bytesPerPixel: 8, over: .liquidGlass)

    struct Entry {
        let shape: SmoothUnion<PanelUnion>
        let columns: Range<Int>, rows: Range<Int>, band: Float
        let field: DistanceField
    }

    public struct Kept: KeptValue {
        var entries = KeptEntries<Entry>()
        public mutating func dropKept() { entries.dropKept() }
    }

    let store: KeptStore<Kept>
    /// The store as its owner lists it (`FrameState.stores`).
    package var keptStore: any AnyKeptStore { store }

    public init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    func field(slot: String, shape: SmoothUnion<PanelUnion>, columns: Range<Int>, rows: Range<Int>, band: Float,
               make: () -> DistanceField) -> DistanceField {
        if let e = store.access({ $0.entries[slot] }), e.shape == shape, e.columns == columns, e.rows == rows, e.band == band {
            return e.field
        }
        let field = make()
        store.access { $0.entries[slot] = Entry(shape: shape, columns: columns, rows: rows, band: band, field: field) }
        return field
    }

    /// Whether two values are the one store (a session's, kept across a tilt change).
    public static func === (a: Self, b: Self) -> Bool { a.store === b.store }
}
