import Dots
import Foundation
import Glass
import Raster

/// Frosted, web and Android panels kept between frames: a drawing whose inputs did not change since the last
/// frame gives the same pixels, so they are copied from the tile it left instead of computed again (issue 25,
/// "work proportional to what changed").
///
/// What a `Frost` drawing's pixels depend on, and how each is checked:
/// - its surface (shape at this time, material, tint, appearance, scale, tier) and whether the halo lights it:
///   `Key`, compared by value (the `Frost` is a function of the surface, `Tier.effect(for:)`);
/// - the plane pixels it reads: within the blur's reach of its region inside the backdrop (mirrored reads at the
///   backdrop's edges stay within that distance; the web tier's backdrop is the panel's box), and within the
///   glow halo's reach (`GlowHalo.reach`) when lit: `PlaneSpriteRecord.changedSpans` between the plane the tile
///   was made from and this one says where they may differ;
/// - what the frame held under it when it drew (it blends its anti-aliased edge with it, and its tile holds the
///   pixels it left uncovered): the plane, checked above, and the drawings before it in this frame. Rows that an
///   earlier drawing computed again (every liquid drawing's: they are never kept), and every region a drawing
///   wrote in the last frame or writes in this one where the two differ (a panel moved, appeared or went), are
///   dirty for the drawings that overlap them.
///
/// A drawing with no dirty row copies its tile; otherwise it is drawn again whole and its tile replaced. The
/// result is the bytes a fresh drawing gives, by the checks above, so frames do not depend on which earlier
/// frames a run rendered (shards, `--frames`, the preview's jumps): `GlassReuseTests` compares every frame of
/// scenes with moving dots, moving and overlapping panels, tints and halos against a compositor that keeps
/// nothing.
///
/// Tokens: a tile's token changes each time it is drawn again, so two frames whose overlay carries the same
/// token for a region hold the same glass pixels there (`FrameHistory` vouches for their PNG bands).
///
/// Memory: the tiles of the last frame's kept drawings, at most `capacity` pixels (one frame's worth by
/// default: 47 MB of float pixels at 1170 x 2532; the web twin keeps 1.2 million pixels, 19 MB); a drawing that
/// would pass it is drawn every frame. Tiles of drawings the frame no longer has are dropped.
final class GlassReuse: @unchecked Sendable {
    /// Everything but the plane that a frosted drawing's pixels are a function of.
    struct Key: Equatable {
        let shape: PanelShape
        let material: Material
        let tint: Color?
        let appearance: Appearance
        let scale: Float
        let tier: Tier
        let lit: Bool

        init(_ s: GlassSurface, lit: Bool) {
            (shape, material, tint, appearance, scale, tier) = (s.shape, s.material, s.tint, s.appearance, s.scale, s.tier)
            self.lit = lit
        }
    }

    struct Tile {
        let key: Key
        let region: PixelRect
        let plane: PlaneSpriteRecord
        /// The frame's pixels over `region` right after the drawing drew (before later drawings and content).
        var pixels: Framebuffer
        let token: UInt64
    }

    /// What a frame does with one drawing.
    enum Decision {
        /// Copy the tile: no input changed.
        case reuse(Tile)
        /// Draw it (no tile, a changed key, or dirty rows), then keep a new tile when `keep`.
        case draw(keep: Bool)
    }

    /// Pixels of panels reused and drawn since the start (or the last `resetStatistics`), for `bench` and tests.
    struct Statistics: Equatable {
        var reusedPixels = 0
        var drawnPixels = 0
        var reusedShare: Double { Double(reusedPixels) / Double(max(1, reusedPixels + drawnPixels)) }
    }

    private let lock = NSLock()
    private var tiles: [String: Tile] = [:]
    /// The regions each drawing wrote in the last frame, by drawing id.
    private var written: [String: [PixelRect]] = [:]
    private var nextToken: UInt64 = 1
    private var counts = Statistics()
    private var limit: Int

    init(capacity: Int) { limit = capacity }

