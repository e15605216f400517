import Dispatch
import Raster
import Content
import SceneFormat
import Compose
import Output

/// The text-heavy benchmark: a full 1170 x 2532 frame (390 x 844 pt at scale 3) filled with text: 32 wrapped
/// paragraphs in two columns of 16 (boxes of 180 x 50 pt, no overlap), three families and three sizes, painted
/// with vibrancy on the regular material. It reports, per frame: shaping
/// and line breaking, mask building with a cold glyph cache (every glyph rasterized) and a warm one (every glyph
/// from the cache), and vibrancy compositing for each thread count. Meaningful in release builds only.
public enum ContentBenchmark {
    public static let paragraph = "Soft material, hard alignment. Monospace labels anchor the fluidity; AV To 0123."

    /// Runs the benchmark and returns a printable report. `frames` warm frames are timed per thread count.
    public static func report(threadCounts: [Int] = [1, 2], frames: Int = 10) -> String {
        let families = ["sans", "serif", "mono"]
        let sizes: [Float] = [11, 12, 13]
        var faces: [Face] = []
        for family in families {
            guard let r = try? FontLibrary.resolve(FontRequest(family: family)), let f = try? Face(path: r.path, index: r.index) else {
                return "content: no fonts found (run scripts/setup.sh)\n"
            }
            faces.append(f)
        }
        let scale: Float = 3
        var fb = Framebuffer(width: 1170, height: 2532, color: Token.systemGroupedBackground.color(.light))
        fb.withUnsafeMutablePixels { px in
            for i in px.indices {
                let t = Float(i % 1170) / 1170
                px[i] = SIMD4(0.85 + 0.1 * t, 0.88, 0.95 - 0.1 * t, 1)
            }
        }
        func ms(_ start: DispatchTime) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6 }

        // Shaping and line breaking, 48 paragraphs.
        var t0 = DispatchTime.now()
        var layouts: [(TextLayout, Point)] = []
        for i in 0..<32 {
            let face = faces[i % faces.count]
            let style = TextStyle(size: sizes[(i / 2) % sizes.count])
            let layout = TextLayout(paragraph, face: face, style: style, scale: scale, boxWidth: 180)
            layouts.append((layout, Point(Float(i % 2) * 195 + 8, Float(i / 2) * 52 + 6) * scale))
        }
        let shapeMs = ms(t0)
        let glyphCount = layouts.reduce(0) { $0 + $1.0.glyphs.count }

        t0 = DispatchTime.now()
        var masks = layouts.map { $0.0.mask(at: $0.1) }
        let coldMs = ms(t0)
        let cached = faces.reduce(0) { $0 + $1.cachedGlyphs }
        t0 = DispatchTime.now()
        for _ in 0..<frames { masks = layouts.map { $0.0.mask(at: $0.1) } }
        let warmMs = ms(t0) / Double(frames)

        var out = "content: 1170x2532, 32 paragraphs, \(glyphCount) glyphs (\(cached) distinct glyph bitmaps cached)\n"
        out += String(format: "  shape + break lines  %8.2f ms/frame\n", shapeMs)
        out += String(format: "  masks, cold cache    %8.2f ms (rasterizes every glyph once)\n", coldMs)
        out += String(format: "  masks, warm cache    %8.2f ms/frame\n", warmMs)
        out += "  threads  composite ms/frame  total warm ms/frame\n"
        let paint = Paint.vibrant(Vibrancy(level: .secondaryLabel, material: .regular, appearance: .light))
        for t in threadCounts {
            let workers = Workers(max(1, t))
            var frame = fb
            frame[0, 0] = fb[0, 0]  // make the copy before timing
            t0 = DispatchTime.now()
            for _ in 0..<frames {
                for m in masks { paint.apply(m, to: &frame, workers: workers) }
            }
            let compMs = ms(t0) / Double(frames)
            out += String(format: "  %7d  %18.2f  %19.2f\n", t, compMs, compMs + warmMs)
        }
        return out
    }
}

extension ContentBenchmark {
    /// A scene's own content layer (labels, symbols) as the compositor draws it over its first `frames` frames,
    /// for each thread count: frame 0 alone (shaping, and every glyph rasterized into a cold cache) and the
    /// mean of the frames after it (the compositor's `times.content`).
    public static func report(document: SceneDocument, name: String, frames: Int, threadCounts: [Int]) -> String {
        let items = document.content.items.count
        guard items > 0 else { return "content: \(name) has no content items: nothing to measure" }
        let n = max(1, min(frames, document.frameCount))
        var lines = ["content: \(name) \(document.canvas.pixelWidth)x\(document.canvas.pixelHeight), \(items) items, frames 0-\(n - 1)",
                     "  threads  frame 0 ms (cold)  later frames ms/frame"]
        for t in threadCounts {
            var compositor = Compositor(document: document, workers: Workers(max(1, t)))
            _ = compositor.render(frame: 0)
            let cold = compositor.times.content
            for i in 1..<max(1, n) { _ = compositor.render(frame: i) }
            let warm = n > 1 ? (compositor.times.content - cold) / Double(n - 1) : .nan
            lines.append(String(format: "  %7d  %17.2f  %22.2f", t, cold * 1000, warm * 1000))
        }
        return lines.joined(separator: "\n")
    }
}
