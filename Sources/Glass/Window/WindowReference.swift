import Raster

extension Window {
    /// The plain box pass that `boxBlur` must equal bit for bit (WindowTests): each row or column copied out,
    /// then filtered by the running sum over the copy, the same operations in the same order.
    mutating func boxBlurReference(radius r: Int, horizontal: Bool) {
        let norm = 1 / Float(2 * r + 1)
        let (lines, length, w) = horizontal ? (height, width, width) : (width, height, width)
        var values = pixels.withUnsafeBufferPointer { Array($0) }
        for l in 0..<lines {
            let index = { (i: Int) in horizontal ? l * w + i : i * w + l }
            let line = (0..<length).map { values[index($0)] }
            var sum = SIMD4<Float>.zero
            for k in -r...r { sum += line[min(max(k, 0), length - 1)] }
            for i in 0..<length {
                values[index(i)] = sum * norm
                sum += line[min(i + r + 1, length - 1)] - line[max(i - r, 0)]
            }
        }
        pixels = WindowPixels(values)
    }
}
