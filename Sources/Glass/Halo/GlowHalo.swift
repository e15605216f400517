import Raster

/// The glow halo: the plane's color as light scattered inside the glass, so that ambient color bleeds through
/// the material ("Ambient colors from PlaneScene bleed through blur, tinting the frosted surface"; "Color is
/// light that bleeds through material"; "Tint bleeds, never paints").
///
/// A surface's own blur averages the glowing dots with the empty plane between them, so a bloom of faint tinted
/// dots moved an ultraThin panel's mean color by under one level: the hue is there but diluted below what the
/// eye notices. The halo lifts that diluted hue to visibility and no further, as a diffuser in front of LEDs
/// shows their color over a wider area but never more saturated than the LEDs themselves:
///
/// 1. The plane is averaged over cells of `cellPoints` and blurred by a Gaussian of `sigmaPoints` (a field much
///    wider than any panel's own blur). Its departure from what lies under the glass, less its part along the
///    neutral axis, is the diluted chroma c: it tints without brightening or darkening. Over a backdrop image
///    the neutral is gray (a color less its channels' mean: white gives none, where the plane's bluish background
///    token as neutral made a white screen "yellow"); over the bare plane it is the axis from the background to
///    the ink, so an empty plane or one of untinted dots gives exactly none.
/// 2. The light is c's hue at strength (1 - |c| / m) x min(`limit` x g|c| / (`limit` + g|c|), m), g = `gain`,
///    where m is the chroma magnitude of the most saturated 2 x 2 block of pixels within the field's reach (the
///    field is an average of those blocks, so |c| <= m; a block is at most as saturated as its pixels). Reinhard's tone curve lifts faint color linearly (g|c|) and never
///    above `limit`, however colored the plane is; m keeps it below the color it came from; and 1 - |c| / m is
///    the dilution the halo makes up: a bloom of faint dots, whose field holds a hundredth of their own chroma,
///    gets the whole lift, and a solid colored area, where the field already carries the source's full chroma
///    (a diffuser over a uniform color shows that color, nothing more), gets none.
///
/// A surface adds this light times its translucency t (frosted: what its fills let through; liquid: 1 - wash),
/// so the bound a surface sees is t x (1 - |c| / m) x min(g|c|, `limit`, m) (tested over random backdrops).
/// Over a faint bloom that is the 4-6 levels that make the bloom read; over opaque colored dots covering a third
/// of the plane, where the surface's own blur already shows the color, at most two thirds of `limit` x t.
/// Opaque surfaces and the web and Android tiers (CSS and RenderEffect have no halo) get none.
///
/// Color space: the plane's blend space. Deterministic: each cell is averaged by one worker, the blur is the
/// library's (`GaussianBlur`), maxima do not depend on order, and sampling is bilinear at fixed positions.
///
/// Region: with `reading`, only the cells that points of those pixel rectangles read (and the cells their
/// blur reads) are computed; `light(at:)` there equals the whole plane's halo bit for bit (the blur's sums are
/// per cell, the same operations in the same order whatever region is asked for), and elsewhere it is 0. On the
/// showcase the glass covers the top and bottom eighths of the frame, and averaging the whole plane into cells
/// (one read of a 47 MB float frame) would spend most of the pass on cells nothing reads.
///
/// Fill: with `fill` (what the plane is made of: its background outside the dots' boxes), the cell pass reads
/// only the pixels near a box and takes the others as the background they hold: the same bits (see `Cells`).
///
/// Kept cells: with `reusing`, the cells of an earlier halo (`cells`) and where the plane may differ from the
/// one they were made over (per band of rows, column spans), the cells none of whose pixels changed are taken
/// as they are and only the others computed (see `Cells`): the same bits as computing all of them.
public struct GlowHalo: Sendable {
    /// Pixels per cell.
    public let cell: Int
    /// How far the light at a pixel reads the plane, in pixels along each axis: its bilinear pair of cells lies
    /// in the cell under it and the next, the field blurs and the peak dilates over the blur's reach in cells,
    /// and a cell averages its own pixels: (blur reach + 2) cells.
    public let reach: Int
    let width: Int, height: Int
    /// The light per cell at full translucency (alpha 0), row-major: the bounded chroma of step 2 and 3; zero
    /// outside `exact`.
    let chroma: [SIMD4<Float>]
    /// The rectangles of cells that hold the whole plane's values.
    let exact: [PixelRect]
    /// The plane's cells this halo was made from, to be kept for the next frame's (`init(reusing:)`).
    public let cells: Cells

