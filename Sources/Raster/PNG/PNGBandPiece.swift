/// One band's raw deflate piece (`PNG.bandRows`) and the Adler-32 of the band's filtered bytes, kept together
/// so that a band taken from `PNGBandCache` costs neither compression nor checksum: the frame's Adler-32 is
/// joined from its bands' with zlib's `adler32_combine`.
///
/// The bytes live in memory of their own, written once here and never again, so that a frame's encoder can
/// hand libpng the pointers of all its pieces at once (`cpng_write_pieces`) while holding the pieces, and the
/// stream is never joined into one buffer first. The pointer never leaves Raster: `PNG.encodeBands` reads it
/// under `withExtendedLifetime` of the pieces.
final class PNGBandPiece: @unchecked Sendable {
    /// The deflate piece; immutable after `init`.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Adler-32 (RFC 1950) of the band's filtered bytes, started at 1.
    let adler: UInt32

    init(copying piece: UnsafeBufferPointer<UInt8>, adler: UInt32) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, piece.count))
        if let source = piece.baseAddress { storage.baseAddress!.initialize(from: source, count: piece.count) }
        self.bytes = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[0..<piece.count])
        self.adler = adler
    }

    deinit { UnsafeMutableBufferPointer(mutating: bytes).baseAddress?.deallocate() }
}
