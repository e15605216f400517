import Content
import Raster
import SceneFormat

/// The device's safe-area guides drawn over a finished frame (`"canvas": {"device": ..., "safeArea": true}`,
/// shown by `sheet` and the preview, `Canvas.guides`): what the system puts over the app, as a designer places
/// bars against it.
///
/// In order, over content: the unsafe bands (the status bar's at the top, the home indicator's at the bottom)
/// washed with systemBlue at 12%, a 1 pt systemBlue line on each safe-area edge, the camera's cutout in black (the
/// hardware: an island, a notch or a punch hole) and the home indicator in `label` (black in light appearance,
/// white in dark), as the system draws it. Every shape is a coverage mask of Raster's shapes composited by
/// Content's plain paint: rows split across workers, each pixel written by one, so the bytes do not depend on
/// the worker count. Returns the rectangles written, for the frame slot to restore from the plane.
struct SafeAreaGuides {
    let canvas: Canvas
    let appearance: Appearance

    /// The wash of the unsafe bands and the colour of the safe-area lines.
    static let wash = Token.systemBlue.color(.light).withAlpha(0.12)
    static let line = Token.systemBlue.color(.light)

    func draw(into frame: inout Framebuffer, workers: Workers) -> [PixelRect] {
        guard canvas.guides, let device = canvas.device else { return [] }
        let s = canvas.scale, (w, h) = (canvas.pixelWidth, canvas.pixelHeight)
        var written: [PixelRect] = []
        func fill(_ shape: some Shape, _ color: Color) {
            let mask = CoverageMask(shape: shape, canvasWidth: w, canvasHeight: h)
            guard !mask.isEmpty else { return }
            Paint.plain(color).apply(mask, to: &frame, workers: workers)
            written.append(PixelRect(x: mask.originX, y: mask.originY, width: mask.width, height: mask.height)
                .intersection(PixelRect(x: 0, y: 0, width: w, height: h)))
        }
        for band in device.unsafeAreas { fill(RoundedRect(band.scaled(by: s), radius: 0), Self.wash) }
        let insets = device.safeArea
        let lines = [Rect(x: 0, y: insets.top - 0.5, width: canvas.width, height: 1),
                     Rect(x: 0, y: canvas.height - insets.bottom - 0.5, width: canvas.width, height: 1)]
        for l in lines { fill(RoundedRect(l.scaled(by: s), radius: 0), Self.line) }
        switch device.cutout {
        case .island(let r): fill(RoundedRect(r.scaled(by: s), radius: r.height * s / 2), Color(0, 0, 0))
        case .notch(let r, let radius):
            // Square at the top edge: the rounded rectangle runs past it by its radius.
            let tall = Rect(x: r.x, y: r.y - radius, width: r.width, height: r.height + radius)
            fill(RoundedRect(tall.scaled(by: s), radius: radius * s), Color(0, 0, 0))
        case .hole(let c, let r): fill(Circle(center: c * s, radius: r * s), Color(0, 0, 0))
        case nil: break
        }
        let bar = device.homeIndicatorFrame.scaled(by: s)
        fill(RoundedRect(bar, radius: bar.height / 2), Token.label.color(appearance))
        return written.filter { !$0.isEmpty }
    }
}
