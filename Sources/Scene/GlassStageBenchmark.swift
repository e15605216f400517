import Dispatch
import Raster

/// The glass stage of one showcase frame (1170 x 2532, three Liquid Glass panels, two of them merging) timed
/// alone, best of `repeats` runs per thread count: the pipeline's per-stage times are too noisy on a shared
/// machine to compare kernels.
public enum GlassStageBenchmark {
    public static func report(threadCounts: [Int], frame index: Int = 60, repeats: Int = 9) -> String {
        guard var document = try? SceneDecoder().decode(text: Showcase.json) else { return "glass stage: showcase did not decode" }
        document.canvas = Canvas(width: 390, height: 844, scale: 3)
        var compositor = Compositor(document: document, workers: .allCores)
        compositor.simulate(toFrame: index)
        var plane = compositor.emptyFrame()
        compositor.plane.render(into: &plane, workers: .allCores)
        let glass = GlassLayer(document: document)
        let time = document.time(ofFrame: index)
        var lines = ["glass stage: showcase frame \(index), \(plane.width)x\(plane.height), best of \(repeats)"]
        var frame = plane
        for t in threadCounts {
            var best = Double.infinity
            for _ in 0..<repeats {
                frame.copyPixels(from: plane)
                let t0 = DispatchTime.now()
                glass.render(plane: plane, into: &frame, time: time, workers: Workers(t))
                best = min(best, t0.secondsSince * 1000)
            }
            lines.append("  threads \(t): \(String(format: "%.2f", best)) ms/frame")
        }
        return lines.joined(separator: "\n")
    }
}
