import Dots
import Foundation
import Glass
import Raster

/// The glow halo's cells kept from the last frame's halo (`GlowHalo.Cells`) with the plane they were made over
/// (its `PlaneSpriteRecord`), so that the next halo computes only the cells whose pixels changed since
/// (`PlaneSpriteRecord.changedSpans`) and takes the others as they are (issue 25).
///
/// The record says where two planes may differ whatever their order, so the kept cells are right for any next
/// frame: a shard, `--frames` or a preview's jump gets the bits of a fresh halo. A frame takes the cells out
/// (`take`) and puts its own back (`keep`) once its halo is whole, so two frames drawn at once never share them
/// (the second computes afresh); a cancelled frame keeps nothing (its pass may have skipped bands).
///
/// Memory: one frame's cells (109 KB at 1170 x 2532, scale 3) and its record.
final class HaloCellCache: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: (cells: GlowHalo.Cells, plane: PlaneSpriteRecord)?
    /// False for the reference of the tests: nothing is kept.
    var enabled = true

    /// Takes the kept cells with where `plane` may differ from the plane they were made over; nil when nothing
    /// is kept or the two planes cannot be compared (then every cell is computed).
    func take(for plane: PlaneSpriteRecord) -> (cells: GlowHalo.Cells, changed: [[Range<Int>]], band: Int)? {
        guard let k = lock.withLock({ () -> (cells: GlowHalo.Cells, plane: PlaneSpriteRecord)? in
            defer { kept = nil }
            return enabled ? kept : nil
        }) else { return nil }
        // Bands of a row of cells each: the sprites' bands of 16 rows straddle the showcase's cells of 24, and
        // marked two rows of cells for a dot's box of 11 rows in one.
        guard let changed = plane.changedSpans(since: k.plane, band: k.cells.cell) else { return nil }
        return (k.cells, changed, k.cells.cell)
    }

    /// Cells the halos computed since the start, kept or not, for tests and `bench`.
    var computedCells: Int { lock.withLock { computed } }
    private var computed = 0

    /// Keeps a whole halo's cells, made over `plane`.
    func keep(_ cells: GlowHalo.Cells, plane: PlaneSpriteRecord) {
        lock.withLock {
            computed += cells.computed
            if enabled { kept = (cells, plane) }
        }
    }

    /// Drops what is kept.
    func forget() {
        lock.withLock { kept = nil }
    }
}
