import Content
import Raster

/// Titles on the tier sheet, set in the monospace face (the design language's labels on a rigid grid), shaped
/// by HarfBuzz and rasterized by FreeType like every glyph forkrender draws.
enum SheetLabels {
    static func draw(_ title: String, in band: Rect, on sheet: inout Framebuffer) {
        guard let resolution = try? FontLibrary.resolve(FontRequest(family: "mono", weight: 600)),
              let face = try? Face.shared(resolution) else { return }
        // As large as the band allows, shrunk to fit the cell's width.
        var size = min(band.height * 0.45, 28)
        var layout = TextLayout(title, face: face, style: TextStyle(size: size), scale: 1)
        if layout.width > band.width * 0.96 {
            size *= band.width * 0.96 / layout.width
            layout = TextLayout(title, face: face, style: TextStyle(size: size), scale: 1)
        }
        let baselineTop = band.y + (band.height - layout.height) / 2
        let mask = layout.mask(at: Point(band.x, baselineTop.rounded()))
        let ink = sheet.space.premultiply(Token.label.color(.light))
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let c = mask[x, y]
                let px = mask.originX + x, py = mask.originY + y
                guard c > 0, px >= 0, py >= 0, px < sheet.width, py < sheet.height else { continue }
                sheet[px, py] = sourceOver(sheet[px, py], ink * c)
            }
        }
    }
}
