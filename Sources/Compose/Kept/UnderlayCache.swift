import Dots
import Glass
import Raster
import SceneFormat

/// What the glass derives from a still backdrop alone, kept for the session: the plane beneath the dots
/// (`PlaneUnderlay`: the background and the placed image) as the glow halo's cell pass adds it
/// (`GlowHalo.UnderlayCells`) and blurred as the lens windows blur it (`UnderlayBlur`, in bands of rows made when a
/// window first reaches them). With them a frame reads the plane only near the dots, as over a flat plane
/// (`PlaneFill`); without them each cell and window a frame computes reads every pixel of the image under it.
///
/// A pure function of its key: the image, fit, opacity and background are the session document's, and a still
/// image's placement is the same in every frame, so a kept value and a fresh one have the same bits, and a
/// session that keeps nothing reads every pixel of the plane (the reference `KeepingNothingTests` compare
/// with). A scrolling backdrop moves every frame, and a video's pixels change under the same placement: neither
/// is kept here.
struct UnderlayCache: Sendable {
    static let descriptor = KeptStoreDescriptor(
        "UnderlayCache", place: "Compose/Kept, in the session's `FrameState`",
        holds: "a still backdrop's underlay (the plane without its dots) as the glass reads it: the glow halo's block sums and peaks of each group of 8 x 2 pixels (`GlowHalo.UnderlayCells`), and the lens windows' blurs of it (`UnderlayBlur`, one per kernel, at most three: regular dark and light, clear)",
        key: "the backdrop's rectangle on the canvas, the canvas's size and space and the plane's background (the image, fit and opacity are the session document's); the halo's cell size and neutral axis; the blur's kernel; a band of 8 reaches (at least 32 rows) is blurred when a window first reaches it",
        dropped: "replaced when the key changes; with the session; none for a scrolling backdrop (it moves every frame), a video (its pixels change under the same placement) or in a session that keeps nothing",
        bound: "the canvas's share of a still image: 4.25 B per pixel for the groups and 16 B per pixel for each kernel's blur, counted as the estimate's backdrop")

    struct Key: Equatable {
        let rect: PixelRect
        let width: Int, height: Int
        let space: BlendSpace
        let background: SIMD4<UInt32>
    }

    struct Kept: KeptValue {
        var key: Key?
        var cells: GlowHalo.UnderlayCells?
        /// One per kernel, the most recently used last.
        var blurs: [UnderlayBlur] = []
        mutating func dropKept() { (key, cells, blurs) = (nil, nil, []) }
    }

    let store: KeptStore<Kept>

    init(keeping: Keeping) { store = KeptStore(Self.descriptor, keeping: keeping, Kept()) }

    /// The halo's groups of `underlay` (kept, or made and kept; nil from a cancelled pass).
    func cells(_ underlay: PlaneUnderlay, key: Key, scale: Float, workers: Workers) -> GlowHalo.UnderlayCells? {
        if let hit = store.access({ $0.key == key ? $0.cells : nil }) { return hit }
        let cells = GlowHalo.UnderlayCells(underlay: underlay, scale: scale, workers: workers)
        guard !workers.isCancelled else { return nil }
        store.access {
            if $0.key != key { $0 = Kept(key: key) }
            $0.cells = cells
        }
        return cells
    }

    /// The kernels' blurs kept at most: `GlassDefaults.Liquid.blur` has three (regular dark and light, clear).
    static let kernels = 3

    /// The blur of `underlay` by `tent` holding `rows` (kept, or its missing bands blurred and kept; nil when a
    /// cancelled pass left some out).
    func blur(_ underlay: PlaneUnderlay, key: Key, tent: Tent, rows: Range<Int>, workers: Workers) -> UnderlayBlur? {
        var blur = store.access { $0.key == key ? $0.blurs.first { $0.tent == tent } : nil }
            ?? UnderlayBlur(blur: tent, width: underlay.width, height: underlay.height)
        guard !blur.holds(rows: rows) else { return blur }
        blur.blur(rows: rows, of: underlay, workers: workers)
        store.access {
            if $0.key != key { $0 = Kept(key: key) }
            // Two frames drawn at once may each have blurred bands: the one holding more stays.
            let kept = $0.blurs.firstIndex { $0.tent == tent }
            if let kept, $0.blurs[kept].pixelCount > blur.pixelCount { return }
            if let kept { $0.blurs.remove(at: kept) }
            $0.blurs.append(blur)
            if $0.blurs.count > Self.kernels { $0.blurs.removeFirst() }
        }
        return blur.holds(rows: rows) ? blur : nil
    }
}
