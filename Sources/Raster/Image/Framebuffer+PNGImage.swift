extension Framebuffer {
    /// A decoded PNG as premultiplied pixels in `space`, converted once: each 16-bit sample v is taken as the
    /// sRGB-encoded value v / 65535 with straight alpha (8-bit sources were scaled by 257, so b / 255 exactly),
    /// then premultiplied in `space` as `BlendSpace.premultiply` does a straight sRGB color.
    ///
    /// Colour management: the samples are read as sRGB whatever the file says. Its gAMA, cHRM, sRGB and iCCP
    /// chunks are not applied (libpng is asked for no gamma transform), so a file tagged with another profile
    /// shows its stored values as if they were sRGB, as an untagged web image does. docs/scene-format.md says so.
    ///
    /// Linear blending goes through a table of the 65,536 possible samples (`srgbToLinear`, DMath's `pow`), so
    /// the conversion costs a table lookup per sample, not a `pow`.
    public init(image: PNGImage, space: BlendSpace) {
        self.init(width: image.width, height: image.height, space: space)
        let table: [Float]? = space == .linear ? (0...65535).map { srgbToLinear(Float($0) / 65535) } : nil
        image.samples.withUnsafeBufferPointer { s in
            withUnsafeMutablePixels { px in
                for i in 0..<px.count {
                    let r = Int(s[4 * i]), g = Int(s[4 * i + 1]), b = Int(s[4 * i + 2])
                    let a = Float(s[4 * i + 3]) / 65535
                    let rgb: SIMD3<Float> = table.map { SIMD3($0[r], $0[g], $0[b]) }
                        ?? SIMD3(Float(r), Float(g), Float(b)) / 65535
                    px[i] = SIMD4(rgb * a, a)
                }
            }
        }
    }
}
