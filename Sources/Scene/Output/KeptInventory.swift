import Content
import Dots
import Glass
import Raster

/// Every store kept between frames up to the Scene module, in the order docs/architecture.md lists them
/// ("State kept between frames"); the Preview's `FrameCache` joins them in `KeptInventoryTests`. The stores of
/// the pipeline and the PNG sink keep their own locking (one owner each) and are declared here.
package enum KeptInventory {
    package static let processWide: [KeptStoreDescriptor] = [
        LensTables.descriptor, WindowMemory.descriptor,
        ResolutionCache.descriptor, ChoiceCache.descriptor, FaceTable.descriptor,
    ]

    /// The stores a render pipeline and its PNG sink keep beside the session's.
    package static let pipeline: [KeptStoreDescriptor] = [
        KeptStoreDescriptor(
            "PNGBandCache", place: "Raster/PNG, one per PNG sink",
            holds: "each band's compressed piece from the last frame, and its filtered bytes for images encoded without a `FrameHistory` (with one, only their count)",
            key: "the band's bytes (without a history) or the history's word that the band is an earlier frame's (with one), the deflate settings and whether it is the last band",
            dropped: "an entry when its band is compressed again; all when the image height changes; with the sink",
            bound: "one frame's filtered and compressed bytes: 8 B per pixel", bytesPerPixel: 8),
        KeptStoreDescriptor(
            "PNGKeptSamples", place: "Raster/PNG, one per PNG sink",
            holds: "the 8-bit samples of the frames quantized last, each tagged with its frame; the quantizer refreshes only the columns `FrameHistory` says changed",
            key: "the frame size, blend space and dither (another kind is dropped) and the tag",
            dropped: "never beyond its capacity (three frames for a PNG folder, two by default); with the sink",
            bound: "three frames of 4 B per pixel", bytesPerPixel: 12),
        KeptStoreDescriptor(
            "FrameHistory", place: "Scene/Output, one per `RenderPipeline`",
            holds: "the last frames' plane sprite records and overlay regions (with `GlassReuse`'s tokens), and which bands two frames share",
            key: "the frame index (pairs of indices for the answers)",
            dropped: "frames 8 or more before the newest; with the pipeline",
            bound: "8 records of 24 B per dot: 192 B per dot", bytesPerDot: 192),
        KeptStoreDescriptor(
            "PlaneSpriteRecord.Changes", place: "Dots/Sprites, one per plane record",
            holds: "the boxes of the dots that differ from the record it was drawn after, and their row spans",
            key: "the earlier record's identity (copies of a record share it; a record changed in place gets a new one)",
            dropped: "with the record; a question about another pair of records compares them",
            bound: "a box per changed dot: 32 B per dot", bytesPerDot: 32),
    ]

    /// The session's stores (`FrameState`).
    package static let session: [KeptStoreDescriptor] = FrameState.sessionStores

    package static var all: [KeptStoreDescriptor] { processWide + session + pipeline }

}
