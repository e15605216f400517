import Dispatch
import Foundation
import Glass
import Raster
import SceneFormat
import Compose
import Output
import Media

/// `forkrender bench --peers`: forkrender's figures as ratios against real peers run on this machine in the
/// same run, so that anyone can check docs/performance.md on a shared, noisy machine: libpng alone, ffmpeg's
/// `gblur`, ffmpeg encoding the same raw frames alone, a memory copy, and headless Chromium capturing the web twin
/// frame by frame (BenchBrowserPeer). A peer that is not installed is skipped with a note.
public enum BenchPeers {
    public static func run(_ bench: BenchRun) {
        let threads = bench.threadCounts.max() ?? Workers.allCores.count
        let workers = Workers(threads)
        let document = bench.document
        let w = document.canvas.pixelWidth, h = document.canvas.pixelHeight
        print("\npeers: \(bench.name) \(w)x\(h), \(threads) threads; every ratio from this run")
        let dir = NSTemporaryDirectory() + "forkrender-peers-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let index = min(60, document.frameCount - 1)
        let frame = EncodeBenchmark.frame(of: document, index: index)

        let e = encoding(frame, index: index)
        pngFolder(document, workers: workers, threads: threads, dir: dir, frame: frame, deflate: e.deflate)
        blur(frame, dir: dir)

        // --video against ffmpeg encoding the same raw frames alone with the same arguments.
        BenchVideoPeer.run(document: document, frames: bench.frames, workers: workers, dir: dir)
        // The web tier against headless Chromium capturing the same page frame by frame.
        BenchBrowserPeer.run(bench, workers: workers, dir: dir)
    }

    /// Encoding against libpng alone and a memory copy, on the scene's frame.
    static func encoding(_ frame: Framebuffer, index: Int) -> EncodeBenchmark.Figures {
        let e = EncodeBenchmark.measure(frame, repeats: 5)
        print("  encoding: frame \(index)")
        row("quantize + filter, 1 thread", e.scanlines, "ms/frame", e.readWrite, "one read of the float frame + one write of the bytes")
        row("memory copy of a float frame", e.copy, "ms", e.readWrite, "one read of the float frame + one write of the bytes")
        row("igzip + libpng chunks, 1 thread", e.deflate, "ms/frame", e.libpng, "libpng alone, 1 thread")
        row("zlib + libpng chunks, 1 thread", e.zlibDeflate, "ms/frame", e.libpng, "libpng alone, 1 thread")
        row("quantize to PNG, by band, 1 thread", e.bandByBand, "ms/frame", e.libpng, "libpng alone, 1 thread (no cache)")
        return e
    }

