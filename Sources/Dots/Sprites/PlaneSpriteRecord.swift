import Raster

/// What a frame of the plane's sprites was drawn from: each dot's center (pixels) and premultiplied color, and
/// what every sprite shares (frame size, blend space, radius, background). `Plane.render(into:scale:workers:
/// record:)` compares the next frame's with it and redraws only the spans of rows a changed dot touches, old
/// position or new: on the showcase, most dots far from the vortex are at rest between frames.
///
/// Equality is of bits, never of values within a tolerance: a dot whose center and color bits are unchanged
/// draws the same pixels, so skipping it cannot change a byte.
public struct PlaneSpriteRecord: Sendable {
    // Any change to what the record holds (tests build records field by field) makes it another record, and
    // drops the changes found when it was made (`Changes`), which described the record as it was.
    var width = 0 { didSet { renew() } }
    var height = 0 { didSet { renew() } }
    var space: BlendSpace? { didSet { renew() } }
    var radius: UInt32 = 0 { didSet { renew() } }
    var background = SIMD4<UInt32>() { didSet { renew() } }
    var visible = false { didSet { renew() } }
    var centers: [SIMD2<UInt32>] = [] { didSet { renew() } }
    var colors: [SIMD4<UInt32>] = [] { didSet { renew() } }
    /// The backdrop's key (0: none) and the frame pixels it covers: the same pair, the same backdrop pixels.
    var backdropKey: UInt64 = 0 { didSet { renew() } }
    var backdropRect = PixelRect(x: 0, y: 0, width: 0, height: 0) { didSet { renew() } }
    /// Pixels a stage after the sprites rewrote over this frame (`Plane.overdrawn`): they hold neither the
    /// sprites' pixels nor the fill, so every pair of records where either has them counts them as changed (the
    /// plane redraws them whole, and every reader of the pair reads them again), and `fill` lists them as boxes.
    var overdrawn: [PixelRect] = [] { didSet { renew() } }
    /// Which record this is: copies of a record share it, and a record changed in place gets a new one.
    private var identity = Identity()
    /// The boxes of the dots that differ from the record this one was drawn after, found once by the plane's
    /// render (`noteChanges(since:)`), for every later question about that pair.
    private var changes: Changes?

    /// An empty record: the next render draws everything.
    public init() {}

    final class Identity: Sendable {}

    /// `Changes`, as the inventory of what frames keep lists it: not a store with a lock but a value the record
    /// carries, made once and read by every consumer of the pair.
    package static let changesDescriptor = KeptStoreDescriptor(
        "PlaneSpriteRecord.Changes", place: "Dots/Sprites, one per plane record",
        holds: "the boxes of the dots that differ from the record it was drawn after, and their row spans",
        key: "the earlier record's identity (copies of a record share it; a record changed in place gets a new one)",
        dropped: "with the record; a question about another pair of records compares them",
        bound: "a box per changed dot: 32 B per dot", bytesPerDot: 32)

    /// Where a record differs from the one it was drawn after (`since`), found once: on the showcase five
    /// consumers a frame (the plane's redraw, the frame slot's copy, the halo's kept cells, the two lens windows,
    /// the PNG quantizer) each compared the 6,000 dots' records and four of them built row spans from the boxes,
    /// serially on the render thread: 3.6% of a render's samples (perf, 120 frames).
    final class Changes: Sendable {
        let since: Identity
        /// The changed dots' boxes (columns, rows), old and new, in the order `forEachChangedBox` finds them.
        let boxes: [(columns: Range<Int>, rows: Range<Int>)]
        /// `boxes` row by row (`RowSpans(height:boxes:)`).
        let rows: RowSpans

        init(since: Identity, boxes: [(columns: Range<Int>, rows: Range<Int>)], height: Int) {
            (self.since, self.boxes) = (since, boxes)
            rows = RowSpans(height: height, boxes: boxes)
        }
    }

    private mutating func renew() {
        identity = Identity()
        changes = nil
    }

    /// Finds once where this record differs from `old`, the record of the plane it is drawn over, for the
    /// questions about the two that follow (the same answers, from the same boxes in the same order).
    mutating func noteChanges(since old: PlaneSpriteRecord) {
        guard sameFrame(as: old) else { return }
        var boxes: [(columns: Range<Int>, rows: Range<Int>)] = []
        forEachChangedBox(since: old) { boxes.append(($0, $1)) }
        changes = Changes(since: old.identity, boxes: boxes, height: height)
    }

    /// The changes found against `old` when this record was made, if it was made after `old`.
    private func noted(since old: PlaneSpriteRecord) -> Changes? {
        guard let changes, changes.since === old.identity else { return nil }
        return changes
    }

