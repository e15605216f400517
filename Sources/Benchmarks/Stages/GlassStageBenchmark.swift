import Dispatch
import Raster
import SceneFormat
import Compose
import Output

/// The glass stage of a scene (the showcase by default: 1170 x 2532, three Liquid Glass panels, a static navigation
/// bar and two controls merging) timed alone, averaged over consecutive frames (the showcase's 40-69, while the
/// controls move), for each thread count: the pipeline's per-stage times share the machine with the encoders and
/// are too noisy to compare kernels. Consecutive frames matter: a container that does not move reuses its
/// distance field.
///
/// Two clocks: wall time, the figure the issue's target is set in, and the CPU time of the whole process over
/// the stage (every thread's), which other jobs on a shared machine disturb far less: on a loaded 2-core VM the
/// wall time of the same binary varied by 50% between runs, its CPU time by about 10%.
public enum GlassStageBenchmark {
    /// The frames the stage is timed over: `count` consecutive frames (at most the scene's) starting at frame 40,
    /// or earlier so that they fit in the scene.
    public static func frames(count: Int, of document: SceneDocument) -> ClosedRange<Int> {
        let n = max(1, min(count, document.frameCount))
        let first = max(0, min(40, document.frameCount - n))
        return first...(first + n - 1)
    }

    public static func report(document: SceneDocument, name: String, threadCounts: [Int], frames: ClosedRange<Int>) -> String {
        let w = document.canvas.pixelWidth, h = document.canvas.pixelHeight
        var lines = ["glass stage: \(name) frames \(frames.lowerBound)-\(frames.upperBound), \(w)x\(h), \(document.glass.panels.count) panels, mean per frame"]
        for t in threadCounts {
            var compositor = Compositor(document: document, workers: Workers(t))
            var frame = compositor.emptyFrame()
            var wall = 0.0, cpu = 0.0
            for i in frames {
                // The compositor's own steps up to the glass (rasterize(frame:into:)), with the glass timed alone.
                compositor.simulate(toFrame: i)
                compositor.drawGlassStage(frame: i, into: &frame) { glass in
                    let (w0, c0) = (DispatchTime.now(), CPUClock.process)
                    glass()
                    wall += DispatchTime.now().seconds(since: w0)
                    cpu += CPUClock.process - c0
                }
            }
            let n = Double(frames.count)
            lines.append("  threads \(t): \(String(format: "%.2f", wall / n * 1000)) ms/frame"
                         + " (CPU time of all threads \(String(format: "%.2f", cpu / n * 1000)) ms/frame)")
        }
        return lines.joined(separator: "\n")
    }
}
