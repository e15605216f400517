import Raster

/// The glow halo: the plane's color as light scattered inside the glass, so that ambient color bleeds through
/// the material ("Ambient colors from PlaneScene bleed through blur, tinting the frosted surface"; "Color is
/// light that bleeds through material").
///
/// A surface's own blur averages the glowing dots with the empty plane between them, so a bloom of tinted dots
/// moved an ultraThin panel's mean color by under one level. The halo treats the dots as light sources whose
/// light spreads far in the material: the plane is averaged over cells of `cellPoints`, blurred by a Gaussian of
/// `sigmaPoints` (a field much wider than any panel's own blur), and the chroma of its departure from the
/// plane's own background is added to a surface, scaled by `gain` times the surface's translucency. Chroma is
/// measured against the plane's neutral axis, the line from its background to its ink (the untinted dots'
/// color): the departure d minus the multiple of (ink - background) with the same mean of the three channels,
/// so it tints without brightening or darkening. An empty plane, or one of untinted dots, gives no halo at all
/// (against gray instead, the bluish systemGroupedBackground turned every light panel violet and plain dots
/// warmed it by a level); as a color wave fades, its halo fades with it.
///
/// Color space: the plane's blend space. Deterministic: each cell is averaged by one worker, the blur is the
/// library's (`GaussianBlur`), and sampling is bilinear at fixed positions.
///
/// Region: with `reading`, only the cells that points of those pixel rectangles read (and the cells their
/// blur reads) are computed; `light(at:)` there equals the whole plane's halo bit for bit (the blur's sums are
/// per cell, the same operations in the same order whatever region is asked for), and elsewhere it is 0. On the
/// showcase the glass covers the top and bottom eighths of the frame, and averaging the whole plane into cells
/// (one read of a 47 MB float frame) was 1.7 ms of a frame's CPU for cells nothing reads.
public struct GlowHalo: Sendable {
    /// Pixels per cell.
    public let cell: Int
    let width: Int, height: Int
    /// Chroma per cell (alpha 0), row-major; zero outside `exact`.
    let chroma: [SIMD4<Float>]
    /// Chroma is multiplied by this and by the surface's translucency.
    public let gain: Float
    /// The rectangles of cells that hold the whole plane's values.
    let exact: [PixelRect]

