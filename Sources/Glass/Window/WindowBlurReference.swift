import Raster

extension Window {
    /// The plain definition of the lens window's blur (`init(blurring:columns:rows:blur:workers:)` must equal it
    /// bit for bit, WindowTests): at each pixel, for each row dy of the kernel's, the sum over its columns dx of the
    /// kernel's integer weight w(dx) times the neighbour in fixed point (`fixed`; neighbours past the plane's edge
    /// are its edge pixels), rounded by the shift; then the sum of those times w(dy), in Float times the norm.
    static func blurReference(_ plane: Framebuffer, columns: Range<Int>, rows: Range<Int>, blur tent: Tent) -> [SIMD4<Float>] {
        let (W, H) = (plane.width, plane.height)
        guard !tent.isNone else { return rows.flatMap { y in columns.map { x in plane[x, y] } } }
        let k = BlurFixedPoint(tent)
        let reach = tent.reach
        return rows.flatMap { y in
            columns.map { x in
                var sum = SIMD4<Int64>()
                for dy in -reach...reach {
                    var across = SIMD4<Int64>()
                    for dx in -reach...reach {
                        let p = fixed(plane[min(max(x + dx, 0), W - 1), min(max(y + dy, 0), H - 1)], scale: k.scale)
                        across &+= SIMD4<Int64>(truncatingIfNeeded: p) &* Int64(tent.weight(dx))
                    }
                    let rounded = (across &+ Int64((1 << k.shift) >> 1)) &>> Int64(k.shift)
                    sum &+= rounded &* Int64(tent.weight(dy))
                }
                return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sum)) * k.norm
            }
        }
    }
}
