import Dispatch
import Dots
import SceneFormat
import Compose
import Output
import Raster

/// The plane's benchmark (not a timed test): the physics step on about a million dots with four live
/// sources, and the sprite pass of the 390 x 844 pt iPhone plane at scale 3 (1170 x 2532 pixels).
///
/// Physics: a 1000 x 1000 grid (21 pt pitch) with every dot displaced, so no row can sleep and every update is a
/// full pass; a ripple, a bloom, a vortex and a dragged radialGravity field are live throughout. The figure is
/// dot-steps per second = dots x updates / wall time, best of five runs, advancing two updates per call as a
/// 30 fps render does. The run also checks that every thread count ends in the same bytes.
///
/// On a shared machine the wall-clock speed-up only shows when the cores are free, so each physics line also gives
/// the CPU share the process obtained (CPU time / wall time of the best run; 2.0 means two full cores) and the
/// parallel efficiency, CPU time at 1 thread / CPU time at n threads (1.0: the threads did no extra work).
public enum PlaneBenchmark {
    public static func report(threadCounts: [Int] = [1, 2]) -> String {
        let dots = physicsPlane().dotCount
        return (physicsRows(threadCounts, dots: dots) + blockedRows(threadCounts, dots: dots) + wavesRows(threadCounts)
                + spriteRows(threadCounts)).joined(separator: "\n")
    }

    /// Two updates per call over the displaced million dots, at each thread count, checking that every count
    /// ends in the same bytes.
    static func physicsRows(_ threadCounts: [Int], dots: Int) -> [String] {
        var lines: [String] = []
        var base: Double?
        var reference: [UInt8]?
        let steps = 30
        // Rounds alternate the thread counts, so a load that comes and goes on a shared machine hits them alike.
        var best = [Double](repeating: .infinity, count: threadCounts.count), bestCPU = best
        var share = [Double](repeating: 0, count: threadCounts.count)
        var bytes = [[UInt8]](repeating: [], count: threadCounts.count)
        for _ in 0..<5 {
            for (ti, t) in threadCounts.enumerated() {
                var plane = physicsPlane()
                let t0 = DispatchTime.now(), c0 = CPUClock.process
                // Two updates per call, as the compositor advances for a 30 fps render.
                for k in stride(from: 2, through: steps, by: 2) { plane.simulate(toStep: k, workers: Workers(t)) }
                let wall = seconds(since: t0), cpu = CPUClock.process - c0
                if wall < best[ti] { best[ti] = wall; share[ti] = cpu / wall }
                bestCPU[ti] = min(bestCPU[ti], cpu)
                bytes[ti] = plane.stateBytes
            }
        }
        for (ti, t) in threadCounts.enumerated() {
            let rate = Double(dots * steps) / best[ti]
            if base == nil { base = rate }
            if reference == nil { reference = bytes[ti] }
            let same = reference == bytes[ti] ? "identical" : "DIFFERENT"
            lines.append("plane physics  \(t) thread\(t == 1 ? " " : "s"): \(format(rate / 1e6)) M dot-steps/s"
                         + " (\(dots) dots, 4 live sources, speed-up \(format(rate / base!))x, CPU share"
                         + " \(format(share[ti])), parallel efficiency \(format(bestCPU[0] / bestCPU[ti])), state \(same))")
        }
        return lines
    }

    /// Temporal blocking at full depth: the 30 updates in one call (as when frames are skipped), so a band's
    /// dots stay in cache for all of them and memory bandwidth stops being the limit.
    static func blockedRows(_ threadCounts: [Int], dots: Int) -> [String] {
        var lines: [String] = []
        let steps = 30
        var blockedBase: Double?
        for t in threadCounts {
            var bestWall = Double.infinity
            for _ in 0..<3 {
                var plane = physicsPlane()
                let t0 = DispatchTime.now()
                plane.simulate(toStep: steps, workers: Workers(t))
                bestWall = min(bestWall, seconds(since: t0))
            }
            let rate = Double(dots * steps) / bestWall
            if blockedBase == nil { blockedBase = rate }
            lines.append("plane physics  \(t) thread\(t == 1 ? " " : "s"): \(format(rate / 1e6)) M dot-steps/s with 30 updates per call"
                         + " (speed-up \(format(rate / blockedBase!))x)")
        }
        return lines
    }

    /// Reach culling: the same plane with 100 live waves of every kind instead of 4 sources.
    static func wavesRows(_ threadCounts: [Int]) -> [String] {
        var lines: [String] = []
        let steps = 30
        for t in threadCounts {
            var best = Double.infinity
            for _ in 0..<3 {
                var plane = physicsPlane(waves: 100)
                let t0 = DispatchTime.now()
                for k in stride(from: 2, through: steps, by: 2) { plane.simulate(toStep: k, workers: Workers(t)) }
                best = min(best, seconds(since: t0))
            }
            let rate = Double(998_001 * steps) / best
            lines.append("plane physics  \(t) thread\(t == 1 ? " " : "s"): \(format(rate / 1e6)) M dot-steps/s with 100 live waves")
        }
        return lines
    }

