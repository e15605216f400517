import Raster

/// The lens window's blur (`Window.blur`, radius `radius`) of a plane's underlay (`PlaneUnderlay`: the still image
/// beneath its dots), whole rows, in bands of `Window.blurBand` rows made when a window first reaches them.
///
/// Why: the blur's sums are exact integers, so a blurred pixel is a function of the plane around it alone
/// (WindowBlur.swift); where no dot lies within the tent's reach (2r), a window's pixel is the underlay's blurred
/// pixel, the same bits. A still image lies under every frame, so its blur is made once, and a window over it is
/// blurred only around the dots' boxes, as over a flat plane (`PlaneFill`).
///
/// A band is blurred from the underlay's rows it reads (2r more each way, clamped at the plane's edges, as the
/// blur clamps them), so it holds the bits of the whole underlay blurred at once.
public struct UnderlayBlur: Sendable {
    public let radius: Int
    public let width: Int, height: Int
    /// Band k: rows k x `Window.blurBand` ..< (k + 1) x `Window.blurBand` (fewer at the end), once blurred.
    private(set) var bands: [Framebuffer?]

    public init(radius: Int, width: Int, height: Int) {
        precondition(radius > 0 && radius <= Window.maxBlurRadius, "blur radius \(radius) is outside 1...\(Window.maxBlurRadius)")
        (self.radius, self.width, self.height) = (radius, width, height)
        bands = Array(repeating: nil, count: (height + Window.blurBand - 1) / Window.blurBand)
    }

    /// The bands that hold any of `rows`.
    func bandRange(_ rows: Range<Int>) -> Range<Int> {
        let lo = max(0, rows.lowerBound), hi = min(height, rows.upperBound)
        guard lo < hi else { return 0..<0 }
        return (lo / Window.blurBand)..<((hi - 1) / Window.blurBand + 1)
    }

    /// Whether every row of `rows` (within the plane) is blurred.
    public func holds(rows: Range<Int>) -> Bool {
        bandRange(rows).allSatisfy { bands[$0] != nil }
    }

    /// The pixels held: for the store's bound.
    public var pixelCount: Int { bands.reduce(0) { $0 + ($1?.pixelCount ?? 0) } }

    /// Blurs the bands of `rows` not yet held from `underlay` (of this plane's size), by `workers`. A cancelled
    /// pass leaves the bands it skipped not held.
    public mutating func blur(rows: Range<Int>, of underlay: PlaneUnderlay, workers: Workers) {
        precondition(underlay.width == width && underlay.height == height, "the underlay is not this plane's size")
        let missing = bandRange(rows).filter { bands[$0] == nil }
        guard !missing.isEmpty else { return }
        var made = [Framebuffer?](repeating: nil, count: missing.count)
        made.withUnsafeMutableBufferPointer { out in
            workers.forEach(missing.count) { k in out[k] = Self.band(missing[k], of: underlay, radius: radius) }
        }
        for (k, band) in zip(missing, made) { bands[k] = band }
    }

    /// Band k of `underlay` blurred with radius r.
    static func band(_ k: Int, of underlay: PlaneUnderlay, radius r: Int) -> Framebuffer {
        let (w, h) = (underlay.width, underlay.height)
        let rows = (k * Window.blurBand)..<min(h, (k + 1) * Window.blurBand)
        let read = max(0, rows.lowerBound - 2 * r)..<min(h, rows.upperBound + 2 * r)
        let source = underlay.rows(read)
        var out = Framebuffer(width: w, height: rows.count, space: source.space)
        out.withUnsafeMutablePixels { dst in
            source.withUnsafePixels { src in
                Window.blur(src, width: w, height: read.count, columns: 0..<w,
                            rows: (rows.lowerBound - read.lowerBound)..<(rows.upperBound - read.lowerBound), radius: r,
                            into: dst.baseAddress!, stride: w)
            }
        }
        return out
    }

    /// Copies the blurred pixels of plane row `row`, columns `columns`, to `to` (`holds` that row).
    @inline(__always)
    func copy(row: Int, columns: Range<Int>, to: UnsafeMutablePointer<SIMD4<Float>>) {
        guard !columns.isEmpty else { return }
        let band = bands[row / Window.blurBand]!
        let y = row % Window.blurBand
        band.withUnsafePixels { src in to.update(from: src.baseAddress! + y * width + columns.lowerBound, count: columns.count) }
    }
}
