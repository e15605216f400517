import Raster

/// Titles on the tier sheet. Text is drawn by the content layer (FreeType and HarfBuzz); until it is wired in,
/// the band stays empty.
enum SheetLabels {
    static func draw(_ title: String, in band: Rect, on sheet: inout Framebuffer) {}
}