    /// The PNG folder render, through the real sink and file system, against libpng alone encoding as many
    /// frames (the scene's frame, `threads` at once), the two in turns, each the best of three. Always the
    /// scene's every frame, whatever `--frames` says: the first frames, where the plane changes least, would
    /// flatter the band cache.
    static func pngFolder(_ document: SceneDocument, workers: Workers, threads: Int, dir: String, frame: Framebuffer,
                          deflate: Double) {
        let samples = frame.rgba8(dither: true)
        let w = frame.width, h = frame.height
        let folder = dir + "/frames"
        let everyFrame = document.frameCount
        var ours = (wall: Double.infinity, cpu: Double.infinity)
        var libpng = (wall: Double.infinity, cpu: Double.infinity)
        var bands = PNGBandCache.Statistics()
        for run in 0..<3 {
            if let sink = try? PNGFolderSink(folder: folder, settings: EncodeSettings(dither: document.dither),
                                             frameCount: everyFrame) {
                // The band statistics from the first run, which alone times its compressing (two system calls a
                // band: PNGBandCache.timesCompression); the best wall is then most likely an untimed run's.
                sink.bands.timesCompression = run == 0
                if let r = try? RenderPipeline(document: document, workers: workers).run(frames: Array(0..<everyFrame), sinks: [sink]) {
                    if r.wall / Double(everyFrame) * 1000 < ours.wall {
                        ours = (r.wall / Double(everyFrame) * 1000, r.cpu / Double(everyFrame) * 1000)
                    }
                    if run == 0 { bands = sink.bands.statistics }
                }
            }
            try? FileManager.default.removeItem(atPath: folder)
            let peer = libpngThroughput(samples, width: w, height: h, threads: threads,
                                        rounds: max(1, everyFrame / threads), tries: 1)
            if peer.wall < libpng.wall { libpng = peer }
        }
        row("PNG folder render, wall", ours.wall, "ms/frame", libpng.wall,
            "libpng alone, \(threads) frames at once (per frame), as many frames; frames 0-\(everyFrame - 1), best of 3 in turns")
        print("  " + "  CPU".padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "%8.2f ms/frame  x%.2f of libpng alone's CPU (%.2f)", ours.cpu, ours.cpu / libpng.cpu, libpng.cpu))
        print("  " + "  bands reused from earlier frames".padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "%8.1f %%  of %d bands of %d rows", bands.reusedShare * 100, bands.reused + bands.compressed,
                       PNG.bandRows))
        print("  " + "  bands reused unquantized".padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "%8.1f %%  of all bands (the compositor vouched for them: FrameHistory)",
                       Double(bands.unquantized) / Double(max(1, bands.reused + bands.compressed)) * 100))
        row("  igzip CPU with the band cache", bands.compressSeconds / Double(everyFrame) * 1000, "ms/frame", deflate,
            "igzip + libpng chunks, no cache, 1 thread")
    }

    /// Blur against ffmpeg's gblur on the same frame, one thread each.
    static func blur(_ frame: Framebuffer, dir: String) {
        let samples = frame.rgba8(dither: true)
        let w = frame.width, h = frame.height
        let raw = dir + "/frame.rgba"
        _ = FileManager.default.createFile(atPath: raw, contents: Data(samples))
        let all = PixelRect(frame)
        for sigma: Float in [6, 60, 120] {
            let blur = GaussianBlur(sigma: sigma)
            var ours = Double.infinity
            for _ in 0..<5 {
                let t0 = DispatchTime.now()
                _ = blur.apply(frame, region: all, backdrop: all, workers: .single)
                ours = min(ours, seconds(since: t0) * 1000)
            }
            let peer = ffmpegFilterPerFrame(raw, width: w, height: h, filter: "gblur=sigma=\(Int(sigma)):steps=3")
            row("blur sigma \(Int(sigma)), 1 thread", ours, "ms/frame", peer ?? .nan,
                peer == nil ? "ffmpeg not found: peer skipped" : "ffmpeg gblur sigma=60:steps=3, 1 thread".replacingOccurrences(of: "60", with: "\(Int(sigma))"))
        }
        unlink(raw)
    }

    /// Milliseconds per frame, wall and CPU, of libpng encoding `samples` with zlib at forkrender's zlib default
    /// (level 1, filter up, `Z_RLE`), `threads` frames at once: the best of `tries` runs of `rounds` frames per
    /// thread.
    static func libpngThroughput(_ samples: [UInt8], width: Int, height: Int, threads: Int, rounds: Int,
                                 tries: Int) -> (wall: Double, cpu: Double) {
        var best = (wall: Double.infinity, cpu: Double.infinity)
        for _ in 0..<tries {
            let t0 = DispatchTime.now(), c0 = CPUClock.process
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<rounds { _ = try? PNG.encode(rgba8: samples, width: width, height: height, options: .default) }
            }
            let n = Double(threads * rounds)
            let run = (wall: seconds(since: t0) * 1000 / n, cpu: (CPUClock.process - c0) * 1000 / n)
            if run.wall < best.wall { best = run }
        }
        return best
    }

    /// Milliseconds per frame of an ffmpeg video filter on one thread: ten frames through `filter` minus ten
    /// through `null` (reading and decoding the raw input), divided by ten. Includes any pixel format
    /// conversion the filter asks for. Nil without ffmpeg.
    static func ffmpegFilterPerFrame(_ raw: String, width: Int, height: Int, filter: String) -> Double? {
        guard let ffmpeg = VideoEncoder.findFFmpeg() else { return nil }
        func time(_ vf: String) -> Double {
            var best = Double.infinity
            for _ in 0..<3 {
                let arguments = ["-hide_banner", "-loglevel", "error", "-threads", "1", "-filter_threads", "1",
                                 "-stream_loop", "9", "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(width)x\(height)",
                                 "-i", raw, "-vf", vf, "-f", "null", "-"]
                let t0 = DispatchTime.now()
                guard let p = try? ProcessGroup(running: ffmpeg, arguments: arguments) else { return .nan }
                p.wait()
                best = min(best, seconds(since: t0))
            }
            return best
        }
        return max(0, time(filter) - time("null")) * 100
    }

    static func row(_ name: String, _ value: Double, _ unit: String, _ peer: Double, _ peerName: String) {
        print("  " + name.padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "%8.2f %@  x%.2f of %@ (%.2f)", value, unit, value / peer, peerName, peer))
    }

    static func seconds(since t0: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - t0.uptimeNanoseconds) / 1e9
    }

    /// CPU seconds (user + system) of this process's children that have ended and been waited for.
    static var childrenCPU: Double {
        var u = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &u)
        #else
        getrusage(RUSAGE_CHILDREN, &u)
        #endif
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }
}
