import Dots
import Glass
import Raster
import SceneFormat

/// Frosted, web and Android panels kept between frames: a drawing whose inputs did not change since the last
/// frame gives the same pixels, so they are copied from the tile it left instead of computed again.
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
/// A drawing with no dirty row copies its tile; one with some copies its other rows and draws those again
/// (`Frost.apply(within:)` gives them the bits of a whole drawing), and keeps them in its tile. The
/// result is the bytes a fresh drawing gives, by the checks above, so frames do not depend on which earlier
/// frames a run rendered (shards, `--frames`, the preview's jumps): `GlassReuseTests` compares every frame of
/// scenes with moving dots, moving and overlapping panels, tints and halos against a compositor that keeps
/// nothing.
///
/// Tokens: a tile's token changes each time it is drawn again, so two frames whose overlay carries the same
/// token for a region hold the same glass pixels there (`FrameHistory` vouches for their PNG bands).
///
/// Memory: the tiles of the last frame's kept drawings, at most `capacity` pixels (one frame's worth); a drawing
/// that would pass it is drawn every frame. Tiles of drawings the frame no longer has are dropped.
struct GlassReuse: Sendable {
    static let descriptor = KeptStoreDescriptor(
        "GlassReuse", place: "Compose/Kept, in the session's `FrameState`",
        holds: "each frosted, web or Android drawing's pixels over its region from the last frame (a tile), the plane record it was drawn from, a token",
        key: "the drawing's surface key, its surface (`GlassReuse.Key`) and region; a tile's rows are redrawn where a plane pixel it reads changed (within its blur's and halo's reach) or an earlier drawing changed pixels under it",
        dropped: "tiles of drawings the frame no longer has; all on a cancelled frame; with the session (a new tilt keeps it)",
        bound: "16 B per pixel around the layered panels, at most one canvas of float pixels; a drawing that would pass it is not kept", bytesPerPixel: 16, over: .layeredGlass, dropsOnCancelledFrame: true)

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
        /// Copy the tile (`paste`): no input changed.
        case reuse
        /// Copy the tile's other rows (`paste`) and draw these (ascending, disjoint, inside the tile's region)
        /// again; then keep the new rows in the tile (`update`).
        case redraw(rows: [Range<Int>])
        /// Draw it whole (no tile, or a changed key or region), then keep a new tile when `keep`.
        case draw(keep: Bool)
    }

    /// Pixels of panels reused and drawn since the start (or the last `resetStatistics`), for `bench` and tests.
    struct Statistics: Equatable {
        var reusedPixels = 0
        var drawnPixels = 0
        var reusedShare: Double { Double(reusedPixels) / Double(max(1, reusedPixels + drawnPixels)) }
    }

    /// The tiles and what the last frame wrote, with the counts and tokens that outlive a `forget`.
    struct State: KeptValue {
        var tiles: [String: Tile] = [:]
        /// The regions each drawing wrote in the last frame, by drawing id.
        var written: [String: [PixelRect]] = [:]
        var nextToken: UInt64 = 1
        var counts = Statistics()
        /// At most this many pixels of tiles are kept (0: none, every panel is drawn every frame).
        var limit: Int

        mutating func dropKept() {
            tiles = [:]
            written = [:]
        }
    }

    let store: KeptStore<State>

    /// A store keeping at most `capacity` pixels of tiles (none when `keeping` is `.nothing`).
    init(capacity: Int, keeping: Keeping) {
        store = KeptStore(Self.descriptor, keeping: keeping, State(limit: keeping == .everything ? capacity : 0))
    }

    var statistics: Statistics { store.access { $0.counts } }

    /// The decisions for one frame's drawings, in drawing order: `ids` name them (stable across frames),
    /// `written` are the regions each may write, `frosted` holds for a `Frost` drawing its key, its region, the
    /// plane pixels it reads (blur and halo) and how far a drawn pixel reads along each axis (nil for a drawing
    /// that is never kept). `record` describes the plane.
    func plan(ids: [String], written now: [[PixelRect]],
              frosted: [(key: Key, region: PixelRect, read: PixelRect, reach: Int)?],
              record: PlaneSpriteRecord) -> [Decision] {
        store.access { $0.plan(ids: ids, written: now, frosted: frosted, record: record) }
    }

    /// Keeps the frame's pixels over `region` as the tile of drawing `id`; returns its token.
    func keep(_ id: String, key: Key, region: PixelRect, plane: PlaneSpriteRecord, frame: Framebuffer,
              workers: Workers) -> UInt64 {
        var pixels = store.access { $0.tiles.removeValue(forKey: id)?.pixels }
            .flatMap { $0.width == region.width && $0.height == region.height && $0.space == frame.space ? $0 : nil }
            ?? Framebuffer.unfilled(width: region.width, height: region.height, space: frame.space)
        pixels.copyPixels(from: frame, rect: region, to: (0, 0), workers: workers)
        return store.access { s in
            defer { s.nextToken += 1 }
            s.tiles[id] = Tile(key: key, region: region, plane: plane, pixels: pixels, token: s.nextToken)
            return s.nextToken
        }
    }

    /// The rows of `region` whose pixels may differ from the tile's, ascending and disjoint: those within
    /// `reach` of a band of plane rows where a pixel it reads (`read`) changed since `old`, and those under
    /// pixels an earlier drawing of this frame changed (`earlier`). All of them when the planes cannot be compared.
    static func dirtyRows(_ region: PixelRect, reading read: PixelRect, reach: Int, since old: PlaneSpriteRecord,
                          now: PlaneSpriteRecord, earlier: [PixelRect]) -> [Range<Int>] {
        guard let changed = now.changedSpans(since: old) else { return [region.rows] }
        var rows: [Range<Int>] = []
        func add(_ r: Range<Int>) {
            let c = r.clamped(to: region.rows)
            if !c.isEmpty { rows.append(c) }
        }
        for e in earlier {
            let o = e.intersection(region)
            if o.width > 0 && o.height > 0 { add(o.rows) }
        }
        let band = PlaneSpriteRecord.changeBand
        for (k, spans) in changed.enumerated() where !spans.isEmpty {
            let bandRows = k * band..<(k + 1) * band
            guard bandRows.overlaps(read.rows), spans.contains(where: { $0.overlaps(read.columns) }) else { continue }
            add((bandRows.lowerBound - reach)..<(bandRows.upperBound + reach))
        }
        return PlaneSpriteRecord.merged(rows)
    }

    /// Copies drawing `id`'s tile into `frame` at its region, but for `rows`; returns its token.
    func paste(_ id: String, skipping rows: [Range<Int>] = [], into frame: inout Framebuffer, workers: Workers) -> UInt64 {
        store.access { s in
            let tiles = s.tiles
            guard let tile = tiles[id] else { preconditionFailure("no tile kept for \(id)") }
            let r = tile.region
            var y = r.y
            for skip in rows + [r.maxY..<r.maxY] {
                if skip.lowerBound > y {
                    frame.copyPixels(from: tile.pixels, rect: PixelRect(x: 0, y: y - r.y, width: r.width, height: skip.lowerBound - y),
                                     to: (r.x, y), workers: workers)
                }
                y = max(y, skip.upperBound)
            }
            return tile.token
        }
    }

    /// Keeps `rows` of the frame's pixels over `region` in the tile of drawing `id` (its other rows are this
    /// frame's already); returns the tile's new token.
    func update(_ id: String, rows: [Range<Int>], region: PixelRect, plane: PlaneSpriteRecord, frame: Framebuffer,
                workers: Workers) -> UInt64 {
        store.access { s in
            guard var tile = s.tiles.removeValue(forKey: id) else { return 0 }
            for r in rows {
                tile.pixels.copyPixels(from: frame, rect: PixelRect(x: region.x, y: r.lowerBound, width: region.width, height: r.count),
                                       to: (0, r.lowerBound - region.y), workers: workers)
            }
            s.tiles[id] = Tile(key: tile.key, region: region, plane: plane, pixels: tile.pixels, token: s.nextToken)
            defer { s.nextToken += 1 }
            return s.nextToken
        }
    }
}

