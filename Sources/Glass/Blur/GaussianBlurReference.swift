import Raster

extension GaussianBlur {
    /// The plain scalar reference: direct convolution with the composite kernel (`kernel`), separably, over
    /// the mirror-extended backdrop. Slow (cost grows with sigma) and obviously right; tests compare `apply`
    /// against it.
    package func reference(_ source: Framebuffer, region: PixelRect, backdrop: PixelRect) -> [SIMD4<Float>] {
        let k = kernel, reach = (k.count - 1) / 2
        let bw = backdrop.width, bh = backdrop.height
        // Horizontal: every backdrop row, output columns only.
        var rows = [[SIMD4<Double>]](repeating: [], count: bh)
        for y in 0..<bh {
            var line = [SIMD4<Double>](repeating: .zero, count: region.width)
            for i in 0..<region.width {
                let c = region.x - backdrop.x + i
                var acc = SIMD4<Double>.zero
                for j in -reach...reach {
                    let x = backdrop.x + mirror(c + j, bw)
                    acc += k[j + reach] * SIMD4<Double>(source[x, backdrop.y + y])
                }
                line[i] = acc
            }
            rows[y] = line
        }
        var out = [SIMD4<Float>](repeating: .zero, count: region.width * region.height)
        for jy in 0..<region.height {
            let c = region.y - backdrop.y + jy
            for i in 0..<region.width {
                var acc = SIMD4<Double>.zero
                for j in -reach...reach { acc += k[j + reach] * rows[mirror(c + j, bh)][i] }
                out[jy * region.width + i] = SIMD4<Float>(acc)
            }
        }
        return out
    }
}
