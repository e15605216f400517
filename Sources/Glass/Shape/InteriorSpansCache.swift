import Raster

/// The deep interiors of liquid containers (`LiquidGlass.overwrittenSpans`), one per container slot, for the
/// containers that keep their shape: a navigation bar that does not move finds its interior once, on its second
/// frame, and a container whose shape changed since the frame before gets none (its pixels are copied). The
/// spans are a pure function of the shape, the canvas and the band, so reuse changes no value, and leaving spans
/// out only copies pixels the glass then overwrites. Why not for a moving container: bisecting a continuous
/// corner's rows takes two `pow` calls per distance, more than the copy it saves (1.2% of a showcase render).
public struct InteriorSpansCache: Sendable {
    public static let descriptor = KeptStoreDescriptor(
        "InteriorSpansCache", place: "Glass/Shape, in the session's `FrameState`",
        holds: "each liquid container's deep interior (`LiquidGlass.overwrittenSpans`: columns of 16-row bands 1.5 px inside a member, which the frame slot does not copy)",
        key: "the container's slot, its joined shape, the canvas and the band",
        dropped: "a shape seen for the first time in a row gets no spans; found on its second frame and kept while it stays; with the session (a new tilt keeps it)",
        bound: "a span per band per member: under 1 B per pixel around the liquid panels", bytesPerPixel: 1, over: .liquidGlass)

    struct Entry {
        let shape: SmoothUnion<PanelUnion>
        let canvas: PixelRect, band: Int
        /// Nil until the shape is seen a second time in a row.
        var spans: [(band: Int, columns: Range<Int>)]?
    }

    public struct Kept: KeptValue {
        var entries = KeptEntries<Entry>()
        public mutating func dropKept() { entries.dropKept() }
    }

    let store: KeptStore<Kept>
    /// The store as its owner lists it (`FrameState.stores`).
    package var keptStore: any AnyKeptStore { store }

    public init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    func spans(slot: String, shape: SmoothUnion<PanelUnion>, canvas: PixelRect, band: Int,
               make: () -> [(band: Int, columns: Range<Int>)]) -> [(band: Int, columns: Range<Int>)] {
        guard let e = store.access({ $0.entries[slot] }), e.shape == shape, e.canvas == canvas, e.band == band else {
            store.access { $0.entries[slot] = Entry(shape: shape, canvas: canvas, band: band, spans: nil) }
            return []
        }
        if let spans = e.spans { return spans }
        let spans = make()
        store.access { $0.entries[slot]?.spans = spans }
        return spans
    }
}
