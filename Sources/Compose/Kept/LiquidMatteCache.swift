import Dots
import Glass
import Raster

/// What Liquid Glass over a transparent canvas keeps from one frame to the next (`LiquidMatte`): the matte's
/// four canvas buffers, whose composites of the plane over black and over white are made again only in the rows
/// where the plane changed (`PlaneSpriteRecord.changedRows`), and, for each of the two backgrounds, what an opaque
/// canvas keeps for its one: each liquid container's lens window (re-blurred around the dots that changed, as
/// `LensWindowCache` does) and the glow halo's cells (computed again where a pixel changed, as `HaloCellCache`).
///
/// Every value is a function of the plane its record describes (a composite pixel of the plane pixel under it, a
/// window and the cells of the composite), and each record says where two planes may differ whatever their order,
/// so what is kept is right for any next frame (shards, `--frames`, the preview's jumps). A frame takes the
/// buffers, a window or the cells out and puts its own back once drawn, so two frames drawn at once never share
/// them (the second makes its own); a cancelled frame keeps nothing (a composite or a window may be partial).
struct LiquidMatteCache {
    static let descriptor = KeptStoreDescriptor(
        "LiquidMatteCache", place: "Compose/Kept, in the session's `FrameState`",
        holds: "over a transparent canvas, the Liquid Glass matte's buffers (`LiquidMatte`: the plane composited over black and over white, the two frames drawn into over them) and the plane record the composites hold; per background, each liquid container's lens window and the glow halo's cells drawn over that composite, with their plane records",
        key: "the canvas's size and blend space; the composites are made again in the rows `PlaneSpriteRecord.changedRows` names, a window around the dots `changedBoxes` names, a cell where `changedSpans` says a pixel changed",
        dropped: "taken out by a frame and put back once drawn (none from a cancelled frame); a window that would pass the bound is not kept; with the session",
        bound: "four canvases of float pixels (64 B per canvas pixel), lens windows of at most one more in all (16 B) and the cells over each background (2 B), when Liquid Glass is drawn over a transparent canvas",
        bytesPerPixel: 82, over: .matte, dropsOnCancelledFrame: true)

    struct Kept: KeptValue {
        var buffers: LiquidMatte?
        /// Lens windows by the container's slot and the background (`key`).
        var windows = LensWindowCache.Kept()
        /// The glow halo's cells over black and over white.
        var cells: [(cells: GlowHalo.Cells, plane: PlaneSpriteRecord)?] = [nil, nil]
        mutating func dropKept() { (buffers, cells) = (nil, [nil, nil]); windows.dropKept() }
    }

    let store: KeptStore<Kept>
    /// At most this many pixels of windows are kept, over both backgrounds.
    let capacity: Int

    init(keeping: Keeping, capacity: Int) {
        store = KeptStore(Self.descriptor, keeping: keeping, Kept())
        self.capacity = capacity
    }

    /// The matte's buffers with `plane` composited over black and over white (`record` describes it): the kept
    /// ones, taken out of the store and made again where the plane changed, or new ones made whole.
    func take(plane: Framebuffer, record: PlaneSpriteRecord?, workers: Workers) -> LiquidMatte {
        // One reference to the buffers, the store's taken out, so that they are written in place, never copied.
        var matte = store.access { k in defer { k.buffers = nil }; return k.buffers }
            ?? LiquidMatte(width: plane.width, height: plane.height, space: plane.space)
        if !matte.fits(plane) { matte = LiquidMatte(width: plane.width, height: plane.height, space: plane.space) }
        matte.composite(plane, record: record, workers: workers)
        return matte
    }

    /// Keeps a frame's buffers, their composites whole.
    func keep(_ matte: LiquidMatte) { store.access { $0.buffers = matte } }

    /// The name a window is kept under: the container's slot over one background.
    static func key(_ slot: String, over grey: Float) -> String { (grey == 0 ? "black " : "white ") + slot }

    /// The window kept for `slot`'s drawing over `grey`, with where `plane` may differ from the one it was
    /// blurred from.
    func window(_ slot: String, over grey: Float, for plane: PlaneSpriteRecord) -> WindowReuse? {
        LensWindowCache.reuse(store.access { $0.windows.windows.removeValue(forKey: Self.key(slot, over: grey)) }, for: plane)
    }

    func keep(window: KeptWindow, _ slot: String, over grey: Float, plane: PlaneSpriteRecord) {
        store.access { $0.windows.keep(slot: Self.key(slot, over: grey), (window, plane), capacity: capacity) }
    }

    /// The halo's cells kept over `grey`, with where `plane` may differ from the one they were made over.
    func cells(over grey: Float, for plane: PlaneSpriteRecord) -> (cells: GlowHalo.Cells, changed: [[Range<Int>]], band: Int)? {
        HaloCellCache.reuse(store.access { k in defer { k.cells[Int(grey)] = nil }; return k.cells[Int(grey)] }, for: plane)
    }

    func keep(cells: GlowHalo.Cells, over grey: Float, plane: PlaneSpriteRecord) {
        store.access { $0.cells[Int(grey)] = (cells, plane) }
    }
}
