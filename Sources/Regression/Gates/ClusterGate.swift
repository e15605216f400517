/// A gate on where differing pixels gather, in the spirit of pixelmatch 8's `windowSize` (mapbox/pixelmatch
/// PR 170): scattered speckle (anti-aliasing, a library's rounding) never packs densely into one square, while a
/// real change (a corner redrawn, a label moved) does. A frame fails when any `window` x `window` square of
/// pixels holds `pixels` or more differing pixels, whatever the whole frame's count.
///
/// Windows: every position of a `window` x `window` square lying inside the image (for an image narrower or
/// shorter than the window, the square is clipped to the image: one window spans that side). pixelmatch's
/// option returns the largest window count instead of the total; here that count is `densest(in:)`, and the
/// gate compares it with `pixels`.
///
/// Computed exactly with a summed-area table (Crow 1984): one pass of integer prefix sums, then four lookups per
/// window, O(width x height) for any window. Integers, so the result does not depend on order or threads.
/// `ClusterGateReference` counts every window pixel by pixel; the tests compare the two.
public struct ClusterGate: Sendable, Hashable, CustomStringConvertible {
    /// The square's side, pixels (>= 1).
    public let window: Int
    /// Differing pixels in one square that fail the frame (>= 1).
    public let pixels: Int

    public init(window: Int, pixels: Int) {
        precondition(window >= 1 && pixels >= 1, "a cluster gate needs a window and a pixel count of at least 1")
        self.window = window
        self.pixels = pixels
    }

    /// The densest square: its differing pixels and its top-left corner (the first in row order on ties).
    public struct Densest: Sendable, Equatable {
        public var count: Int
        public var x: Int
        public var y: Int
    }

    public func densest(in map: DifferenceMap) -> Densest {
        let w = map.width, h = map.height
        let ww = min(window, w), wh = min(window, h)
        let stride = w + 1
        // table[(y + 1) * stride + (x + 1)] = differing pixels in rows 0...y, columns 0...x.
        var table = [Int32](repeating: 0, count: stride * (h + 1))
        for y in 0..<h {
            var row: Int32 = 0
            for x in 0..<w {
                row += Int32(map.bits[y * w + x])
                table[(y + 1) * stride + x + 1] = table[y * stride + x + 1] + row
            }
        }
        var best = Densest(count: 0, x: 0, y: 0)
        for y in 0...(h - wh) {
            for x in 0...(w - ww) {
                let n = table[(y + wh) * stride + x + ww] - table[y * stride + x + ww]
                    - table[(y + wh) * stride + x] + table[y * stride + x]
                if Int(n) > best.count { best = Densest(count: Int(n), x: x, y: y) }
            }
        }
        return best
    }

    /// The densest square when it fails the gate, nil when the frame passes.
    public func failure(in map: DifferenceMap) -> Densest? {
        let d = densest(in: map)
        return d.count >= pixels ? d : nil
    }

    public var description: String { "fewer than \(pixels) different pixels in any \(window)x\(window) square" }
}

/// One byte per pixel, 1 where the comparison counted the pixel as different.
public struct DifferenceMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let bits: [UInt8]

    public init(width: Int, height: Int, bits: [UInt8]) {
        precondition(width > 0 && height > 0 && bits.count == width * height)
        self.width = width
        self.height = height
        self.bits = bits
    }

    /// The pixels a comparison's diff image marks as different (`DiffColor.different`, pure red). No other
    /// mark is pure red: unchanged pixels are grey (r = g = b), anti-aliasing yellow, masked pixels blue-tinted.
    /// So the map holds exactly the pixels the comparison counted, without a second pass of the kernel.
    public init(diff: RGBAImage) {
        let (r, g, b, a) = DiffColor.different
        var bits = [UInt8](repeating: 0, count: diff.width * diff.height)
        diff.pixels.withUnsafeBufferPointer { p in
            for i in 0..<bits.count where p[4 * i] == r && p[4 * i + 1] == g && p[4 * i + 2] == b && p[4 * i + 3] == a {
                bits[i] = 1
            }
        }
        self.init(width: diff.width, height: diff.height, bits: bits)
    }

    public var count: Int { bits.reduce(0) { $0 + Int($1) } }
}
