import Foundation

/// The compressed pieces of the bands a PNG sink compressed last, so that a band whose filtered bytes repeat
/// is not compressed again (`PNG.encode(scanlines:...:cache:)`).
///
/// A band's piece is a function of its bytes, the deflate library, zlib's level and strategy, and whether it is the image's last
/// band (`PNG.bandRows`), never of the frames before it. So a piece taken from here equals the one compressing
/// would make, whichever frame, thread or run stored it: frames stay byte-identical with a cold cache, a warm
/// one, or one filled by frames encoded out of order on other threads.
///
/// Sharing: the encoder threads of one sink encode different frames at once. Each band is its own kept store
/// (`KeptStore`, one lock each, the cache's descriptor), held
/// while its bytes are compared or replaced and its piece taken (shared, not copied), so two encoders contend only on the
/// same band, and an encoder never sees a band's bytes from one frame with another frame's piece. When two
/// encoders compress the same band, the later store wins; either piece is right for its bytes.
///
/// Memory: one entry per band of the image size last seen, each holding its piece and, for images encoded
/// without a `FrameChanges`, a copy of the band's filtered bytes: at most one frame of scanlines plus its
/// compressed stream (11.9 MB + about 0.4 MB for a 1170 x 2532 showcase frame; the render pipeline, whose
/// frames a history vouches for, keeps only the stream). An image of another height replaces all entries.
public final class PNGBandCache: @unchecked Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "PNGBandCache", place: "Raster/PNG, one per PNG sink",
        holds: "each band's compressed piece from the last frame, and its filtered bytes for images encoded without a `FrameHistory` (with one, only their count)",
        key: "the band's bytes (without a history) or the history's word that the band is an earlier frame's (with one), the deflate settings and whether it is the last band",
        dropped: "an entry when its band is compressed again; all when the image height changes; with the sink",
        bound: "one frame's filtered and compressed bytes: 8 B per pixel", bytesPerPixel: 8)

    /// What a piece depends on besides its band's bytes.
    struct Key: Equatable {
        var library: Int32
        var level: Int32
        var strategy: Int32
        var last: Bool
    }

    /// One band: the bytes last compressed for it and their piece, in the band's own store (its own lock).
    struct Band: KeptValue {
        var key: Key?
        /// The band's filtered bytes, kept only by images encoded without a `FrameChanges` (see `store`).
        var bytes: [UInt8] = []
        /// How many filtered bytes the band had.
        var count = 0
        var piece: PNGBandPiece?
        /// The tag (`FrameChanges.frame`) of an image whose band has these bytes; nil when none was given.
        var tag: Int?
        mutating func dropKept() { self = Band() }
    }
    typealias Entry = KeptStore<Band>

    /// The bands of the image size last seen, and the figures of every image so far (which dropping keeps).
    struct Bands: KeptValue {
        var entries: [Entry] = []
        var counts = Statistics()
        mutating func dropKept() { entries = [] }
    }

    /// Whether images through this cache time their compressing (`Statistics.compressSeconds`). Off by default:
    /// the thread's CPU clock is a system call (Linux has no vDSO path for it), two a compressed band, and on the
    /// showcase's frames (about 200 bands a frame) they were 1.7% of a render's CPU samples (perf: kernel entries
    /// from `clock_gettime` under `encodeBands`). `bench` turns it on for the run that reports the figure.
    package var timesCompression = false

    /// Bands reused and compressed, and the thread CPU seconds spent compressing (when `timesCompression`),
    /// over every image so far.
    public struct Statistics: Sendable, Equatable {
        public var reused = 0
        /// Of `reused`, the bands taken without being quantized (`FrameChanges`).
        public var unquantized = 0
        public var compressed = 0
        public var compressSeconds = 0.0
        public init() {}
        /// The share of bands taken from the cache, 0...1.
        public var reusedShare: Double { reused + compressed == 0 ? 0 : Double(reused) / Double(reused + compressed) }
    }

    private let store = KeptStore(descriptor, keeping: .everything, Bands())

    public init() {}

    public var statistics: Statistics { store.access { $0.counts } }

    /// The entries of an image of `bands` bands, made afresh when the count changes.
    func entries(bands: Int) -> [Entry] {
        store.access { s in
            if s.entries.count != bands { s.entries = (0..<bands).map { _ in Entry(Self.descriptor, keeping: .everything, Band()) } }
            return s.entries
        }
    }

    /// `entry`'s piece when it was made from `bytes` with `key`, nil otherwise (always nil when the entry kept
    /// only its bytes' count, `store`). The piece is shared, not copied: a later `store` replaces the entry's
    /// piece and leaves this one to whoever holds it.
    func reuse(_ entry: Entry, key: Key, bytes: UnsafeRawBufferPointer) -> PNGBandPiece? {
        entry.access { entry in
            guard entry.key == key, entry.bytes.count == bytes.count, let b = bytes.baseAddress else { return nil }
            let same = entry.bytes.withUnsafeBytes { memcmp($0.baseAddress!, b, bytes.count) == 0 }
            guard same else { return nil }
            return entry.piece
        }
    }

    /// `entry`'s piece, without the band's bytes, when the entry holds `count` bytes made with `key` by an image
    /// whose band `changes` vouches is the same as this one's; the entry then names this image's tag, so that
    /// the tags follow the frames. Nil otherwise.
    func reuse(_ entry: Entry, key: Key, count: Int, band: Int, changes: FrameChanges) -> PNGBandPiece? {
        entry.access { entry in
            guard entry.key == key, entry.count == count, let tag = entry.tag,
                  tag == changes.frame || changes.unchanged(band, tag) else { return nil }
            entry.tag = changes.frame
            return entry.piece
        }
    }

    /// Records `piece` as the compressed form of `bytes` with `key`, made by the image tagged `tag`, in place
    /// of the entry's earlier band. With `keepBytes` false (an image whose frames a `FrameChanges` vouches for)
    /// only their count is kept: such an image takes a band from the cache when it is vouched for, and never
    /// compares bytes (see `PNG.encodeBands`).
    func store(_ entry: Entry, key: Key, bytes: UnsafeRawBufferPointer, keepBytes: Bool, piece: PNGBandPiece, tag: Int?) {
        entry.access { entry in
            if !keepBytes {
                entry.bytes = []
            } else if entry.bytes.count == bytes.count {
                entry.bytes.withUnsafeMutableBytes { $0.copyMemory(from: bytes) }
            } else {
                entry.bytes = [UInt8](bytes)
            }
            entry.count = bytes.count
            entry.piece = piece
            entry.key = key
            entry.tag = tag
        }
    }

    /// Adds one image's figures.
    func record(reused: Int, unquantized: Int, compressed: Int, seconds: Double) {
        store.access { s in
            s.counts.reused += reused
            s.counts.unquantized += unquantized
            s.counts.compressed += compressed
            s.counts.compressSeconds += seconds
        }
    }
}