    init(_ plane: Plane, _ layout: Plane.SpriteLayout, _ fb: Framebuffer) {
        width = fb.width
        height = fb.height
        space = fb.space
        radius = layout.radius.bitPattern
        background = unsafeBitCast(layout.background, to: SIMD4<UInt32>.self)
        visible = plane.configuration.visible
        if let b = layout.backdrop { (backdropKey, backdropRect) = (b.key, b.rect) }
        let frame = PixelRect(x: 0, y: 0, width: fb.width, height: fb.height)
        overdrawn = plane.overdrawn.map { $0.intersection(frame) }.filter { !$0.isEmpty }
        (centers, colors) = plane.storage.withHandle { st in
            ((0..<st.count).map { unsafeBitCast(plane.spriteCenter($0, st, scale: layout.scale), to: SIMD2<UInt32>.self) },
             (0..<st.count).map { unsafeBitCast(Plane.spriteColor($0, st, layout.paint), to: SIMD4<UInt32>.self) })
        }
    }

    /// Whether `old` describes a frame of the same size, space, radius, background, visibility and dots.
    func sameFrame(as old: PlaneSpriteRecord) -> Bool {
        old.space != nil && width == old.width && height == old.height && space == old.space && radius == old.radius
            && background == old.background && visible == old.visible && centers.count == old.centers.count
    }

    /// For each band of `band` rows, the disjoint, ascending column spans that a dot which moved or changed color
    /// since `old` touches (its old box and its new one). Both records must describe the same kind of frame
    /// (`sameFrame`): a box depends only on the center, the radius and the frame's size, which they share.
    func dirtySpans(since old: PlaneSpriteRecord, band: Int) -> [[Range<Int>]] {
        // The regions' columns: the boxes' columns merged band by band, as `merged` merges them.
        dirtyRegions(since: old, band: band).map { $0.map(\.columns) }
    }

    /// Where the sprites' redraw fills and draws again, band by band (band k holds rows k x band ..< (k + 1) x band):
    /// the changed dots' boxes clipped to the band, merged where their columns overlap or touch into one region of
    /// their columns' union and the least rows holding all of theirs. A superset of the band's changed pixels, as
    /// `dirtySpans`' columns over the whole band are, so redrawing only there gives the same bytes (`Plane.render`),
    /// and regions of a band never share a column. Why rows: a dot's box is 11 rows of the showcase's 63-row pitch
    /// and straddles two 16-row bands, where the whole bands' rows were filled and drawn: 32 rows for 11.
    func dirtyRegions(since old: PlaneSpriteRecord, band: Int) -> [[(columns: Range<Int>, rows: Range<Int>)]] {
        var regions = [[(columns: Range<Int>, rows: Range<Int>)]](repeating: [], count: (height + band - 1) / band)
        forEachChangedBox(since: old) { columns, rows in
            for k in (rows.lowerBound / band)...((rows.upperBound - 1) / band) {
                regions[k].append((columns, max(rows.lowerBound, k * band)..<min(rows.upperBound, (k + 1) * band)))
            }
        }
        return regions.map(Self.mergedRegions)
    }

