import Raster

/// What a Liquid Glass drawing computed that a tilt does not change, kept so that a new tilt of the same frame
/// lights it again without drawing it again: per chunk of eight pixels of a row (as the lane kernel draws them),
/// the color the glass shows before its light (`MixLanes.body`: the lens, the blur, veil, tint, glow and halo),
/// the coverage, and the light's per-pixel inputs (the position along the diagonal, the surface normal of a
/// lensed chunk, the press's shimmer).
///
/// Why this split is exact: the tilt moves only the light (`Specular.Lighting`: the light's direction and the
/// band's center, docs/liquid-glass.md); every other input of a drawing (the plane, the shape, the materials, the
/// halo, the press) is the frame's. The kernel's last steps are the light (`specular8`, `reflection8`), laid over
/// the body (`MixLanes.finish`) and the coverage blend (`LiquidGlass.blend`); `relight` runs those same functions
/// on the kept values, so its pixels are the kernel's bit for bit (`LiquidBodyTests` compares them with drawings
/// made from nothing, over several tilts, tiers and appearances).
///
/// Memory: 272 bytes a chunk (34 a pixel) over the drawn pixels' rows: 267 bytes of values, padded to the lanes'
/// 16-byte alignment (`MemoryLayout<Chunk>.stride`, which the store's declared bound holds: `LiquidBodyTests`).
public struct LiquidBody: Sendable {
    /// The kept values of eight pixels from (x, y); `count` 0 when none was covered (nothing drawn there).
    struct Chunk {
        var body: ColorPlanes
        var cov: SIMD8<Float>, u: SIMD8<Float>, shimmer: SIMD8<Float>
        var normalX: SIMD8<Float>, normalY: SIMD8<Float>
        var x: Int32, y: Int32, count: Int16
        /// Whether the chunk has a lensed pixel: only then does the kernel mirror the edge.
        var lensed: Bool

        static let empty = Chunk(body: ColorPlanes(r: .zero, g: .zero, b: .zero), cov: .zero, u: .zero,
                                 shimmer: .zero, normalX: .zero, normalY: .zero, x: 0, y: 0, count: 0, lensed: false)

        @inline(__always)
        init(body: ColorPlanes, cov: SIMD8<Float>, u: SIMD8<Float>, normal: (x: SIMD8<Float>, y: SIMD8<Float>)?,
             shimmer: SIMD8<Float>, x: Int, y: Int, count: Int) {
            self.init(body: body, cov: cov, u: u, shimmer: shimmer, normalX: normal?.x ?? .zero,
                      normalY: normal?.y ?? .zero, x: Int32(x), y: Int32(y), count: Int16(count), lensed: normal != nil)
        }

        private init(body: ColorPlanes, cov: SIMD8<Float>, u: SIMD8<Float>, shimmer: SIMD8<Float>,
                     normalX: SIMD8<Float>, normalY: SIMD8<Float>, x: Int32, y: Int32, count: Int16, lensed: Bool) {
            (self.body, self.cov, self.u, self.shimmer) = (body, cov, u, shimmer)
            (self.normalX, self.normalY, self.x, self.y, self.count, self.lensed) = (normalX, normalY, x, y, count, lensed)
        }
    }

    /// The drawn pixels: `chunksPerRow` chunks for each row of `rows`, row after row.
    let columns: Range<Int>, rows: Range<Int>
    let chunksPerRow: Int
    var chunks: [Chunk]

    /// Room for a drawing over `columns` x `rows`, every chunk empty until the kernel writes it.
    init(columns: Range<Int>, rows: Range<Int>) {
        (self.columns, self.rows) = (columns, rows)
        chunksPerRow = (columns.count + 7) / 8
        chunks = [Chunk](repeating: .empty, count: chunksPerRow * rows.count)
    }

    /// The pixels of the rows it keeps, for the store's bound.
    public var pixelCount: Int { chunksPerRow * 8 * rows.count }

    /// Draws the kept drawing into `frame` lit by `lighting`: the same pixels the kernel draws for the frame's
    /// drawing lit so, over what the frame holds under it (the plane and the drawings before it, as for the
    /// kernel). Rows in bands of 4 handed out in turn, as the kernel's; each pixel is written by one worker.
    func relight(_ lighting: Specular.Lighting, into frame: inout Framebuffer, workers: Workers) {
        let (perRow, w) = (chunksPerRow, frame.width)
        chunks.withUnsafeBufferPointer { chunks in
            frame.withUnsafeMutablePixels { out in
                workers.forEachBand(rows.count, bandSize: 4) { band in
                    for row in band {
                        for c in chunks[(row * perRow)..<((row + 1) * perRow)] where c.count > 0 {
                            let normal = c.lensed ? (x: c.normalX, y: c.normalY) : nil
                            let spec = lighting.specular8(u: c.u, shimmer: c.shimmer)
                            let mirror = normal.map { lighting.reflection8(normalX: $0.x, normalY: $0.y) } ?? (.zero, .zero)
                            LiquidGlass.blend(LiquidGlass.MixLanes.finish(c.body, reflection: mirror, spec: spec), cov: c.cov,
                                              x: Int(c.x), y: Int(c.y), n: Int(c.count), into: out, frameWidth: w)
                        }
                    }
                }
            }
        }
    }
}
