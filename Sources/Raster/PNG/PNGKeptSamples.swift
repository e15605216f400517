import Foundation

/// The 8-bit samples of frames a PNG sink encoded last, kept so that the next frame quantizes only the columns
/// that may have changed since (`FrameChanges.changedColumns`) and copies the rest (`PNG.encode(_:depth:...)`).
///
/// Why: quantizing reads the whole float frame (16 bytes a pixel for 4 bytes out), though a frame differs from
/// the one before only around the dots that moved or changed color and under glass and content: on the
/// showcase a changed dot's box is 11 of a 63-pixel pitch each way.
///
/// Exactness: a kept frame holds exactly the samples of the frame its `tag` names (the quantizer's, at 8 bits,
/// with the sink's dither), or is untagged. An encoder takes a frame, untags it while it writes (a failed or
/// cancelled encode leaves it untagged), and tags it with its own frame once every row is that frame's. Pixels
/// outside the changed columns hold the same floats in both frames, so their samples are the same, and the
/// bytes never depend on which kept frame, if any, an encoder got.
///
/// Memory: at most `capacity` frames (2: 23.7 MB at 1170 x 2532), shared by the sink's encoders; an encoder
/// that finds none free quantizes every row as before. Sendable: the list is read and changed only inside its
/// store's `access`, and a taken frame belongs to one encoder until it is given back.
public final class PNGKeptSamples: @unchecked Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "PNGKeptSamples", place: "Raster/PNG, one per PNG sink",
        holds: "the 8-bit samples of the frames quantized last, each tagged with its frame; the quantizer refreshes only the columns `FrameHistory` says changed",
        key: "the frame size, blend space and dither (another kind is dropped) and the tag",
        dropped: "never beyond its capacity (three frames for a PNG folder, two by default); with the sink",
        bound: "three frames of 4 B per pixel", bytesPerPixel: 12)

    /// One frame's samples and what they are.
    final class Frame: @unchecked Sendable {
        let width: Int, height: Int, dither: Bool, space: BlendSpace
        let samples: UnsafeMutableRawPointer
        /// The frame (`FrameChanges.frame`) whose samples these are; nil while written or when unknown.
        var tag: Int?

        init(width: Int, height: Int, dither: Bool, space: BlendSpace) {
            (self.width, self.height, self.dither, self.space) = (width, height, dither, space)
            samples = .allocate(byteCount: width * height * 4, alignment: 64)
        }

        deinit { samples.deallocate() }
    }

    /// The frames free to take, and how many exist (free or taken).
    struct Frames: KeptValue {
        var free: [Frame] = []
        var made = 0
        mutating func dropKept() {
            made -= free.count
            free = []
        }
    }

    let capacity: Int
    private let store: KeptStore<Frames>

    public init(capacity: Int = 2) {
        self.capacity = max(0, capacity)
        store = KeptStore(Self.descriptor, keeping: .everything, Frames())
    }

    /// A kept frame for an image of this kind, the most recent one free (the fewest changes since), a new one
    /// while fewer than `capacity` exist, or nil. Frames of another kind are dropped.
    func take(width: Int, height: Int, dither: Bool, space: BlendSpace) -> Frame? {
        store.access { k in
            let before = k.free.count
            k.free.removeAll { $0.width != width || $0.height != height || $0.dither != dither || $0.space != space }
            k.made -= before - k.free.count
            if let i = k.free.indices.max(by: { (k.free[$0].tag ?? Int.min) < (k.free[$1].tag ?? Int.min) }) {
                return k.free.remove(at: i)
            }
            guard k.made < capacity else { return nil }
            k.made += 1
            return Frame(width: width, height: height, dither: dither, space: space)
        }
    }

    func give(_ frame: Frame) {
        store.access { $0.free.append(frame) }
    }

    /// How many frames exist (free or taken).
    var count: Int { store.access { $0.made } }
}

/// A frame's 8-bit samples in a kept frame (`PNG.quantize`), between the quantizer and the deflate of a two-step
/// encode. The kept frame goes back to its `PNGKeptSamples` once encoded (`PNG.encode(_:options:...)`) or when
/// this is dropped. Sendable: one encoder holds it at a time.
public final class PNGQuantizedFrame: @unchecked Sendable {
    let frame: PNGKeptSamples.Frame
    let filter: PNGRowFilter
    private let kept: PNGKeptSamples
    private var given = false

    init(_ frame: PNGKeptSamples.Frame, kept: PNGKeptSamples, filter: PNGRowFilter) {
        (self.frame, self.kept, self.filter) = (frame, kept, filter)
    }

    func giveBack() {
        guard !given else { return }
        given = true
        kept.give(frame)
    }

    deinit { giveBack() }
}