    /// `bare`: the plane's background and ink when no backdrop image lies under it (the neutral axis from one to
    /// the other); nil: gray.
    public init(plane: Framebuffer, bare: (background: Color, ink: Color)? = nil, scale: Float, workers: Workers = .single,
                reading regions: [PixelRect]? = nil, reusing kept: (cells: Cells, changed: [[Range<Int>]], band: Int)? = nil,
                fill: PlaneFill? = nil,
                cellPoints: Float = GlassDefaults.Halo.cellPoints, sigmaPoints: Float = GlassDefaults.Halo.sigmaPoints,
                gain: Float = GlassDefaults.Halo.gain, limit: Float = GlassDefaults.Halo.limit) {
        let cell = max(1, Int((cellPoints * scale).rounded()))
        let gw = (plane.width + cell - 1) / cell, gh = (plane.height + cell - 1) / cell
        let grid = PixelRect(x: 0, y: 0, width: gw, height: gh)
        let blur = GaussianBlur(sigma: sigmaPoints / cellPoints)
        let exact = regions.map { $0.map { Self.cells(under: $0, cell: cell, grid: grid) }.filter { !$0.isEmpty } } ?? [grid]
        // Each row of cells is averaged over the columns the blur reads for some rectangle (their hull): the
        // blur sees `reach` cells around its output, and its mirrored reads beyond the grid's edges land inside
        // that reach too. The peak chroma is dilated over the same reach, so it reads the same cells.
        var spans = [Range<Int>](repeating: 0..<0, count: gh)
        for r in exact {
            let seen = r.expanded(by: blur.reach).intersection(grid)
            for j in seen.rows {
                spans[j] = spans[j].isEmpty ? seen.columns
                    : min(spans[j].lowerBound, seen.x)..<max(spans[j].upperBound, seen.maxX)
            }
        }
        let neutral = bare.map { Neutral(space: plane.space, background: $0.background, ink: $0.ink) } ?? Neutral()
        let b = neutral.background
        // The cells kept from an earlier frame where none of their pixels changed since, the others computed.
        var cells: Cells
        if let kept, kept.cells.fit(plane, cell: cell, neutral: neutral) {
            cells = kept.cells
            cells.invalidate(kept.changed, band: kept.band)
        } else {
            cells = Cells(plane: plane, cell: cell, neutral: neutral)
        }
        cells.compute(cells.missing(in: spans), of: plane, neutral: neutral, workers: workers, fill: fill)
        let small = cells.small, peak = cells.peak
        var light = [SIMD4<Float>](repeating: .zero, count: gw * gh)
        for r in exact {
            // One worker: the grid is small (a few thousand cells, 40 us a region), and its three passes on two
            // workers were three joins, each waking the other worker (about 35 us on this machine) for microseconds of work.
            let blurred = blur.apply(small, region: r, backdrop: grid, workers: .single)
            let source = Self.dilate(peak, width: gw, height: gh, over: r, reach: blur.reach)
            for y in 0..<r.height {
                for x in 0..<r.width {
                    var d = blurred[y * r.width + x] - b
                    d.w = 0
                    let c = neutral.chroma(d)
                    let size = (c * c).sum().squareRoot()
                    guard size > 0 else { continue }
                    // m >= |c|: the field is an average of the pixels it gathered, so its chroma is at most theirs.
                    let m = max(source[y * r.width + x].squareRoot(), size)
                    let lifted = gain * size
                    let strength = min(limit * lifted / (limit + lifted), m) * (1 - size / m)
                    light[(r.y + y) * gw + r.x + x] = c * (strength / size)
                }
            }
        }
        (self.cell, width, height, self.chroma, self.exact, self.cells) = (cell, gw, gh, light, exact, cells)
        reach = Self.reach(scale: scale, cellPoints: cellPoints, sigmaPoints: sigmaPoints)
    }

    /// The `reach` of a halo made at `scale`, known before it is computed: glass that keeps a panel between
    /// frames (the compositor's reuse) takes the panel's light as unchanged where no plane pixel within this
    /// distance changed.
    public static func reach(scale: Float, cellPoints: Float = GlassDefaults.Halo.cellPoints,
                             sigmaPoints: Float = GlassDefaults.Halo.sigmaPoints) -> Int {
        let cell = max(1, Int((cellPoints * scale).rounded()))
        return (GaussianBlur(sigma: sigmaPoints / cellPoints).reach + 2) * cell
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
    /// translucency x the cells' bounded light, bilinear between cell centers.
    @inline(__always)
    public func light(at p: Point, translucency: Float) -> SIMD4<Float> {
        chroma.withUnsafeBufferPointer { lookup.light($0, at: p, translucency: translucency) }
    }

    /// The halo's scalars, for kernels that read `chroma` through a pointer of their own.
    var lookup: Lookup { Lookup(cell: cell, width: width, height: height) }

    struct Lookup: Sendable {
        let cell: Int, width: Int, height: Int

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
            return ((a * (1 - x.t) + b * x.t) * (1 - y.t) + (c * (1 - x.t) + d * x.t) * y.t) * translucency
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
