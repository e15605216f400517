import Raster

extension Window {
    /// The plain definition of the lens window's blur (`init(blurring:columns:rows:radius:workers:)` must equal
    /// it bit for bit, WindowTests): at each pixel, the sum over the (4r + 1)^2 neighbours of the tent's integer
    /// weights (2r + 1 - |dx|)(2r + 1 - |dy|) times the neighbour in fixed point (`fixed`; neighbours past the
    /// plane's edge are its edge pixels), in Int64, then that sum in Float times 1 / ((2r + 1)^4 x 2^bits).
    static func blurReference(_ plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, radius r: Int) -> [SIMD4<Float>] {
        let (W, H) = (plane.width, plane.height)
        guard r > 0 else { return rows.flatMap { y in columns.map { x in plane[x, y] } } }
        let (taps, scale, norm) = fixedPoint(radius: r)
        return rows.flatMap { y in
            columns.map { x in
                var sum = SIMD4<Int64>()
                for dy in (-2 * r)...(2 * r) {
                    for dx in (-2 * r)...(2 * r) {
                        let weight = Int64((taps - abs(dx)) * (taps - abs(dy)))
                        let p = fixed(plane[min(max(x + dx, 0), W - 1), min(max(y + dy, 0), H - 1)], scale: scale)
                        sum &+= SIMD4<Int64>(truncatingIfNeeded: p) &* weight
                    }
                }
                return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sum)) * norm
            }
        }
    }
}
