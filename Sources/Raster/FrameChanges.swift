/// What may have changed in a frame since an earlier one, as the compositor knows it, for encoders that keep
/// what they made of earlier frames: the PNG encoder's bands and samples (`PNGBandCache`, `PNGKeptSamples`) and
/// the video sink's yuv420p planes (`Framebuffer.yuv420p(dither:into:changed:)`). Whatever it vouches for keeps
/// the earlier frame's bytes, which are this frame's too; whatever it cannot vouch for is encoded again, so the
/// bytes never depend on it.
///
/// `frame` tags what an encoder keeps of this frame (a frame index). `unchanged(band, other)` is true only when
/// PNG band `band` of this frame has the same filtered bytes as band `band` of frame `other` (its rows and the
/// row above it, which `up` reads, hold the same pixels). `changedColumns(other)` is the finer form: for each
/// row, the column spans outside of which this frame holds frame `other`'s pixels; nil when that is not known.
///
/// Why: about two in five of a showcase frame's bands repeat an earlier frame's, and finding them by quantizing
/// and comparing every band costs the quantize it would save.
public struct FrameChanges: Sendable {
    public var frame: Int
    public var unchanged: @Sendable (_ band: Int, _ other: Int) -> Bool
    public var changedColumns: @Sendable (_ other: Int) -> RowSpans?

    public init(frame: Int, unchanged: @escaping @Sendable (_ band: Int, _ other: Int) -> Bool,
                changedColumns: @escaping @Sendable (_ other: Int) -> RowSpans? = { _ in nil }) {
        self.frame = frame
        self.unchanged = unchanged
        self.changedColumns = changedColumns
    }
}
