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
public struct GlowHalo: Sendable {
    /// Pixels per cell.
    public let cell: Int
    let width: Int, height: Int
    /// Chroma per cell (alpha 0), row-major.
    let chroma: [SIMD4<Float>]
    /// Chroma is multiplied by this and by the surface's translucency.
    public let gain: Float

    public init(plane: Framebuffer, background: Color, ink: Color, scale: Float, workers: Workers = .single,
                cellPoints: Float = GlassDefaults.Halo.cellPoints, sigmaPoints: Float = GlassDefaults.Halo.sigmaPoints,
                gain: Float = GlassDefaults.Halo.gain) {
        let cell = max(1, Int((cellPoints * scale).rounded()))
        let gw = (plane.width + cell - 1) / cell, gh = (plane.height + cell - 1) / cell
        var small = Framebuffer(width: gw, height: gh, space: plane.space)
        small.withUnsafeMutablePixels { out in
            plane.withUnsafePixels { px in
                // Two rows of cells a band: 16 made 7 bands of a 1170 x 2532 frame's 106 rows, 4 on one worker.
                workers.forEachBand(gh, bandSize: 2) { band in
                    // A row of cells summed row of pixels by row of pixels: each cell still adds its pixels row by
                    // row, left to right (the same sums), but the frame is read as whole rows in order and the
                    // cells' running sums are independent chains the processor overlaps. Cell by cell, one long
                    // chain of dependent adds and a jump of a frame row every 24 pixels cost 5 ms a frame.
                    let sums = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: gw)
                    defer { sums.deallocate() }
                    for j in band {
                        sums.initialize(repeating: .zero, count: gw)
                        let ys = (j * cell)..<min((j + 1) * cell, plane.height)
                        for y in ys {
                            let row = px.baseAddress! + y * plane.width
                            for i in 0..<gw {
                                var sum = sums[i]
                                for x in (i * cell)..<min((i + 1) * cell, plane.width) { sum += row[x] }
                                sums[i] = sum
                            }
                        }
                        for i in 0..<gw {
                            let n = (min((i + 1) * cell, plane.width) - i * cell) * ys.count
                            out[j * gw + i] = sums[i] / Float(n)
                        }
                    }
                }
            }
        }
        let blurred = GaussianBlur(sigma: sigmaPoints / cellPoints).apply(small, region: PixelRect(small), backdrop: PixelRect(small), workers: workers)
        let b = plane.space.premultiply(background.withAlpha(1))
        var axis = plane.space.premultiply(ink.withAlpha(1)) - b
        axis.w = 0
        // An ink as bright as the background leaves no axis to measure along: gray is the neutral then.
        if abs(axis.x + axis.y + axis.z) < 1e-3 { axis = SIMD4(1, 1, 1, 0) }
        let axisMean = (axis.x + axis.y + axis.z) / 3
        chroma = blurred.map { c in
            var d = c - b
            d.w = 0
            return d - axis * ((d.x + d.y + d.z) / 3 / axisMean)
        }
        (self.cell, width, height, self.gain) = (cell, gw, gh, gain)
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
