import CSVG
import Raster

/// A document drawn in its own colours (`SymbolRendering`'s `original` and `palette`), and the hierarchical
/// mask taken from them.
extension SVGDocument {
    /// The document with its box mapped onto `target`, as `mask(onto:canvasWidth:canvasHeight:)` places it, in
    /// its own colours: cairo's premultiplied ARGB32, unpremultiplied into straight sRGB colours (a colour
    /// glyph, composited as emoji are). Empty when nothing of it is on the canvas.
    public func image(onto target: Rect, canvasWidth: Int, canvasHeight: Int) -> ColorGlyphImage {
        let (xs, ys) = target.pixelBounds(clippedTo: canvasWidth, canvasHeight)
        var image = ColorGlyphImage(glyph: ColorGlyph(width: 0, rows: 0, left: 0, top: 0, pixels: []),
                                    originX: xs.lowerBound, originY: ys.lowerBound)
        guard !xs.isEmpty, !ys.isEmpty, target.width > 0, target.height > 0,
              let bytes = premultiplied(onto: target, x: xs.lowerBound, y: ys.lowerBound, width: xs.count, height: ys.count)
        else { return image }
        var pixels = [Color](repeating: Color(red: 0, green: 0, blue: 0, alpha: 0), count: xs.count * ys.count)
        for i in pixels.indices where bytes[4 * i + 3] != 0 {
            let a = Float(bytes[4 * i + 3])
            pixels[i] = Color(red: min(1, Float(bytes[4 * i]) / a), green: min(1, Float(bytes[4 * i + 1]) / a),
                              blue: min(1, Float(bytes[4 * i + 2]) / a), alpha: a / 255)
        }
        image.glyph = ColorGlyph(width: xs.count, rows: ys.count, left: 0, top: 0, pixels: pixels)
        return image
    }

    /// The hierarchical mask: each pixel's coverage times `SymbolRendering.layerOpacity` of the file's colour
    /// there.
    public func hierarchicalMask(onto target: Rect, canvasWidth: Int, canvasHeight: Int) -> CoverageMask {
        let image = image(onto: target, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        var mask = CoverageMask(originX: image.originX, originY: image.originY, width: image.glyph.width, height: image.glyph.rows)
        for (i, c) in image.glyph.pixels.enumerated() where c.alpha > 0 {
            mask.values[i] = c.alpha * SymbolRendering.layerOpacity(c)
        }
        return mask
    }

    /// cairo's premultiplied R, G, B, A bytes of the document on a `width` x `height` surface whose top-left is
    /// the canvas pixel (`x`, `y`); nil when librsvg fails (the symbol is then empty rather than half drawn).
    func premultiplied(onto target: Rect, x: Int, y: Int, width: Int, height: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let t = [Double(target.x) - Double(x), Double(target.y) - Double(y), Double(target.width), Double(target.height)]
        let status = withHandle { csvg_render_color($0, t, Int32(width), Int32(height), &bytes, nil, 0) }
        return status == 0 ? bytes : nil
    }
}
