import Raster

/// Compares two RGBA images the way pixelmatch 7.2 does: per pixel, the YIQ perceptual distance (`YIQ.delta`,
/// translucent pixels over pixelmatch's background pattern) against a threshold, with optional anti-aliasing
/// detection and masked regions.
///
/// Contract: `expected` and `actual` must have the same size (otherwise `SizeMismatch`, which callers report
/// as a difference). Pixels inside `masks` are not compared. A pixel counts as different when its distance is
/// above `35215 * threshold^2` (at threshold 0: when any of its four bytes changed, alpha included, even where
/// the blended colours agree) and, with `ignoreAntialiasing`, it is not an anti-aliased edge pixel in either
/// image. `diff`, `check` and the golden suite all compare through this one type. Counts and the diff image are the same for any worker count: each band of rows writes its own
/// pixels and its own slot of counts, and the slots are summed in band order.
///
/// Allocations: the counts (one slot per band), the mask map when there are masks, and the diff image when
/// asked for; nothing inside the pixel loop.
public struct Comparison: Sendable, Hashable {
    /// 0...1, pixelmatch's default 0.1: smaller is stricter. See `YIQ` for what the number means.
    public var threshold: Double
    /// Leave out pixels that pixelmatch's detector calls anti-aliasing. Off by default: a renderer's
    /// regressions include shapes moving by a fraction of a pixel, which only show in edge pixels.
    public var ignoreAntialiasing: Bool
    /// Regions (pixels) not compared.
    public var masks: [PixelRect]

    public static let defaultThreshold = 0.1
    /// pixelmatch's fading of the expected image under the marks of the diff image.
    public static let backgroundAlpha = 0.1

    public init(threshold: Double = Comparison.defaultThreshold, ignoreAntialiasing: Bool = false, masks: [PixelRect] = []) {
        precondition((0...1).contains(threshold), "threshold must be in 0...1, got \(threshold)")
        self.threshold = threshold
        self.ignoreAntialiasing = ignoreAntialiasing
        self.masks = masks
    }

    /// The largest squared distance still accepted: `35215 * threshold^2`.
    public var maxDelta: Double { YIQ.maxDelta * threshold * threshold }

    /// Compares `actual` with `expected` and, when `diffImage` is set, draws the diff image: differing pixels
    /// red, ignored anti-aliasing yellow, masked pixels blue-grey, the rest a faded grey copy of `expected`.
    public func apply(expected: RGBAImage, actual: RGBAImage, workers: Workers = .single,
                      diffImage: Bool = false) throws(SizeMismatch) -> ComparisonOutcome {
        guard expected.width == actual.width, expected.height == actual.height else {
            throw SizeMismatch(expected: (expected.width, expected.height), actual: (actual.width, actual.height))
        }
        let w = expected.width, h = expected.height
        let mask = MaskMap(masks, width: w, height: h)
        let bandSize = 16
        let bands = (h + bandSize - 1) / bandSize
        var tallies = [Tally](repeating: Tally(), count: bands)
        var diff = diffImage ? [UInt8](repeating: 0, count: w * h * 4) : []
        let limit = maxDelta, ignoreAA = ignoreAntialiasing

        expected.pixels.withUnsafeBufferPointer { a in
            actual.pixels.withUnsafeBufferPointer { b in
                mask.bits.withUnsafeBufferPointer { m in
                    diff.withUnsafeMutableBufferPointer { out in
                        tallies.withUnsafeMutableBufferPointer { t in
                            let kernel = Kernel(a: PixelView(a, w, h), b: PixelView(b, w, h),
                                                mask: mask.isEmpty ? nil : m, out: diffImage ? out : nil,
                                                maxDelta: limit, ignoreAntialiasing: ignoreAA)
                            workers.forEachBand(h, bandSize: bandSize) { rows in
                                t[rows.lowerBound / bandSize] = kernel.run(rows: rows)
                            }
                        }
                    }
                }
            }
        }
        var total = Tally()
        for t in tallies { total.add(t) }  // in band order
        return ComparisonOutcome(width: w, height: h, tally: total,
                                diff: diffImage ? RGBAImage(width: w, height: h, pixels: diff) : nil)
    }
}

/// Two images of different sizes: a difference, not an error.
public struct SizeMismatch: Error, CustomStringConvertible, Sendable {
    public var expected: (width: Int, height: Int)
    public var actual: (width: Int, height: Int)
    public var description: String {
        "sizes differ: expected \(expected.width)x\(expected.height), actual \(actual.width)x\(actual.height)"
    }
}

/// Pixel counts of one comparison.
public struct ComparisonOutcome: Sendable {
    public var width: Int
    public var height: Int
    /// Pixels above the threshold (not counting ignored anti-aliasing).
    public var differentPixels: Int
    /// Pixels above the threshold that were ignored as anti-aliasing (0 unless `ignoreAntialiasing`).
    public var antialiasedPixels: Int
    /// Pixels whose bytes changed at all, above the threshold or not (masked pixels excluded).
    public var changedPixels: Int
    /// Pixels left out by masks.
    public var maskedPixels: Int
    /// The largest squared distance of any compared pixel (0 ... 35215).
    public var largestDelta: Double
    /// The diff image, when asked for.
    public var diff: RGBAImage?

    init(width: Int, height: Int, tally: Tally, diff: RGBAImage?) {
        self.width = width
        self.height = height
        differentPixels = tally.different
        antialiasedPixels = tally.antialiased
        changedPixels = tally.changed
        maskedPixels = tally.masked
        largestDelta = tally.largest
        self.diff = diff
    }

    public var pixelCount: Int { width * height }
    /// Different pixels over all pixels of the image.
    public var differentRatio: Double { Double(differentPixels) / Double(pixelCount) }
    /// The smallest threshold at which no pixel would differ (ignoring anti-aliasing detection).
    public var largestDifference: Double { YIQ.threshold(ofDelta: largestDelta) }
    /// No compared byte changed.
    public var isIdentical: Bool { changedPixels == 0 }
}

/// Per-band counts; integers, so summing them in band order gives the same total on every run.
struct Tally: Sendable {
    var different = 0
    var antialiased = 0
    var changed = 0
    var masked = 0
    var largest = 0.0

    mutating func add(_ o: Tally) {
        different += o.different
        antialiased += o.antialiased
        changed += o.changed
        masked += o.masked
        largest = max(largest, o.largest)
    }
}

/// The colors of the diff image (pixelmatch's red and yellow, and a blue for masks).
enum DiffColor {
    static let different: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
    static let antialiased: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 0, 255)
    /// A masked pixel: its faded grey, tinted blue.
    @inline(__always) static func masked(_ gray: UInt8) -> (UInt8, UInt8, UInt8, UInt8) {
        (UInt8(Int(gray) * 3 / 4), UInt8(Int(gray) * 7 / 8), 255, 255)
    }
}
