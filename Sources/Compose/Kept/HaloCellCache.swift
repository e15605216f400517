import Dots
import Glass
import Raster
import SceneFormat

/// The glow halo's cells kept from the last frame's halo (`GlowHalo.Cells`) with the plane they were made over
/// (its `PlaneSpriteRecord`), so that the next halo computes only the cells whose pixels changed since
/// (`PlaneSpriteRecord.changedSpans`) and takes the others as they are.
///
/// The record says where two planes may differ whatever their order, so the kept cells are right for any next
/// frame: a shard, `--frames` or a preview's jump gets the bits of a fresh halo. A frame takes the cells out
/// (`take`) and puts its own back (`keep`) once its halo is whole, so two frames drawn at once never share them
/// (the second computes afresh); a cancelled frame keeps nothing (its pass may have skipped bands).
struct HaloCellCache {
    static let descriptor = KeptStoreDescriptor(
        "HaloCellCache", place: "Compose/Kept, in the session's `FrameState`",
        holds: "the glow halo's cells of the last frame (`GlowHalo.Cells`: cell means, per-cell peak chroma, which cells are held) and the plane record they were made over",
        key: "the plane's size and space, the cell size and the neutral axis; a cell is computed again where `PlaneSpriteRecord.changedSpans` says a pixel of it changed",
        dropped: "all when the record is not comparable or those differ; taken out by a frame and put back when its halo is whole (none from a cancelled frame); with the session",
        bound: "one frame's cells: 1 B per canvas pixel, when a panel is lit by the halo", bytesPerPixel: 1, over: .halo, dropsOnCancelledFrame: true)

    struct Kept: KeptValue {
        var last: (cells: GlowHalo.Cells, plane: PlaneSpriteRecord)?
        /// Cells the halos computed since the start, kept or not, for tests and `bench`.
        var computed = 0
        mutating func dropKept() { last = nil }
    }

    let store: KeptStore<Kept>

    init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    /// Takes the kept cells with where `plane` may differ from the plane they were made over; nil when nothing
    /// is kept or the two planes cannot be compared (then every cell is computed).
    func take(for plane: PlaneSpriteRecord) -> (cells: GlowHalo.Cells, changed: [[Range<Int>]], band: Int)? {
        Self.reuse(store.access { kept in defer { kept.last = nil }; return kept.last }, for: plane)
    }

    /// Cells taken out of a store, with where `plane` may differ from the plane they were made over.
    static func reuse(_ kept: (cells: GlowHalo.Cells, plane: PlaneSpriteRecord)?, for plane: PlaneSpriteRecord)
        -> (cells: GlowHalo.Cells, changed: [[Range<Int>]], band: Int)? {
        // Bands of a row of cells each: the sprites' bands of 16 rows straddle the cells.
        guard let kept, let changed = plane.changedSpans(since: kept.plane, band: kept.cells.cell) else { return nil }
        return (kept.cells, changed, kept.cells.cell)
    }

    var computedCells: Int { store.access { $0.computed } }

    /// Keeps a whole halo's cells, made over `plane`.
    func keep(_ cells: GlowHalo.Cells, plane: PlaneSpriteRecord) {
        store.access {
            $0.computed += cells.computed
            $0.last = (cells, plane)
        }
    }
}
