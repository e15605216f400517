import Glass
import Raster
import SceneFormat

/// Every store a render session keeps between frames, owned by the session's compositor (one run, or one preview
/// session). Each store holds values that are pure functions of its key, so a session made with `.nothing` (the
/// reference of `KeptStateRun`) gives the same bytes as one that keeps everything.
///
/// The plane's physics, its buffer and sprite record and the pipeline's frame slots are carried state, not kept
/// stores: a frame cannot be drawn without them.
package struct FrameState: Sendable {
    let keeping: Keeping
    /// Distance fields of the liquid containers, kept while their shapes do not change.
    let fields: DistanceFieldCache
    /// The liquid containers' deep interiors, kept while their shapes do not change.
    let interiors: InteriorSpansCache
    /// Frosted, web and Android panels kept from the last frame.
    let reuse: GlassReuse
    /// The glow halo's cells kept from the last frame.
    let haloCells: HaloCellCache
    /// The liquid containers' lens windows kept from the last frame.
    let windows: LensWindowCache
    /// The labels' coverage masks, kept while their placement does not change.
    let masks: ContentLayer.MaskCache
    /// The backdrop placed and composited over the plane's background, kept while its part does not change.
    let backdrop: BackdropCache
    /// What the glass derives from a still backdrop alone, kept while its placement does not change.
    let underlay: UnderlayCache
    /// The last frame drawn on request (`Compositor.renderKept`), for the next one to copy only what changed.
    let frames: KeptFrameSlot
    /// The liquid drawings of the last frame drawn on request without their light, for a new tilt of that frame.
    let bodies: LiquidBodyCache
    /// Each Liquid Glass part's light or dark styling after the last frame (`LiquidStyling`).
    let styling: StylingCache
    /// Over a transparent canvas, the Liquid Glass matte's buffers, windows and halo cells from the last frame.
    let matte: LiquidMatteCache

    /// Empty stores for a canvas of `pixels` pixels.
    init(pixels: Int, keeping: Keeping) {
        self.keeping = keeping
        fields = DistanceFieldCache(keeping: keeping)
        interiors = InteriorSpansCache(keeping: keeping)
        reuse = GlassReuse(capacity: pixels, keeping: keeping)
        haloCells = HaloCellCache(keeping: keeping)
        windows = LensWindowCache(keeping: keeping, capacity: pixels)
        masks = ContentLayer.MaskCache(keeping: keeping)
        backdrop = BackdropCache(keeping: keeping)
        underlay = UnderlayCache(keeping: keeping)
        frames = KeptFrameSlot(keeping: keeping)
        bodies = LiquidBodyCache(keeping: keeping, capacity: pixels)
        styling = StylingCache(keeping: keeping)
        matte = LiquidMatteCache(keeping: keeping, capacity: pixels)
    }

    /// The styling rule of `document`'s Liquid Glass over this session's stores, which glass and content share.
    func liquidStyling(_ document: SceneDocument) -> LiquidStyling {
        LiquidStyling(document: document, backdrops: backdrop, cache: styling)
    }

    /// Every store of the session, in the order `sessionStores` declares them: what a cancelled frame's drop
    /// reads (each store's `dropsOnCancelledFrame`), and what `KeptInventoryTests` holds to the declarations.
    package var stores: [any AnyKeptStore] {
        [fields.keptStore, interiors.keptStore, masks.store, reuse.store, haloCells.store, windows.store, backdrop.store,
         underlay.store, frames.store, bodies.store, styling.store, matte.store]
    }

    /// Drops what a cancelled frame may have kept in part, store by store as each one's declaration says: a tile
    /// may hold part of a drawing, and the halo's cells, the windows, the bodies and the matte's buffers are not
    /// kept from a cancelled pass.
    func forgetCancelledFrame() { stores.forgetCancelledFrame() }

    /// The stores of a session, in the order docs/architecture.md lists them.
    package static let sessionStores: [KeptStoreDescriptor] = [
        DistanceFieldCache.descriptor, InteriorSpansCache.descriptor, ContentLayer.MaskCache.descriptor,
        GlassReuse.descriptor, HaloCellCache.descriptor, LensWindowCache.descriptor, BackdropCache.descriptor,
        UnderlayCache.descriptor, KeptFrameSlot.descriptor, LiquidBodyCache.descriptor, StylingCache.descriptor,
        LiquidMatteCache.descriptor,
    ]
}