    /// Regions whose columns overlap or touch joined (their columns' union, the least rows holding both), in
    /// ascending order of columns; sorted by insertion (a band holds a few, and the standard library's sort with
    /// its closure was most of the dirty bands' samples, on the render thread alone: perf).
    static func mergedRegions(_ regions: [(columns: Range<Int>, rows: Range<Int>)]) -> [(columns: Range<Int>, rows: Range<Int>)] {
        guard regions.count > 1 else { return regions }
        var sorted = regions
        if sorted.count > 32 {
            sorted.sort { $0.columns.lowerBound < $1.columns.lowerBound }
        } else {
            for i in 1..<sorted.count {
                let r = sorted[i]
                var j = i
                while j > 0, sorted[j - 1].columns.lowerBound > r.columns.lowerBound {
                    sorted[j] = sorted[j - 1]
                    j -= 1
                }
                sorted[j] = r
            }
        }
        var out: [(columns: Range<Int>, rows: Range<Int>)] = []
        out.reserveCapacity(sorted.count)
        for r in sorted {
            if let last = out.last, r.columns.lowerBound <= last.columns.upperBound {
                out[out.count - 1] = (last.columns.lowerBound..<max(last.columns.upperBound, r.columns.upperBound),
                                      min(last.rows.lowerBound, r.rows.lowerBound)..<max(last.rows.upperBound, r.rows.upperBound))
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Calls `body` with the pixel box (columns, rows; never empty) of every dot that moved or changed color since
    /// `old`, its old box and its new one, within the frame; and when the backdrop changed (another key: a video's
    /// next frame; another rectangle: a scroll), the rectangles it covered and covers, within the frame.
    private func forEachChangedBox(since old: PlaneSpriteRecord, _ body: (Range<Int>, Range<Int>) -> Void) {
        if let noted = noted(since: old) {
            for b in noted.boxes { body(b.columns, b.rows) }
            return
        }
        for r in old.overdrawn + overdrawn { body(r.columns, r.rows) }
        if backdropKey != old.backdropKey || backdropRect != old.backdropRect {
            for r in [old.backdropRect, backdropRect] {
                let on = r.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
                if !on.isEmpty { body(on.columns, on.rows) }
            }
        }
        let r = Float(bitPattern: radius)
        func box(_ center: SIMD2<UInt32>) {
            let b = Plane.spriteBox(unsafeBitCast(center, to: Point.self), radius: r, width: width, height: height)
            if b.xs < b.xe && b.ys < b.ye { body(b.xs..<b.xe, b.ys..<b.ye) }
        }
        for n in centers.indices where centers[n] != old.centers[n] || colors[n] != old.colors[n] {
            box(old.centers[n])
            box(centers[n])
        }
    }

    /// Where the plane this record describes may differ from the plane `old` describes: for each band of
    /// `changeBand` rows (band k holds rows k x changeBand ..< (k + 1) x changeBand), the disjoint, ascending column spans outside of
    /// which every pixel is the same in both. Nil when `old` describes another kind of frame (another size, blend
    /// space, radius, background, visibility or dot count, or an empty record): then any pixel may differ.
    ///
    /// Holds for any two records, not only consecutive frames: a pixel outside every span is touched, in both
    /// frames, only by dots whose center and color bits are the same in both, drawn in the same order over the
    /// same background, so it has the same bits.
    public func changedSpans(since old: PlaneSpriteRecord) -> [[Range<Int>]]? {
        changedSpans(since: old, band: Self.changeBand)
    }

    /// `changedSpans` for bands of `band` rows (the glow halo's rows of cells, say).
    public func changedSpans(since old: PlaneSpriteRecord, band: Int) -> [[Range<Int>]]? {
        precondition(band >= 1, "a band holds at least one row")
        guard sameFrame(as: old) else { return nil }
        return dirtySpans(since: old, band: band)
    }

    /// `changedSpans` row by row, with the rectangles `extra` (clipped to the frame) joined in: the boxes of the
    /// dots that moved or changed color, old and new. Why rows: a dot's box is 11 rows of the showcase's 63-row
    /// pitch, and bands of 16 rows marked 16-32 of them for the frame slot's copy and the encoders.
    public func changedRows(since old: PlaneSpriteRecord, adding extra: [PixelRect] = []) -> RowSpans? {
        guard sameFrame(as: old) else { return nil }
        var boxes: [(columns: Range<Int>, rows: Range<Int>)] = extra.compactMap { r in
            let c = max(0, r.x)..<max(0, min(width, r.maxX))
            return c.isEmpty || r.height <= 0 ? nil : (c, r.rows)
        }
        // The dots' rows found once, joined with the few rectangles: the same spans (a row's merged spans are
        // the union's runs, whichever way it is built).
        if let noted = noted(since: old) {
            return boxes.isEmpty ? noted.rows : noted.rows.union(RowSpans(height: height, boxes: boxes))
        }
        forEachChangedBox(since: old) { boxes.append(($0, $1)) }
        return RowSpans(height: height, boxes: boxes)
    }

    /// `changedSpans` as rectangles: the boxes of the dots that moved or changed color, old and new (each
    /// clipped to the frame, possibly overlapping). Nil when the two planes cannot be compared.
    public func changedBoxes(since old: PlaneSpriteRecord) -> [PixelRect]? {
        guard sameFrame(as: old) else { return nil }
        var boxes: [PixelRect] = []
        forEachChangedBox(since: old) { c, r in boxes.append(PixelRect(x: c.lowerBound, y: r.lowerBound, width: c.count, height: r.count)) }
        return boxes
    }

    /// The plane this record describes as its fill and its boxes: every pixel outside the boxes holds the
    /// background exactly (`drawSprites` fills, copies the backdrop within its rectangle, the first box, then
    /// draws each dot within its box; hidden dots draw nothing, so there are no dot boxes). Nil for an empty
    /// record. For the lens window's blur (Glass's `PlaneFill`).
    public var fill: (background: SIMD4<Float>, boxes: [PixelRect])? {
        guard space != nil else { return nil }
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        let backdrop = backdropKey == 0 ? [] : [backdropRect.intersection(frame)].filter { !$0.isEmpty }
        return (unsafeBitCast(background, to: SIMD4<Float>.self), backdrop + overdrawn + dotBoxes)
    }

    /// The boxes of `fill` the dots drew in (none when hidden) and the overdrawn ones, without the backdrop's:
    /// outside them the plane holds the background and the backdrop's pixels as they were copied (a still
    /// image's underlay).
    public var dotBoxes: [PixelRect] {
        let r = Float(bitPattern: radius)
        return overdrawn + (visible ? centers.compactMap { c in
            let b = Plane.spriteBox(unsafeBitCast(c, to: Point.self), radius: r, width: width, height: height)
            return b.xs < b.xe && b.ys < b.ye ? PixelRect(x: b.xs, y: b.ys, width: b.xe - b.xs, height: b.ye - b.ys) : nil
        } : [])
    }

    /// The backdrop's key (0: none) and the frame pixels it covers (not clipped to the frame).
    public var backdrop: (key: UInt64, rect: PixelRect) { (backdropKey, backdropRect) }

    /// Rows per band of `changedSpans` (the sprites' bands).
    public static var changeBand: Int { Plane.spriteBand }

    /// Overlapping or touching spans joined, in ascending order.
    public static func merged(_ spans: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for s in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, s.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, s.upperBound)
            } else {
                out.append(s)
            }
        }
        return out
    }
}
