import Dispatch
import Raster
import SceneFormat
import Compose
import Output
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
        return table("diff: \(light.width)x\(light.height)", pairs: [("identical", light, light), ("token", light, token),
                                                                     ("appearance", light, dark)],
                     threadCounts: threadCounts, repeats: repeats)
    }

    /// Each pair compared with anti-aliased pixels counted and ignored, best of `repeats` per thread count.
    static func table(_ title: String, pairs: [(String, RGBAImage, RGBAImage)], threadCounts: [Int], repeats: Int) -> String {
        let width = max(13, (pairs.map(\.0.count).max() ?? 0) + 2)
        var s = title + ", best of \(repeats), ms per comparison (PNG decoding excluded)\n"
        s += "pair".padding(toLength: width, withPad: " ", startingAt: 0) + "anti-aliasing  "
            + threadCounts.map { pad("\($0) thr", 9) }.joined() + "  different pixels\n"
        for (name, expected, actual) in pairs {
            for ignoreAA in [false, true] {
                let c = Comparison(ignoreAntialiasing: ignoreAA)
                var line = name.padding(toLength: width, withPad: " ", startingAt: 0) + (ignoreAA ? "ignored        " : "counted        ")
                var count = 0
                for t in threadCounts {
                    var best = Double.infinity
                    for _ in 0..<repeats {
                        let t0 = DispatchTime.now()
                        count = (try? c.apply(expected: expected, actual: actual, workers: Workers(t)))?.differentPixels ?? -1
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

extension RegressionBenchmark {
    /// The comparison on frames of a scene: a frame against itself (the fast path), against the next frame
    /// (what changes in 1/fps) and the first frame against the last, best of `repeats` for each thread count.
    public static func report(document: SceneDocument, name: String, threadCounts: [Int], repeats: Int = 9) -> String {
        let last = document.frameCount - 1
        var compositor = Compositor(document: document, workers: .allCores)
        let picks = Array(Set([0, min(1, last), last])).sorted()
        var images: [Int: RGBAImage] = [:]
        for i in picks { images[i] = RGBAImage(compositor.render(frame: i), dither: document.dither, workers: .allCores) }
        let first = images[0]!, next = min(1, last)
        return table("diff: \(name) \(first.width)x\(first.height)",
                     pairs: [("0 vs 0", first, first), ("0 vs \(next)", first, images[next]!), ("0 vs \(last)", first, images[last]!)],
                     threadCounts: threadCounts, repeats: repeats)
    }
}