    /// At most this many pixels of tiles are kept (0: none, every panel is drawn every frame).
    var capacity: Int {
        get { lock.withLock { limit } }
        set { lock.withLock { limit = newValue } }
    }

    var statistics: Statistics { lock.withLock { counts } }

    /// The decisions for one frame's drawings, in drawing order: `ids` name them (stable across frames),
    /// `written` are the regions each may write, `frosted` holds for a `Frost` drawing its key, its region and
    /// the plane pixels it reads, blur and halo (nil for a drawing that is never kept). `record` describes the plane.
    func plan(ids: [String], written now: [[PixelRect]], frosted: [(key: Key, region: PixelRect, read: PixelRect)?],
              record: PlaneSpriteRecord) -> [Decision] {
        lock.withLock {
            // Regions whose pixels under later drawings may differ from the last frame's, whatever their order.
            var changed: [PixelRect] = []
            let current = Dictionary(zip(ids, now), uniquingKeysWith: { a, _ in a })
            for (id, old) in written where current[id] != old { changed += old }
            for (id, new) in current where written[id] != new { changed += new }
            written = current
            tiles = tiles.filter { current[$0.key] != nil }

            var kept = 0
            var decisions: [Decision] = []
            for (k, id) in ids.enumerated() {
                guard let f = frosted[k] else {
                    decisions.append(.draw(keep: false))
                    counts.drawnPixels += now[k].reduce(0) { $0 + $1.width * $1.height }
                    changed += now[k]
                    continue
                }
                let fits = kept + f.region.width * f.region.height <= limit
                if fits { kept += f.region.width * f.region.height }
                if let tile = tiles[id], tile.key == f.key, tile.region == f.region,
                   !Self.isDirty(f.region, reading: f.read, since: tile.plane, now: record, earlier: changed) {
                    decisions.append(.reuse(tile))
                    counts.reusedPixels += f.region.width * f.region.height
                } else {
                    decisions.append(.draw(keep: fits))
                    counts.drawnPixels += f.region.width * f.region.height
                    changed += now[k]
                    if !fits { tiles[id] = nil }
                }
            }
            return decisions
        }
    }

    /// Drops every tile (a frame cancelled while drawing may have kept part of one).
    func forget() {
        lock.withLock {
            tiles = [:]
            written = [:]
        }
    }

    /// Keeps the frame's pixels over `region` as the tile of drawing `id`; returns its token.
    func keep(_ id: String, key: Key, region: PixelRect, plane: PlaneSpriteRecord, frame: Framebuffer,
              workers: Workers) -> UInt64 {
        var pixels = lock.withLock { tiles.removeValue(forKey: id)?.pixels }
            .flatMap { $0.width == region.width && $0.height == region.height && $0.space == frame.space ? $0 : nil }
            ?? Framebuffer.unfilled(width: region.width, height: region.height, space: frame.space)
        pixels.copyPixels(from: frame, rect: region, to: (0, 0), workers: workers)
        return lock.withLock {
            defer { nextToken += 1 }
            tiles[id] = Tile(key: key, region: region, plane: plane, pixels: pixels, token: nextToken)
            return nextToken
        }
    }

    /// Whether any output pixel of `region` may differ from the tile's: a plane pixel it reads (`read`) changed
    /// since `old`, or an earlier drawing of this frame changed pixels under it.
    static func isDirty(_ region: PixelRect, reading read: PixelRect, since old: PlaneSpriteRecord, now: PlaneSpriteRecord,
                        earlier: [PixelRect]) -> Bool {
        if earlier.contains(where: { !$0.intersection(region).isEmpty }) { return true }
        guard let changed = now.changedSpans(since: old) else { return true }
        let band = PlaneSpriteRecord.changeBand
        for (k, spans) in changed.enumerated() where !spans.isEmpty {
            guard (k * band..<(k + 1) * band).overlaps(read.rows) else { continue }
            if spans.contains(where: { $0.overlaps(read.columns) }) { return true }
        }
        return false
    }
}
