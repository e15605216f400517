import Raster

extension YUVToRGB {
    /// The plain version of `apply`: each pixel from the rule in `YUVToRGB`'s documentation, in Int, over
    /// arrays. Slow and obviously right; `YUVToRGBTests` compares `apply` with it.
    package func reference(yuv: [UInt8], width w: Int, height h: Int) -> [UInt8] {
        let offset = fullRange ? 0 : 16
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let c = (y / 2) * (w / 2) + x / 2
                let yy = Int(cy) * (Int(yuv[y * w + x]) - offset)
                let u = Int(yuv[w * h + c]) - 128, v = Int(yuv[w * h + (w / 2) * (h / 2) + c]) - 128
                func level(_ s: Int) -> UInt8 { UInt8(min(max((s + 32768) >> 16, 0), 255)) }
                out[4 * (y * w + x)] = level(yy + Int(crv) * v)
                out[4 * (y * w + x) + 1] = level(yy - Int(cgu) * u - Int(cgv) * v)
                out[4 * (y * w + x) + 2] = level(yy + Int(cbu) * u)
            }
        }
        return out
    }
}
