import Content
import Raster
import SceneFormat
import Compose

/// `lint --map out.png`: where each item's contrast fails, drawn over one frame of the scene.
///
/// The frame is dimmed to a pale grey (its luma mapped into 0.35 ... 0.65, so red and green read over light and
/// dark scenes alike). Every measured item fully present in that frame is painted over its own mask, weighted
/// by coverage: red where the ink at that pixel is below the item's threshold against the backdrop there (WCAG
/// ratio or APCA |Lc|, the figures `ContrastSample` takes its percentile of), green where it passes. Each item's
/// mask bounds get a 1 px outline two pixels out: red for an item the report flags `contrast`, green otherwise,
/// so a thin failing glyph is found at a glance.
///
/// The frame drawn is the one where the worst flagged item is at its worst (lowest WCAG ratio among items
/// flagged `contrast`), else the first frame linted: the frame a reader most needs to see.
public enum LegibilityMap {
    public static let fail: (UInt8, UInt8, UInt8) = (230, 30, 30)
    public static let pass: (UInt8, UInt8, UInt8) = (20, 170, 60)

    /// The frame the map shows for `report` over `frames`.
    public static func frame(for report: LegibilityReport, document: SceneDocument, frames: [Int]) -> Int {
        let worst = report.entries.filter { $0.flags.contains { $0.code == "contrast" } }
            .min { ($0.wcag ?? .infinity) < ($1.wcag ?? .infinity) }
        if let t = worst?.worstTime, let i = frames.first(where: { document.time(ofFrame: $0) == t }) { return i }
        return frames.first ?? 0
    }

    /// Draws the map of frame `i`.
    public static func draw(document: SceneDocument, report: LegibilityReport, frame i: Int,
                            workers: Workers = .allCores) throws(SceneError) -> RGBAImage {
        var compositor = Compositor(document: document.withoutContent, workers: workers)
        let layer = ContentLayer(document: document)
        let entries = Dictionary(report.entries.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let items = document.content.items
        var marks: [(mask: CoverageMask, fails: [Bool], flagged: Bool)] = []
        let finished = try LegibilityAudit.draw(document, frame: i, compositor: &compositor, layer: layer, workers: workers) {
            index, mask, pose, backdrop, ink in
            guard items[index].isMeasured, pose.presence == 1, let entry = entries[items[index].path] else { return }
            let limit = entry.threshold
            var fails = [Bool](repeating: false, count: mask.width * mask.height)
            for y in 0..<mask.height {
                for x in 0..<mask.width where mask[x, y] > 0 {
                    let fx = mask.originX + x, fy = mask.originY + y
                    guard fx >= 0, fy >= 0, fx < document.canvas.pixelWidth, fy < document.canvas.pixelHeight else { continue }
                    let b = backdrop(fx, fy), t = ink(fx, fy, b)
                    fails[y * mask.width + x] = Contrast.wcag(t, b) < limit.wcag || abs(Contrast.apca(text: t, background: b)) < limit.apca
                }
            }
            marks.append((mask, fails, entry.flags.contains { $0.code == "contrast" }))
        }
        var image = dimmed(RGBAImage(finished, dither: false, workers: workers))
        for m in marks { paint(m.mask, fails: m.fails, flagged: m.flagged, into: &image) }
        return image
    }

    /// The frame as a pale grey by its luma (Rec. 709 weights on the 8-bit samples), opaque.
    static func dimmed(_ image: RGBAImage) -> RGBAImage {
        var out = image
        for k in stride(from: 0, to: out.pixels.count, by: 4) {
            let luma = (2126 * Int(image.pixels[k]) + 7152 * Int(image.pixels[k + 1]) + 722 * Int(image.pixels[k + 2])) / 10000
            let v = UInt8(89 + luma * 77 / 255)
            out.pixels[k] = v; out.pixels[k + 1] = v; out.pixels[k + 2] = v; out.pixels[k + 3] = 255
        }
        return out
    }

    /// Paints one item's mask (red failing, green passing pixels, by coverage) and its outline.
    static func paint(_ mask: CoverageMask, fails: [Bool], flagged: Bool, into image: inout RGBAImage) {
        var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
        for y in 0..<mask.height {
            for x in 0..<mask.width where mask[x, y] > 0 {
                let fx = mask.originX + x, fy = mask.originY + y
                guard fx >= 0, fy >= 0, fx < image.width, fy < image.height else { continue }
                x0 = min(x0, fx); y0 = min(y0, fy); x1 = max(x1, fx); y1 = max(y1, fy)
                blend(fails[y * mask.width + x] ? fail : pass, coverage: mask[x, y], at: fx, fy, into: &image)
            }
        }
        guard x0 <= x1 else { return }
        let color = flagged ? fail : pass
        let left = x0 - 3, right = x1 + 3, top = y0 - 3, bottom = y1 + 3
        for x in left...right {
            blend(color, coverage: 1, at: x, top, into: &image)
            blend(color, coverage: 1, at: x, bottom, into: &image)
        }
        for y in top...bottom {
            blend(color, coverage: 1, at: left, y, into: &image)
            blend(color, coverage: 1, at: right, y, into: &image)
        }
    }

    static func blend(_ c: (UInt8, UInt8, UInt8), coverage: Float, at x: Int, _ y: Int, into image: inout RGBAImage) {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return }
        let k = (y * image.width + x) * 4, a = max(0, min(1, coverage))
        for (j, v) in [c.0, c.1, c.2].enumerated() {
            image.pixels[k + j] = UInt8((Float(image.pixels[k + j]) * (1 - a) + Float(v) * a).rounded())
        }
    }
}
