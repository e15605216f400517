extension Framebuffer {
    /// The plain reference of `copyPixels(from:spans:band:workers:)`: pixel by pixel, one thread.
    mutating func copyPixelsReference(from other: Framebuffer, spans: [[Range<Int>]], band: Int) {
        for (k, list) in spans.enumerated() {
            for y in (k * band)..<min(height, (k + 1) * band) {
                for s in list { for x in s { self[x, y] = other[x, y] } }
            }
        }
    }
}
