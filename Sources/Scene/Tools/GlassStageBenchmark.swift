import Dispatch
import Raster

/// The glass stage of the showcase (1170 x 2532, three Liquid Glass panels: a static navigation bar and two
/// controls merging) timed alone, averaged over 30 consecutive frames (40-69, while the controls move), for
/// each thread count: the pipeline's per-stage times share the machine with the encoders and are too noisy to
/// compare kernels. Consecutive frames matter: a container that does not move reuses its distance field.
public enum GlassStageBenchmark {
    public static func report(threadCounts: [Int], frames: ClosedRange<Int> = 40...69) -> String {
        guard var document = try? SceneDecoder().decode(text: Showcase.json) else { return "glass stage: showcase did not decode" }
        document.canvas = Canvas(width: 390, height: 844, scale: 3)
        var lines = ["glass stage: showcase frames \(frames.lowerBound)-\(frames.upperBound), 1170x2532, mean per frame"]
        for t in threadCounts {
            var compositor = Compositor(document: document, workers: Workers(t))
            compositor.simulate(toFrame: frames.lowerBound)
            var frame = compositor.emptyFrame()
            let before = compositor.times.glass
            for i in frames { compositor.render(frame: i, into: &frame) }
            let ms = (compositor.times.glass - before) / Double(frames.count) * 1000
            lines.append("  threads \(t): \(String(format: "%.2f", ms)) ms/frame")
        }
        return lines.joined(separator: "\n")
    }
}
