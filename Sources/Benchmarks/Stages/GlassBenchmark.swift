import Dispatch
import Glass
import Raster

/// The glass benchmark of `forkrender bench`: a full 1170 x 2532 frame (an iPhone at scale 3) blurred at sigma
/// 6, 60 and 120 px, at each thread count. The blur's cost per pixel does not depend on sigma, so the three
/// rows should be close (the bound is sigma 120 within 1.5x of sigma 6).
public enum GlassBenchmark {
    public static let width = 1170
    public static let height = 2532
    public static let sigmas: [Float] = [6, 60, 120]

    /// Runs the benchmark and returns a printable report: one line per sigma and thread count, the best of
    /// `repeats` runs in milliseconds, and the ratio of each sigma's time to sigma 6's. Takes about
    /// 2 x repeats x 3 full-frame blurs (20 s at 7 repeats on a 2-core machine).
    public static func report(threadCounts: [Int], repeats: Int = 7) -> String {
        var plane = Framebuffer(width: width, height: height,
                                color: Token.systemGroupedBackground.color(.light))
        // A dot grid like the plane's (21 pt pitch, 3 pt dots, scale 3), in opaque label so the blur has work.
        let dot = Token.label.color(.light)
        for j in 0..<(height / 63 + 1) {
            for i in 0..<(width / 63 + 1) {
                plane.fill(Circle(center: Point(Float(i * 63), Float(j * 63)), radius: 4.5), color: dot)
            }
        }
        let all = PixelRect(plane)
        var lines = ["glass blur: \(width)x\(height) full frame, best of \(repeats) interleaved runs (tent-decimated sampled Gaussian)"]
        let blurs = sigmas.map { GaussianBlur(sigma: $0) }
        for threads in threadCounts {
            let workers = Workers(max(1, threads))
            var best = [Double](repeating: .infinity, count: sigmas.count)
            // Rounds visit every sigma in turn, so a burst of load elsewhere on the machine hits all alike.
            for _ in 0..<max(1, repeats) {
                for (k, blur) in blurs.enumerated() {
                    let t0 = DispatchTime.now().uptimeNanoseconds
                    let out = blur.apply(plane, region: all, backdrop: all, workers: workers)
                    let t1 = DispatchTime.now().uptimeNanoseconds
                    precondition(out.count == all.width * all.height)
                    best[k] = min(best[k], Double(t1 - t0) / 1e6)
                }
            }
            for (k, sigma) in sigmas.enumerated() {
                lines.append("  threads \(threads)  sigma \(pad(Int(sigma), 3)) px  \(fixed(best[k])) ms  (x\(fixed(best[k] / best[0], 2)) of sigma \(Int(sigmas[0])))")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func pad(_ v: Int, _ n: Int) -> String {
        let s = String(v)
        return String(repeating: " ", count: max(0, n - s.count)) + s
    }

    static func fixed(_ v: Double, _ digits: Int = 1) -> String {
        var p = 1.0
        for _ in 0..<digits { p *= 10 }
        let r = (v * p).rounded() / p
        var s = String(r)
        if let dot = s.firstIndex(of: ".") {
            let have = s.distance(from: dot, to: s.endIndex) - 1
            if have < digits { s += String(repeating: "0", count: digits - have) }
        }
        return s
    }
}

/// The Liquid Glass kernel against its plain reference on a showcase-sized container (two merging controls
/// with continuous corners and a navigation bar, 1170 px wide), best of `repeats`, one thread: the speed-up
/// of the fast kernel, measured in one run; and the fast kernel with the measured blur against the 2 px one the
/// lens had before, interleaved, for what the blur's radius costs.
public enum LiquidGlassBenchmark {
    public static func report(repeats: Int = 5) -> String {
        var plane = Framebuffer(width: 1170, height: 900, color: Token.systemGroupedBackground.color(.light))
        let dot = Token.label.color(.light)
        for j in 0..<15 { for i in 0..<19 { plane.fill(Circle(center: Point(Float(i * 63), Float(j * 63)), radius: 4.5), color: dot) } }
        let lens = Lens(thickness: 81, bezel: 81, rimHeight: 153, profile: GlassDefaults.Liquid.profile)
        let m = LiquidMaterial(lens: lens, dispersion: 0.03, veil: GlassDefaults.Liquid.veil(.regular, light: true))
        var tinted = m
        tinted.tint = Color(red: 0, green: 0.48, blue: 1, alpha: 0.5)
        let controls = SmoothUnion([PanelShape(.rect, box: Rect(x: 300, y: 500, width: 270, height: 270), cornerRadius: 135),
                                    PanelShape(.rect, box: Rect(x: 600, y: 520, width: 240, height: 240), cornerRadius: 120)],
                                   spacing: 108)
        let bar = SmoothUnion([PanelShape(.rect, box: Rect(x: 30, y: 60, width: 1110, height: 300), cornerRadius: 90)], spacing: 0)
        var glass = LiquidGlass(material: m, light: Specular.light(pitch: 0.2, roll: -0.1),
                                blur: GlassDefaults.Liquid.blur(.regular, light: true, scale: 3))
        var fastBest = Double.infinity, slowBest = Double.infinity, smallBest = Double.infinity
        var frame = plane
        func draw(_ glass: LiquidGlass) {
            glass.apply(plane: plane, container: controls, materials: [tinted, m], into: &frame, workers: .single)
            glass.apply(plane: plane, container: bar, materials: [m], into: &frame, workers: .single)
        }
        let measured = glass.blur
        for _ in 0..<max(1, repeats) {
            frame = plane
            glass.blur = measured
            let t0 = DispatchTime.now().uptimeNanoseconds
            draw(glass)
            let t1 = DispatchTime.now().uptimeNanoseconds
            glass.applyReference(plane: plane, container: controls, materials: [tinted, m], into: &frame, workers: .single)
            glass.applyReference(plane: plane, container: bar, materials: [m], into: &frame, workers: .single)
            let t2 = DispatchTime.now().uptimeNanoseconds
            // The blur of 0.5 pt the lens had before the measured one: the windows' cost at another radius.
            glass.blur = Tent(radius: 2)
            draw(glass)
            let t3 = DispatchTime.now().uptimeNanoseconds
            fastBest = min(fastBest, Double(t1 - t0) / 1e6)
            slowBest = min(slowBest, Double(t2 - t1) / 1e6)
            smallBest = min(smallBest, Double(t3 - t2) / 1e6)
        }
        return "liquid glass kernel: two merging controls and a bar, 1 thread, best of \(repeats): "
            + "\(GlassBenchmark.fixed(fastBest)) ms, reference \(GlassBenchmark.fixed(slowBest)) ms (x\(GlassBenchmark.fixed(slowBest / fastBest, 2)) faster); "
            + "blur of radius \(measured.small), \(measured.large) (light regular at scale 3) against 2, 2: \(GlassBenchmark.fixed(fastBest)) / \(GlassBenchmark.fixed(smallBest)) ms (x\(GlassBenchmark.fixed(fastBest / smallBest, 2)))"
    }
}
