/// How an encoder learns, before quantizing a band, that the band's bytes are those of a band the cache already
/// holds: the image's `tag` (a frame index), and `unchanged(band, other)`, true only when band `band` of this
/// image has the same filtered bytes as band `band` of the image tagged `other` (its rows and the row above it,
/// which `up` reads, hold the same pixels, quantized with the same settings).
///
/// Why: 41% of a showcase frame's bands repeat an earlier frame's, and the cache found them by quantizing and
/// comparing every band (the quantizer was 11.5% of a render's CPU). The compositor knows where consecutive
/// frames may differ (`FrameHistory` in Scene), so a band it vouches for is taken from the cache unquantized.
/// A band it cannot vouch for goes the old way: quantized, compared, compressed.
public struct PNGBandReuse: Sendable {
    public var tag: Int
    public var unchanged: @Sendable (_ band: Int, _ other: Int) -> Bool
    /// The finer form, for encoders that can use it (the video sink's yuv420p, `Framebuffer.yuv420p(dither:into:
    /// changedColumns:)`): for each row of this image, the column spans outside of which it holds the pixels of
    /// the image tagged `other`; nil when that is not known.
    public var changedColumns: @Sendable (_ other: Int) -> RowSpans?

    public init(tag: Int, unchanged: @escaping @Sendable (_ band: Int, _ other: Int) -> Bool,
                changedColumns: @escaping @Sendable (_ other: Int) -> RowSpans? = { _ in nil }) {
        self.tag = tag
        self.unchanged = unchanged
        self.changedColumns = changedColumns
    }
}
