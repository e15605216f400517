import Dispatch
import Raster
import Scene
import Regression

/// The comparison benchmark (not a timed test): two 1170 x 2532 renderings compared at several thread
/// counts, best of `repeats`, PNG decoding excluded. Meaningful only in release builds.
///
/// Pairs: `identical` (the fast path: 32-bit equality per pixel), `token` (an iPhone-size plane against itself with
/// the dots' idle alpha raised from 0.05 to 0.25: every dot edge changes, the background does not, like a
/// token edit), and `appearance` (light against dark, default idle alphas: every pixel differs, the worst case, with
/// anti-aliasing detection run on every pixel when `ignoreAntialiasing` is on).
public enum RegressionBenchmark {
    public static func report(threadCounts: [Int], repeats: Int = 9) -> String {
        guard let light = render(appearance: "light", dotIdle: 0.05),
              let token = render(appearance: "light", dotIdle: 0.25),
              let dark = render(appearance: "dark", dotIdle: nil) else { return "regression: cannot render the benchmark scenes\n" }
        var s = "diff: \(light.width)x\(light.height), best of \(repeats), ms per comparison (PNG decoding excluded)\n"
        s += "pair         anti-aliasing  " + threadCounts.map { pad("\($0) thr", 9) }.joined() + "  different pixels\n"
        for (name, other) in [("identical", light), ("token", token), ("appearance", dark)] {
            for ignoreAA in [false, true] {
                let c = Comparison(ignoreAntialiasing: ignoreAA)
                var line = name.padding(toLength: 13, withPad: " ", startingAt: 0) + (ignoreAA ? "ignored        " : "counted        ")
                var count = 0
                for t in threadCounts {
                    var best = Double.infinity
                    for _ in 0..<repeats {
                        let t0 = DispatchTime.now()
                        count = (try? c.apply(expected: light, actual: other, workers: Workers(t)))?.differentPixels ?? -1
                        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e6)
                    }
                    line += String(format: "%9.1f", best)
                }
                s += line + "  \(count)\n"
            }
        }
        return s
    }

    /// An iPhone-size plane scene, frame 0, with the given appearance and idle dot alpha (nil: the default).
    static func render(appearance: String, dotIdle: Double?) -> RGBAImage? {
        let plane = dotIdle.map { #", "plane": {"dotIdle": \#($0)}"# } ?? ""
        let json = #"{"canvas": {"width": 390, "height": 844, "scale": 3}, "appearance": "\#(appearance)", "duration": 1\#(plane)}"#
        guard let doc = try? SceneDecoder().decode(text: json) else { return nil }
        var c = Compositor(document: doc, workers: .allCores)
        return RGBAImage(c.render(frame: 0), dither: doc.dither, workers: .allCores)
    }

    static func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }
}
