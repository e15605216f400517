import Content
import Dots
import Glass
import Raster
import SceneFormat
import Compose

/// Every store kept between frames up to the Scene module, each declared beside its store, in the order
/// docs/architecture.md lists them ("State kept between frames"); the Preview's `FrameCache` joins them in
/// `KeptInventoryTests`.
package enum KeptInventory {
    package static let processWide: [KeptStoreDescriptor] = [
        HelperThreads.descriptor, LensTables.descriptor, WindowMemory.descriptor,
        ResolutionCache.descriptor, ChoiceCache.descriptor, FaceTable.descriptor, GlyphImages.descriptor,
    ]

    /// The stores a render pipeline and its PNG sink keep beside the session's.
    package static let pipeline: [KeptStoreDescriptor] = [
        PNGBandCache.descriptor, PNGKeptSamples.descriptor,
        FrameHistory.descriptor,
        PlaneSpriteRecord.changesDescriptor,
    ]

    /// The session's stores (`FrameState`).
    package static let session: [KeptStoreDescriptor] = FrameState.sessionStores

    package static var all: [KeptStoreDescriptor] { processWide + session + pipeline }

}
