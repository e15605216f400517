import Dots
import Raster
import SceneFormat

/// A frame buffer and what it holds: the plane that was copied into it (as its `PlaneSpriteRecord`) and the
/// regions glass and content drew over that plane in its last frame. The next frame drawn into the slot copies
/// from the plane only the rows where the plane changed since that record, and the regions glass and content
/// covered; everywhere else the buffer already holds the plane.
///
/// Why: copying the whole plane into each frame (47 MB of float pixels at 1170 x 2532) cost about 4.7 ms of
/// CPU a frame, 10% of the showcase's; a recycled buffer already holds an earlier frame whose plane is the same
/// almost everywhere (5.5% of pixels differ between consecutive showcase frames).
///
/// Invariant, by induction over the frames drawn into a slot: after `take(plane:record:workers:sparing:)` the
/// buffer holds exactly the plane `record` describes, every pixel but the spared ones, which the glass layer then
/// overwrites without reading (a frosted panel's covered pixels: the twin's 1.2 million a frame are not copied). A fresh slot (or one whose record describes another
/// kind of frame: size, blend space, radius, background, visibility or dot count) gets the whole plane. Otherwise
/// the buffer held the plane of its record everywhere except under its overlay, by the induction; the pixels
/// where that plane and the new one may differ lie in `PlaneSpriteRecord.changedSpans` (true for any two records,
/// not only consecutive ones, so slots can be recycled in any order and frames skipped); copying those spans and
/// the overlay leaves no pixel that differs. Glass and content then draw as they would over a fresh copy, so the
/// frame's bytes do not depend on the slot, the pool's size or the order slots come back in.
///
/// The caller's promise: nothing writes the buffer between frames except the compositor (the encoders only
/// read it), and every pixel glass and content write is inside the regions `cover` is given (GlassLayer's and
/// ContentLayer's written regions; a test checks them against what they draw).
public struct FrameSlot: Sendable {
    /// The frame's pixels (after `Compositor.rasterize(frame:into:)`, the finished frame).
    public internal(set) var frame: Framebuffer
    /// The plane the buffer holds outside `overlay`; an empty record when nothing is known.
    package private(set) var plane = PlaneSpriteRecord()
    /// Pixels glass and content may have written over the plane in the last frame, clipped to the frame.
    package private(set) var overlay: [Overlay] = []

    /// Rectangles holding every pixel glass and content drew over the plane in the last frame: outside them the
    /// frame is the plane, which no tilt changes.
    public var covered: [PixelRect] { overlay.map(\.rect) }

    /// A slot around `frame`, whose pixels are not trusted: the first frame copies the whole plane.
    public init(_ frame: Framebuffer) { self.frame = frame }

    /// Makes the buffer hold `plane` everywhere but in `sparing`, copying only what may differ from what it holds.
    /// `record` describes `plane` (the compositor's plane buffer, just drawn). `sparing` (or none) holds pixels the
    /// glass layer overwrites without reading them (`GlassLayer.overwrittenSpans`); they are left as they are, and
    /// the layer's written regions, which `cover` records, hold them, so the next frame copies them again.
    mutating func take(plane: Framebuffer, record: PlaneSpriteRecord, workers: Workers, sparing: RowSpans? = nil) {
        defer {
            self.plane = record
            overlay = []
        }
        // Row by row, not by the sprites' 16-row bands: a changed dot's box is 11 rows of the showcase's 63-row
        // pitch, and a band would copy 16-32 rows for each.
        guard let changed = record.changedRows(since: self.plane, adding: overlay.map(\.rect)) else {
            if let sparing, sparing.pixelCount > 0 {
                let whole = RowSpans(height: frame.height, width: frame.width) { _ in true }
                frame.copyPixels(from: plane, rows: whole.subtracting(sparing), workers: workers)
            } else {
                frame.copyPixels(from: plane, workers: workers)
            }
            return
        }
        frame.copyPixels(from: plane, rows: sparing.map { changed.subtracting($0) } ?? changed, workers: workers)
    }

    /// Records what glass and content drew over the plane in this frame (a superset of the pixels they wrote).
    mutating func cover(_ regions: [Overlay]) {
        let whole = PixelRect(frame)
        overlay = regions.map { Overlay($0.rect.intersection(whole), token: $0.token) }.filter { !$0.rect.isEmpty }
    }

    /// Forgets what the buffer holds (a frame left incomplete, cancelled): the next frame copies the whole plane.
    mutating func forget() {
        plane = PlaneSpriteRecord()
        overlay = []
    }
}

/// A region glass or content drew over the plane in a frame, and, for a glass panel kept between frames
/// (`GlassReuse`), the token of the pixels it copied there: two frames whose overlays hold the same region
/// with the same token hold the same glass pixels in it (the encoders' `FrameHistory` relies on this).
public struct Overlay: Sendable, Equatable {
    public var rect: PixelRect
    /// Nil: nothing is known about these pixels beyond this frame.
    public var token: UInt64?

    public init(_ rect: PixelRect, token: UInt64? = nil) {
        self.rect = rect
        self.token = token
    }
}
