import Raster

/// The lens window's blur (`Window.blur`, by `tent`) of a plane's underlay (`PlaneUnderlay`: the still image
/// beneath its dots), whole rows, in bands of `bandRows` rows made when a window first reaches them.
///
/// Why: the blur's sums are exact integers, so a blurred pixel is a function of the plane around it alone
/// (WindowBlur.swift); where no dot lies within the kernel's reach, a window's pixel is the underlay's blurred
/// pixel, the same bits. A still image lies under every frame, so its blur is made once, and a window over it is
/// blurred only around the dots' boxes, as over a flat plane (`PlaneFill`).
///
/// A band is blurred from the underlay's rows it reads (the reach more each way, clamped at the plane's edges,
/// as the blur clamps them), so it holds the bits of the whole underlay blurred at once.
public struct UnderlayBlur: Sendable {
    public let tent: Tent
    public let width: Int, height: Int
    /// Rows of a band: 8 reaches (at least 32), so that the reach's extra rows add at most a quarter.
    public let bandRows: Int
    /// Band k: rows k x `bandRows` ..< (k + 1) x `bandRows` (fewer at the end), once blurred.
    private(set) var bands: [Framebuffer?]

    public init(blur tent: Tent, width: Int, height: Int) {
        precondition(!tent.isNone, "an underlay's blur needs a kernel")
        (self.tent, self.width, self.height) = (tent, width, height)
        bandRows = max(32, 8 * tent.reach)
        bands = Array(repeating: nil, count: (height + bandRows - 1) / bandRows)
    }

    /// The bands that hold any of `rows`.
    func bandRange(_ rows: Range<Int>) -> Range<Int> {
        let lo = max(0, rows.lowerBound), hi = min(height, rows.upperBound)
        guard lo < hi else { return 0..<0 }
        return (lo / bandRows)..<((hi - 1) / bandRows + 1)
    }

    /// Whether every row of `rows` (within the plane) is blurred.
    public func holds(rows: Range<Int>) -> Bool {
        bandRange(rows).allSatisfy { bands[$0] != nil }
    }

    /// The pixels held: for the store's bound.
    public var pixelCount: Int { bands.reduce(0) { $0 + ($1?.pixelCount ?? 0) } }

    /// Blurs the bands of `rows` not yet held from `underlay` (of this plane's size), one after another, each by
    /// `workers`. A cancelled pass leaves the bands it skipped not held.
    public mutating func blur(rows: Range<Int>, of underlay: PlaneUnderlay, workers: Workers) {
        precondition(underlay.width == width && underlay.height == height, "the underlay is not this plane's size")
        for k in bandRange(rows) where bands[k] == nil && !workers.isCancelled {
            let band = band(k, of: underlay, workers: workers)
            if !workers.isCancelled { bands[k] = band }
        }
    }

    /// Band k of `underlay` blurred.
    func band(_ k: Int, of underlay: PlaneUnderlay, workers: Workers) -> Framebuffer {
        let (w, h, reach) = (underlay.width, underlay.height, tent.reach)
        let rows = (k * bandRows)..<min(h, (k + 1) * bandRows)
        let read = max(0, rows.lowerBound - reach)..<min(h, rows.upperBound + reach)
        let source = underlay.rows(read)
        var out = Framebuffer(width: w, height: rows.count, space: source.space)
        out.withUnsafeMutablePixels { dst in
            source.withUnsafePixels { src in
                Window.blur(src, width: w, height: read.count, columns: 0..<w,
                            rows: (rows.lowerBound - read.lowerBound)..<(rows.upperBound - read.lowerBound), tent: tent,
                            into: dst.baseAddress!, stride: w, workers: workers)
            }
        }
        return out
    }

    /// Copies the blurred pixels of plane row `row`, columns `columns`, to `to` (`holds` that row).
    @inline(__always)
    func copy(row: Int, columns: Range<Int>, to: UnsafeMutablePointer<SIMD4<Float>>) {
        guard !columns.isEmpty else { return }
        let band = bands[row / bandRows]!
        let y = row % bandRows
        band.withUnsafePixels { src in to.update(from: src.baseAddress! + y * width + columns.lowerBound, count: columns.count) }
    }
}