extension GlassReuse.State {
    /// `GlassReuse.plan`, under the store's lock.
    mutating func plan(ids: [String], written now: [[PixelRect]],
                       frosted: [(key: GlassReuse.Key, region: PixelRect, read: PixelRect, reach: Int)?],
                       record: PlaneSpriteRecord) -> [GlassReuse.Decision] {
        // Regions whose pixels under later drawings may differ from the last frame's, whatever their order.
        var changed: [PixelRect] = []
        let current = Dictionary(zip(ids, now), uniquingKeysWith: { a, _ in a })
        for (id, old) in written where current[id] != old { changed += old }
        for (id, new) in current where written[id] != new { changed += new }
        written = current
        tiles = tiles.filter { current[$0.key] != nil }

        var kept = 0
        var decisions: [GlassReuse.Decision] = []
        for (k, id) in ids.enumerated() {
            guard let f = frosted[k] else {
                decisions.append(.draw(keep: false))
                counts.drawnPixels += now[k].reduce(0) { $0 + max(0, $1.width) * max(0, $1.height) }
                changed += now[k]
                continue
            }
            let area = f.region.width * f.region.height
            let fits = kept + area <= limit
            if fits { kept += area }
            guard let tile = tiles[id], tile.key == f.key, tile.region == f.region else {
                decisions.append(.draw(keep: fits))
                counts.drawnPixels += area
                changed += now[k]
                if !fits { tiles[id] = nil }
                continue
            }
            let rows = GlassReuse.dirtyRows(f.region, reading: f.read, reach: f.reach, since: tile.plane, now: record,
                                      earlier: changed)
            let dirty = rows.reduce(0) { $0 + $1.count }
            if dirty == 0 {
                decisions.append(.reuse)
                counts.reusedPixels += area
            } else if dirty < f.region.height {
                decisions.append(.redraw(rows: rows))
                counts.reusedPixels += (f.region.height - dirty) * f.region.width
                counts.drawnPixels += dirty * f.region.width
                changed += rows.map { PixelRect(x: f.region.x, y: $0.lowerBound, width: f.region.width, height: $0.count) }
            } else {
                decisions.append(.draw(keep: true))
                counts.drawnPixels += area
                changed += now[k]
            }
        }
        return decisions
    }
}
