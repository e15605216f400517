import Raster

/// A color glyph (an emoji from a color bitmap face such as Noto Color Emoji) scaled to the label size: straight
/// sRGB colors with alpha, placed `left` pixels right of the pen and `top` pixels above the baseline.
///
/// Color glyphs are images, not coverage: they are drawn in their own colors, after the label's vibrancy pass
/// and exempt from it (a tinted emoji would no longer be the emoji; Apple's vibrancy leaves color emoji alone
/// too). Scaling from the face's bitmap strike (109 px per em for Noto Color Emoji) is an exact area average
/// of premultiplied pixels (a box filter whose footprint is the output pixel), so edges stay anti-aliased
/// without fringes.
public struct ColorGlyph: Sendable {
    public var width: Int
    public var rows: Int
    public var left: Int
    public var top: Int
    /// Row-major straight sRGB colors.
    public var pixels: [Color]

    static let empty = ColorGlyph(width: 0, rows: 0, left: 0, top: 0, pixels: [])

    /// Scales a premultiplied BGRA bitmap (FreeType's color format) by `k` (< 1 shrinks), area-averaging.
    static func scaled(bgra: [UInt8], width: Int, rows: Int, pitch: Int, left: Int, top: Int, by k: Float) -> ColorGlyph {
        let w = max(1, Int((Float(width) * k).rounded(.up))), h = max(1, Int((Float(rows) * k).rounded(.up)))
        // Premultiplied RGBA of the source, then two separable area-averaging passes.
        var src = [SIMD4<Float>](repeating: .zero, count: width * rows)
        for y in 0..<rows {
            for x in 0..<width {
                let o = y * pitch + x * 4
                src[y * width + x] = SIMD4(Float(bgra[o + 2]), Float(bgra[o + 1]), Float(bgra[o]), Float(bgra[o + 3])) / 255
            }
        }
        let columns = resample(src, count: width, lines: rows, stride: 1, lineStride: width, to: w, k: k)
        let scaled = resample(columns, count: rows, lines: w, stride: w, lineStride: 1, to: h, k: k)
        let pixels = scaled.map { p -> Color in
            p.w > 0 ? Color(red: min(1, p.x / p.w), green: min(1, p.y / p.w), blue: min(1, p.z / p.w), alpha: min(1, p.w))
                    : Color(red: 0, green: 0, blue: 0, alpha: 0)
        }
        return ColorGlyph(width: w, rows: h, left: Int((Float(left) * k).rounded()), top: Int((Float(top) * k).rounded()), pixels: pixels)
    }

    /// Area-averages `lines` lines of `count` samples (sample i of line l at l * lineStride + i * stride) to `n`
    /// samples each; output sample j covers source [j / k, (j + 1) / k). Output is laid out like the input with
    /// `n` in place of `count` (row-major, width-first for the first pass).
    private static func resample(_ src: [SIMD4<Float>], count: Int, lines: Int, stride: Int, lineStride: Int, to n: Int,
                                 k: Float) -> [SIMD4<Float>] {
        var out = [SIMD4<Float>](repeating: .zero, count: n * lines)
        let outStride = stride == 1 ? 1 : lines, outLine = stride == 1 ? n : 1
        for l in 0..<lines {
            for j in 0..<n {
                let a = Float(j) / k, b = Float(j + 1) / k
                var sum = SIMD4<Float>.zero
                var i = Int(a)
                while i < count && Float(i) < b {
                    let overlap = min(b, Float(i + 1)) - max(a, Float(i))
                    if overlap > 0 { sum += src[l * lineStride + i * stride] * overlap }
                    i += 1
                }
                out[l * outLine + j * outStride] = sum * k
            }
        }
        return out
    }
}

/// Color glyphs placed on the canvas, composited source-over in the frame's blend space.
public struct ColorGlyphImage: Sendable {
    public var glyph: ColorGlyph
    public var originX: Int
    public var originY: Int

    /// Draws the glyph over the frame at `opacity` (a fading label's); pixels outside the frame are skipped.
    public func draw(into frame: inout Framebuffer, opacity: Float = 1) {
        let space = frame.space
        for row in 0..<glyph.rows {
            let y = originY + row
            guard y >= 0 && y < frame.height else { continue }
            for col in 0..<glyph.width {
                let x = originX + col
                guard x >= 0 && x < frame.width else { continue }
                let c = glyph.pixels[row * glyph.width + col]
                guard c.alpha > 0 else { continue }
                frame[x, y] = sourceOver(frame[x, y], space.premultiply(c) * opacity)
            }
        }
    }
}
