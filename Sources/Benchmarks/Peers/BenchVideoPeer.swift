import Dispatch
import Foundation
import Raster
import SceneFormat
import Compose
import Output
import Media

/// The `--video` row of `bench --peers`: forkrender `--video` (a RenderPipeline into the real VideoSink) against
/// ffmpeg alone encoding the same frames, raw RGBA from a file, with the same arguments (`VideoSink.arguments`).
///
/// Over at least 120 frames (the showcase's 120), as the best of three runs in turns, CPU seconds beside wall
/// seconds: ours is this process's CPU plus ffmpeg's (and ffprobe's check) as its waited-for children. Fewer
/// frames would let x264's start-up and look-ahead dominate both columns.
enum BenchVideoPeer {
    /// The frames the row needs at least.
    static let minimumFrames = 120

    static func run(document: SceneDocument, frames requested: Int, workers: Workers, dir: String) {
        guard let ffmpeg = VideoEncoder.findFFmpeg() else {
            print("  --video: ffmpeg not found: peer skipped")
            return
        }
        let w = document.canvas.pixelWidth, h = document.canvas.pixelHeight
        let count = min(document.frameCount, max(minimumFrames, requested))
        if count < minimumFrames {
            print("  --video: the scene has only \(count) frames, fewer than the \(minimumFrames) this row is meant for:"
                  + " x264's start-up and look-ahead weigh more in both columns")
        }
        // The raw frames go to a file, so that ffmpeg alone reads them as fast as it can: check the room first.
        let rawBytes = Double(count) * Double(w) * Double(h) * 4
        let free = ((try? FileManager.default.attributesOfFileSystem(forPath: dir))?[.systemFreeSize] as? NSNumber)?.doubleValue ?? 0
        let margin = 512e6
        guard free >= rawBytes + margin else {
            print(String(format: "  --video: %.2f GB free in %@, %.2f GB of raw frames needed (and 0.5 GB to spare): peer skipped",
                         free / 1e9, dir, rawBytes / 1e9))
            return
        }
        print(String(format: "  --video: %d frames, best of 3 in turns; %.2f GB of raw RGBA frames written to %@ (%.1f GB free there)",
                     count, rawBytes / 1e9, dir, free / 1e9))
        let raw = dir + "/frames.rgba"
        defer { unlink(raw) }
        _ = FileManager.default.createFile(atPath: raw, contents: nil)
        guard let out = FileHandle(forWritingAtPath: raw) else { return }
        var compositor = Compositor(document: document, workers: workers)
        for i in 0..<count { out.write(Data(compositor.render(frame: i).rgba8(dither: document.dither))) }
        try? out.close()

        var ours = Measure(), alone = Measure()
        for round in 0..<3 {
            // ffmpeg alone: the same frames, the same arguments, its own CPU as our waited-for child.
            let c0 = BenchPeers.childrenCPU, t0 = DispatchTime.now()
            let arguments = VideoEncoder.arguments(format: "mp4", width: w, height: h, fps: document.fps, input: raw,
                                                   output: dir + "/alone-\(round).mp4")
            // Started as the sink starts its ffmpeg, without transparent huge pages: the same work, so the row
            // compares the pipelines, not the two processes' page sizes. Its end is waited for (the reaper's
            // waitpid), so its CPU is in `childrenCPU`.
            guard let p = try? ProcessGroup(running: ffmpeg, arguments: arguments, hugePages: false) else { return }
            p.wait()
            alone.add(wall: BenchPeers.seconds(since: t0), cpu: BenchPeers.childrenCPU - c0)
            unlink(dir + "/alone-\(round).mp4")

            // forkrender --video: render and encode through the sink, our CPU plus the children's.
            let k0 = BenchPeers.childrenCPU
            if let sink = try? VideoSink(path: dir + "/ours-\(round).mp4", width: w, height: h, fps: document.fps,
                                         dither: document.dither),
               let r = try? RenderPipeline(document: document, workers: workers).run(frames: Array(0..<count), sinks: [sink]) {
                ours.add(wall: r.wall, cpu: r.cpu + BenchPeers.childrenCPU - k0)
            }
            unlink(dir + "/ours-\(round).mp4")
        }
        print(ours.line("forkrender --video mp4", frames: count))
        print(alone.line("ffmpeg alone, same raw frames", frames: count))
        print("  " + "--video against ffmpeg alone".padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "   x%.2f frames/s (best wall against best wall); CPU x%.2f (ours / ffmpeg's)",
                       alone.wall / ours.wall, ours.cpu / alone.cpu))
    }

    /// The best of some runs: the least wall time and, separately, the least CPU time.
    struct Measure {
        var wall = Double.infinity
        var cpu = Double.infinity
        var runs = 0

        mutating func add(wall w: Double, cpu c: Double) {
            wall = min(wall, w)
            cpu = min(cpu, c)
            runs += 1
        }

        func line(_ name: String, frames: Int) -> String {
            "  " + name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + String(format: "%8.2f frames/s  wall %.2f s, CPU %.2f s (%.1f ms/frame), best of %d",
                         Double(frames) / wall, wall, cpu, cpu / Double(frames) * 1000, runs)
        }
    }
}