    /// The sprite pass of the iPhone plane, and of the same plane with no dot visible (the background fill).
    static func spriteRows(_ threadCounts: [Int]) -> [String] {
        var lines: [String] = []
        var spriteBase: Double?
        for t in threadCounts {
            var plane = phonePlane(visible: true), empty = phonePlane(visible: false)
            plane.simulate(toStep: 40, workers: Workers(t))
            var fb = Framebuffer(width: 1170, height: 2532)
            func time(_ p: Plane) -> Double {
                var best = Double.infinity
                for _ in 0..<7 {
                    let t0 = DispatchTime.now()
                    p.render(into: &fb, scale: 3, workers: Workers(t))
                    best = min(best, seconds(since: t0))
                }
                return best
            }
            let best = time(plane), fill = time(empty)
            if spriteBase == nil { spriteBase = best }
            lines.append("plane sprites  \(t) thread\(t == 1 ? " " : "s"): \(format(best * 1e3)) ms per 1170x2532 frame"
                         + " (\(format(fill * 1e3)) ms of it the background fill; \(plane.dotCount) dots;"
                         + " speed-up \(format(spriteBase! / best))x)")
        }
        return lines
    }

    /// About a million dots, all displaced, four live sources.
    static func physicsPlane(waves: Int = 0) -> Plane {
        var c = PlaneConfiguration(canvas: Rect(x: 0, y: 0, width: 20_790, height: 20_790), appearance: .light)
        c.ambient.enabled = false
        let tint = c.accent(alpha: c.dotField)
        let many: [PlaneEvent] = (0..<waves).map { i in
            let e = Effect.allCases[i % Effect.allCases.count]
            let at = Point(Float(i % 10) * 2000 + 1000, Float(i / 10) * 2000 + 1000)
            return .effect(e, parameters: e.defaults, at: at, time: 0, tint: nil)
        }
        let events: [PlaneEvent] = waves > 0 ? many : [
            .effect(.ripple, parameters: Effect.ripple.defaults, at: Point(5000, 5000), time: 0, tint: nil),
            .effect(.bloom, parameters: Effect.bloom.defaults, at: Point(15000, 5000), time: 0, tint: nil),
            .field(Field(law: .vortex, center: Point(5000, 15000), tint: tint), time: 0, duration: nil),
            .drag(path: [Point(14000, 14000), Point(16000, 16000)], time: 0, duration: 10,
                  field: .drag(mode: .radialGravity, tint: tint)),
        ]
        var plane = Plane(configuration: c, events: events)
        for n in 0..<plane.dotCount {
            let a = Float(n % 97) * 0.0647
            plane.place(dot: n, displacement: Point(DMath.cos(a), DMath.sin(a)) * 2, velocity: Point(0.1, -0.1))
        }
        return plane
    }

    /// The iPhone plane with a drag, a tap and an ambient wave in flight.
    static func phonePlane(visible: Bool) -> Plane {
        var c = PlaneConfiguration(canvas: Rect(x: 0, y: 0, width: 390, height: 844), appearance: .light)
        c.ambient.first = 0
        c.visible = visible
        let tint = c.accent(alpha: c.dotField)
        let events: [PlaneEvent] = [
            .tap(at: Point(195, 300), time: 0),
            .drag(path: [Point(60, 600), Point(330, 700)], time: 0, duration: 1, field: .drag(tint: tint)),
        ]
        return Plane(configuration: c, events: events)
    }

    static func seconds(since t0: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds &- t0.uptimeNanoseconds) / 1e9
    }

    static func format(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return String(r)
    }
}

extension PlaneBenchmark {
    /// A scene's own plane: the physics from frame 0 to each of its first `frames` frames as the compositor
    /// advances it (`Compositor.physicsStep(forFrame:)`), best of 3, and the sprite pass of the last of them drawn
    /// whole, best of 7, for each thread count. Attachments bound to a glass panel stay where the scene puts them
    /// here (the compositor moves them with the panel), which changes their dots' paths, not the cost per dot.
    public static func report(document: SceneDocument, name: String, frames: Int, threadCounts: [Int]) -> String {
        let n = max(1, min(frames, document.frameCount))
        let steps = (0..<n).map { Compositor(document: document, workers: .single).physicsStep(forFrame: $0) }
        let w = document.canvas.pixelWidth, h = document.canvas.pixelHeight
        func fresh() -> Plane {
            Plane(configuration: document.plane.configuration, events: document.plane.events,
                  attachments: document.plane.attachments)
        }
        var lines: [String] = []
        for t in threadCounts {
            let workers = Workers(max(1, t))
            var physics = Double.infinity
            var plane = fresh()
            for _ in 0..<3 {
                var p = fresh()
                let t0 = DispatchTime.now()
                for s in steps { p.simulate(toStep: s, workers: workers) }
                physics = min(physics, seconds(since: t0))
                plane = p
            }
            var fb = Framebuffer(width: w, height: h)
            var sprites = Double.infinity
            for _ in 0..<7 {
                let t0 = DispatchTime.now()
                plane.render(into: &fb, scale: document.canvas.scale, workers: workers)
                sprites = min(sprites, seconds(since: t0))
            }
            lines.append("\(name) plane  \(t) thread\(t == 1 ? " " : "s"): physics \(String(format: "%.3f", physics / Double(n) * 1e3)) ms/frame"
                         + " (frames 0-\(n - 1), \(plane.dotCount) dots, \(document.plane.events.count) events);"
                         + " sprites \(format(sprites * 1e3)) ms per \(w)x\(h) frame drawn whole (frame \(n - 1))")
        }
        return lines.joined(separator: "\n")
    }
}