    public init(plane: Framebuffer, background: Color, ink: Color, scale: Float, workers: Workers = .single,
                reading regions: [PixelRect]? = nil,
                cellPoints: Float = GlassDefaults.Halo.cellPoints, sigmaPoints: Float = GlassDefaults.Halo.sigmaPoints,
                gain: Float = GlassDefaults.Halo.gain) {
        let cell = max(1, Int((cellPoints * scale).rounded()))
        let gw = (plane.width + cell - 1) / cell, gh = (plane.height + cell - 1) / cell
        let grid = PixelRect(x: 0, y: 0, width: gw, height: gh)
        let blur = GaussianBlur(sigma: sigmaPoints / cellPoints)
        let exact = regions.map { $0.map { Self.cells(under: $0, cell: cell, grid: grid) }.filter { !$0.isEmpty } } ?? [grid]
        // Each row of cells is averaged over the columns the blur reads for some rectangle (their hull): the
        // blur sees `reach` cells around its output, and its mirrored reads beyond the grid's edges land inside
        // that reach too.
        var spans = [Range<Int>](repeating: 0..<0, count: gh)
        for r in exact {
            let seen = PixelRect(x: r.x - blur.reach, y: r.y - blur.reach, width: r.width + 2 * blur.reach,
                                 height: r.height + 2 * blur.reach).intersection(grid)
            for j in seen.rows {
                spans[j] = spans[j].isEmpty ? seen.columns
                    : min(spans[j].lowerBound, seen.x)..<max(spans[j].upperBound, seen.maxX)
            }
        }
        var small = Framebuffer(width: gw, height: gh, space: plane.space)
        small.withUnsafeMutablePixels { out in
            plane.withUnsafePixels { px in
                spans.withUnsafeBufferPointer { spans in
                // Two rows of cells a band: 16 made 7 bands of a 1170 x 2532 frame's 106 rows, 4 on one worker.
                workers.forEachBand(gh, bandSize: 2) { band in
                    // A row of cells summed row of pixels by row of pixels: each cell still adds its pixels row by
                    // row, left to right (the same sums), but the frame is read as whole rows in order and the
                    // cells' running sums are independent chains the processor overlaps. Cell by cell, one long
                    // chain of dependent adds and a jump of a frame row every 24 pixels cost 5 ms a frame.
                    let sums = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: gw)
                    defer { sums.deallocate() }
                    for j in band {
                        let cells = spans[j]
                        guard !cells.isEmpty else { continue }
                        sums.initialize(repeating: .zero, count: gw)
                        let ys = (j * cell)..<min((j + 1) * cell, plane.height)
                        for y in ys {
                            let row = px.baseAddress! + y * plane.width
                            for i in cells {
                                var sum = sums[i]
                                for x in (i * cell)..<min((i + 1) * cell, plane.width) { sum += row[x] }
                                sums[i] = sum
                            }
                        }
                        for i in cells {
                            let n = (min((i + 1) * cell, plane.width) - i * cell) * ys.count
                            out[j * gw + i] = sums[i] / Float(n)
                        }
                    }
                }
                }
            }
        }
        let b = plane.space.premultiply(background.withAlpha(1))
        var axis = plane.space.premultiply(ink.withAlpha(1)) - b
        axis.w = 0
        // An ink as bright as the background leaves no axis to measure along: gray is the neutral then.
        if abs(axis.x + axis.y + axis.z) < 1e-3 { axis = SIMD4(1, 1, 1, 0) }
        let axisMean = (axis.x + axis.y + axis.z) / 3
        var chroma = [SIMD4<Float>](repeating: .zero, count: gw * gh)
        for r in exact {
            let blurred = blur.apply(small, region: r, backdrop: grid, workers: workers)
            for y in 0..<r.height {
                for x in 0..<r.width {
                    var d = blurred[y * r.width + x] - b
                    d.w = 0
                    chroma[(r.y + y) * gw + r.x + x] = d - axis * ((d.x + d.y + d.z) / 3 / axisMean)
                }
            }
        }
        (self.cell, width, height, self.gain, self.chroma, self.exact) = (cell, gw, gh, gain, chroma, exact)
    }

    /// The cells that `light(at:)` reads for the pixels of `r`: the cells under it and one more on every side
    /// (the bilinear pair of a pixel center lies in the cell under it and its neighbour), within `grid`.
    static func cells(under r: PixelRect, cell: Int, grid: PixelRect) -> PixelRect {
        guard !r.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = r.x / cell - 1, y0 = r.y / cell - 1, x1 = (r.maxX - 1) / cell + 1, y1 = (r.maxY - 1) / cell + 1
        return PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1).intersection(grid)
    }

    /// Whether `light(at:)` equals the whole plane's halo at every pixel center of `r` (pixels).
    public func isExact(over r: PixelRect) -> Bool {
        let needed = Self.cells(under: r, cell: cell, grid: PixelRect(x: 0, y: 0, width: width, height: height))
        return needed.isEmpty || exact.contains { $0.contains(needed) }
    }

    /// The light added at a point of the frame (pixels) for a surface of the given translucency (0...1):
    /// gain x translucency x the chroma there, bilinear between cell centers.
    @inline(__always)
    public func light(at p: Point, translucency: Float) -> SIMD4<Float> {
        chroma.withUnsafeBufferPointer { lookup.light($0, at: p, translucency: translucency) }
    }

    /// The halo's scalars, for kernels that read `chroma` through a pointer of their own.
    var lookup: Lookup { Lookup(cell: cell, width: width, height: height, gain: gain) }

    struct Lookup: Sendable {
        let cell: Int, width: Int, height: Int, gain: Float

        /// Where a coordinate (pixels) falls between cell centers along one axis of `count` cells: the two cells
        /// and the weight of the second. A row's pixels share their `y` axis and a column's their `x` axis, so
        /// kernels compute these once per row and per column.
        struct Axis {
            let i0: Int, i1: Int, t: Float
        }

        @inline(__always)
        func axis(_ v: Float, count: Int) -> Axis {
            let f = min(max(v / Float(cell) - 0.5, 0), Float(count - 1))
            let i = min(Int(f), max(count - 2, 0))
            return Axis(i0: i, i1: min(i + 1, count - 1), t: f - Float(i))
        }

        /// `light(at:translucency:)` with the chroma given.
        @inline(__always)
        func light(_ chroma: UnsafeBufferPointer<SIMD4<Float>>, at p: Point, translucency: Float) -> SIMD4<Float> {
            light(chroma, x: axis(p.x, count: width), y: axis(p.y, count: height), translucency: translucency)
        }

        /// The light where the column and row axes are `x` and `y`.
        @inline(__always)
        func light(_ chroma: UnsafeBufferPointer<SIMD4<Float>>, x: Axis, y: Axis, translucency: Float) -> SIMD4<Float> {
            let a = chroma[y.i0 * width + x.i0], b = chroma[y.i0 * width + x.i1]
            let c = chroma[y.i1 * width + x.i0], d = chroma[y.i1 * width + x.i1]
            return ((a * (1 - x.t) + b * x.t) * (1 - y.t) + (c * (1 - x.t) + d * x.t) * y.t) * (gain * translucency)
        }
    }

    /// Adds the halo's light to an opaque premultiplied pixel, keeping its hue: where a channel would pass 1
    /// (pink light on a white panel), all three are lowered together, so the chroma shows in full instead of
    /// being clipped away (clipping kept half of it on white).
    @inline(__always)
    public static func add(_ light: SIMD4<Float>, to v: SIMD4<Float>) -> SIMD4<Float> {
        var r = v + light
        let over = max(0, max(r.x, r.y, r.z) - v.w)
        r -= SIMD4(over, over, over, 0)
        return SIMD4(max(r.x, 0), max(r.y, 0), max(r.z, 0), v.w)
    }
}
