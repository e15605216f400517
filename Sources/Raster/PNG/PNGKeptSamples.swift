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
/// that finds none free quantizes every row as before. Sendable: the list is guarded by `lock`, and a taken
/// frame belongs to one encoder until it is given back.
public final class PNGKeptSamples: @unchecked Sendable {
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

    let capacity: Int
    private let lock = NSLock()
    private var free: [Frame] = []
    private var made = 0

    public init(capacity: Int = 2) { self.capacity = max(0, capacity) }

    /// A kept frame for an image of this kind, the most recent one free (the fewest changes since), a new one
    /// while fewer than `capacity` exist, or nil. Frames of another kind are dropped.
    func take(width: Int, height: Int, dither: Bool, space: BlendSpace) -> Frame? {
        lock.withLock {
            let before = free.count
            free.removeAll { $0.width != width || $0.height != height || $0.dither != dither || $0.space != space }
            made -= before - free.count
            if let i = free.indices.max(by: { (free[$0].tag ?? Int.min) < (free[$1].tag ?? Int.min) }) {
                return free.remove(at: i)
            }
            guard made < capacity else { return nil }
            made += 1
            return Frame(width: width, height: height, dither: dither, space: space)
        }
    }

    func give(_ frame: Frame) {
        lock.withLock { free.append(frame) }
    }

    /// How many frames exist (free or taken).
    var count: Int { lock.withLock { made } }
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
