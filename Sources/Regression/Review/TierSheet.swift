import Raster
import SceneFormat
import Compose
import Output

/// One chosen frame of a scene rendered in every glass tier (liquid, frosted, web, android, android-legacy,
/// opaque) in light and dark, laid out as one labelled grid for designers: `forkrender sheet`. With a tilt
/// sweep, each tier and appearance is a row, a strip of the same frame at evenly spaced tilts across the full
/// range: liquid rows move their highlights, frosted ones show that they do not react.
public enum TierSheet {
    public struct Cell: Sendable {
        public var title: String
        public var platform: Platform
        public var reduceTransparency: Bool
        public var appearance: Appearance
    }

    /// Columns are tiers, rows are appearances. Frosted is shown as iOS 18; opaque is iOS 26 with Reduce Transparency.
    public static let columns: [(String, Platform, Bool)] = [
        ("liquid", .ios26, false), ("frosted", .ios18, false), ("web", .web, false),
        ("android", .android, false), ("android-legacy", .androidLegacy, false), ("opaque", .ios26, true),
    ]

    public static var cells: [Cell] {
        Appearance.allCases.flatMap { a in
            columns.map { Cell(title: "\($0.0) · \(a.rawValue)", platform: $0.1, reduceTransparency: $0.2, appearance: a) }
        }
    }

    /// Gutter between cells and the height of the label band above each, in pixels.
    public static let gutter = 24
    public static let labelBand = 44

    /// Tilt positions in a sweep strip.
    public static let sweepPositions = 5

    /// Renders the grid. `label(title, band, &sheet)` draws each title into its band (text comes from the content
    /// layer); the sheet's background is the systemGroupedBackground of the light appearance. `tilts`: render
    /// each cell once per tilt (held fixed), as a row; nil: the scene's own tilt, one cell per tier.
    public static func render(
        sceneText: String, frame: Int, scale: Float?, decoder base: SceneDecoder = SceneDecoder(), workers: Workers,
        tilts: [Tilt]? = nil,
        label: (String, Rect, inout Framebuffer) -> Void
    ) throws(SceneError) -> Framebuffer {
        var images: [Framebuffer] = []
        var titles: [String] = []
        for cell in cells {
            var decoder = base
            decoder.appearance = cell.appearance
            decoder.platform = cell.platform
            decoder.reduceTransparency = cell.reduceTransparency
            decoder.scale = scale
            let doc = try decoder.decode(text: sceneText)
            guard frame < doc.frameCount else {
                throw SceneError(path: "", location: nil, message: "frame \(frame) is past the last frame \(doc.frameCount - 1)")
            }
            guard let tilts else {
                var compositor = Compositor(document: doc, workers: workers)
                images.append(try compositor.renderWhole(frame: frame))
                titles.append(cell.title)
                continue
            }
            for t in tilts {
                decoder.tilt = .fixed(t)
                var compositor = Compositor(document: try decoder.decode(text: sceneText), workers: workers)
                images.append(try compositor.renderWhole(frame: frame))
                titles.append("\(cell.title) · roll \(Value.format((t.roll * 100).rounded() / 100))")
            }
        }
        let cw = images[0].width, ch = images[0].height
        let cols = tilts?.count ?? columns.count, rows = images.count / cols
        let width = cols * cw + (cols + 1) * gutter
        let height = rows * (ch + labelBand) + (rows + 1) * gutter
        var sheet = Framebuffer(width: width, height: height, color: Token.systemGroupedBackground.color(.light))
        for (i, img) in images.enumerated() {
            let col = i % cols, row = i / cols
            let x0 = gutter + col * (cw + gutter)
            let y0 = gutter + row * (ch + labelBand + gutter)
            label(titles[i], Rect(x: Float(x0), y: Float(y0), width: Float(cw), height: Float(labelBand)), &sheet)
            let top = y0 + labelBand
            for y in 0..<ch {
                for x in 0..<cw { sheet[x0 + x, top + y] = img[x, y] }
            }
        }
        return sheet
    }
}
