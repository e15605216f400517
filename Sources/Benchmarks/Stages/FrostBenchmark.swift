import Dispatch
import Glass
import Raster

/// The frosted blur over panel regions against its floor: the web twin's three
/// `backdrop-filter` panels (a 390 x 100 pt bar, a 350 x 200 pt card, a 350 x 64 pt tab bar at scale 3 on a
/// 1170 x 2532 dot plane) drawn by `Frost.apply`, beside a copy of the same drawn pixels from the plane into the
/// frame (one read and one write of each region: the least any drawing of them costs), and the clipped apply
/// over an eighth of each panel's rows. Best of `repeats` interleaved runs, at each thread count.
public enum FrostBenchmark {
    public static func report(threadCounts: [Int], repeats: Int = 9) -> String {
        let width = 1170, height = 2532, scale: Float = 3
        var plane = Framebuffer(width: width, height: height, color: Token.systemGroupedBackground.color(.light))
        let dot = Token.label.color(.light)
        for j in 0..<(height / 63 + 1) {
            for i in 0..<(width / 63 + 1) {
                plane.fill(Circle(center: Point(Float(i * 63), Float(j * 63)), radius: 4.5), color: dot)
            }
        }
        let frames: [(Rect, Float)] = [(Rect(x: 0, y: 0, width: 390, height: 100), 0), (Rect(x: 20, y: 300, width: 350, height: 200), 24),
                                       (Rect(x: 20, y: 760, width: 350, height: 64), 32)]
        let surfaces = frames.map { f, r in
            GlassSurface(shape: PanelShape(.rect, box: f.scaled(by: scale), cornerRadius: r * scale, curve: .circular),
                         scale: scale, tier: .web)
        }
        let frosts = surfaces.map { Tier.web.effect(for: $0) }
        let canvas = PixelRect(plane)
        let regions = zip(frosts, surfaces).map { $0.drawnPixels($1, canvas: canvas) }
        let pixels = regions.reduce(0) { $0 + $1.width * $1.height }
        let clips = regions.map { PixelRect(x: $0.x, y: $0.y + $0.height / 2, width: $0.width, height: max(1, $0.height / 8)) }
        var lines = ["frosted panels: the web twin's three at 1170x2532 (\(pixels) drawn pixels), best of \(repeats) interleaved runs"]
        for threads in threadCounts {
            let workers = Workers(max(1, threads))
            var frame = plane
            // Wall and CPU (the process's, both workers') milliseconds, best of the runs: on a loaded machine the
            // wall clock counts the time other processes held the cores, the CPU clock does not.
            var wall = [Double](repeating: .infinity, count: 3), cpu = wall
            for _ in 0..<max(1, repeats) {
                let t0 = DispatchTime.now().uptimeNanoseconds, c0 = CPUClock.process
                for (frost, surface) in zip(frosts, surfaces) { frost.apply(surface, plane: plane, into: &frame, workers: workers) }
                let t1 = DispatchTime.now().uptimeNanoseconds, c1 = CPUClock.process
                for r in regions { copy(r, from: plane, into: &frame, workers: workers) }
                let t2 = DispatchTime.now().uptimeNanoseconds, c2 = CPUClock.process
                for ((frost, surface), clip) in zip(zip(frosts, surfaces), clips) {
                    frost.apply(surface, plane: plane, into: &frame, workers: workers, within: clip)
                }
                let t3 = DispatchTime.now().uptimeNanoseconds, c3 = CPUClock.process
                for (k, t) in [t1 - t0, t2 - t1, t3 - t2].enumerated() { wall[k] = min(wall[k], Double(t) / 1e6) }
                for (k, t) in [c1 - c0, c2 - c1, c3 - c2].enumerated() { cpu[k] = min(cpu[k], t * 1e3) }
            }
            func ms(_ k: Int) -> String { "\(GlassBenchmark.fixed(wall[k], 2)) ms (cpu \(GlassBenchmark.fixed(cpu[k], 2)))" }
            lines.append("  threads \(threads)  Frost.apply \(ms(0))  region copy \(ms(1))  an eighth of the rows \(ms(2))"
                + "  apply / copy x\(GlassBenchmark.fixed(cpu[0] / cpu[1], 1)) cpu, eighth / whole x\(GlassBenchmark.fixed(cpu[2] / cpu[0], 2)) cpu")
        }
        return lines.joined(separator: "\n")
    }

    /// One read of the plane's pixels of `r` and one write of them into `frame`, in bands across the workers.
    static func copy(_ r: PixelRect, from plane: Framebuffer, into frame: inout Framebuffer, workers: Workers) {
        let stride = plane.width
        frame.withUnsafeMutablePixels { out in
            plane.withUnsafePixels { src in
                workers.forEachBand(r.height) { band in
                    for j in band {
                        let k = (r.y + j) * stride + r.x
                        (out.baseAddress! + k).update(from: src.baseAddress! + k, count: r.width)
                    }
                }
            }
        }
    }
}
