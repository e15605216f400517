import Foundation
import Testing
import ChildProcess

/// `--video` when ffmpeg misbehaves: a fake `ffmpeg` first on PATH stalls, dies, or writes half a file and
/// exits 0 (what ffmpeg 5.1 does on a full disk). Whatever happens, forkrender publishes nothing, leaves no
/// temporary file, log or ffmpeg process behind, and a Ctrl-C stops it at once.
@Suite(.serialized) struct VideoFaultTests {
    /// 300 x 300 px frames (135 KB of yuv420p) are larger than a pipe's buffer (64 KiB), so a stalled reader
    /// blocks the first write.
    let scene = #"{"canvas": {"width": 150, "height": 150, "scale": 2}, "duration": 1, "fps": 30}"#

    struct Outcome {
        var status: Int32
        var stderr: String
        /// Seconds from the first signal to the exit.
        var afterSignal: Double
        var pid: Int32
    }

    /// Runs forkrender on the scene with `--video out.mp4` and a fake ffmpeg running `body` (bash; `$out` is
    /// the output path ffmpeg was given, `$dir` the test folder); sends `signals` (signal, seconds after start).
    func run(_ body: String, in dir: URL, signals: [(Int32, Double)] = []) throws -> Outcome {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try ChildProcess.writeProgram("#!/bin/bash\nout=\"${@: -1}\"\ndir=\"\(dir.path)\"\n\(body)\n", to: fake)
        let sceneFile = dir.appendingPathComponent("s.json")
        try scene.write(to: sceneFile, atomically: true, encoding: .utf8)

        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = [sceneFile.path, "--video", dir.appendingPathComponent("out.mp4").path, "-q"]
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let start = Date()
        var signalled: Date?
        for (sig, at) in signals {
            let wait = at - Date().timeIntervalSince(start)
            if wait > 0 { Thread.sleep(forTimeInterval: wait) }
            if signalled == nil { signalled = Date() }
            kill(p.processIdentifier, sig)
        }
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Outcome(status: p.terminationStatus, stderr: text,
                       afterSignal: signalled.map { Date().timeIntervalSince($0) } ?? 0, pid: p.processIdentifier)
    }

    /// Nothing published, nothing hidden left in the folder, no ffmpeg log in the temporary folder.
    func expectNothingLeft(_ dir: URL, _ o: Outcome) {
        let left = CLI.files(in: dir).filter { $0 != "bin" && $0 != "s.json" && $0 != "pid" }
        #expect(left.isEmpty, "left behind: \(left)")
        let log = NSTemporaryDirectory() + "forkrender-ffmpeg-\(o.pid).log"
        #expect(!FileManager.default.fileExists(atPath: log), "ffmpeg's log was left at \(log)")
    }

    /// The fake ffmpeg's process (it wrote its pid) is gone.
    func expectFFmpegGone(_ dir: URL) throws {
        let pid = Int32(try String(contentsOf: dir.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(pid > 0)
        #expect(kill(pid, 0) != 0, "ffmpeg (pid \(pid)) is still running")
    }

    @Test func fullDiskTrailerErrorPublishesNothing() throws {
        let dir = CLI.temporaryFolder("video-trailer")
        let o = try run("""
            cat > /dev/null
            printf 'ftyp-but-no-moov' > "$out"
            echo "[mp4 @ 0x1] Error writing trailer of $out: No space left on device" >&2
            exit 0
            """, in: dir)
        // The machine failed, not the input: 3, which a job controller retries.
        #expect(o.status == 3, "\(o.stderr)")
        #expect(o.stderr.contains("No space left on device"), "\(o.stderr)")
        expectNothingLeft(dir, o)
    }

    /// ffmpeg that exits 0 and says nothing but wrote a broken file: ffprobe catches it.
    @Test func silentlyBrokenVideoPublishesNothing() throws {
        let dir = CLI.temporaryFolder("video-silent")
        let o = try run("""
            cat > /dev/null
            printf 'not a video' > "$out"
            exit 0
            """, in: dir)
        // The machine failed, not the input: 3, which a job controller retries.
        #expect(o.status == 3, "\(o.stderr)")
        #expect(o.stderr.contains("incomplete video"), "\(o.stderr)")
        expectNothingLeft(dir, o)
    }

    @Test func ffmpegDyingMidwayIsAnError() throws {
        let dir = CLI.temporaryFolder("video-dies")
        let o = try run("""
            head -c 1000 > /dev/null
            echo "boom: encoder crashed" >&2
            exit 1
            """, in: dir)
        // The machine failed, not the input: 3, which a job controller retries.
        #expect(o.status == 3, "\(o.stderr)")
        #expect(o.stderr.contains("boom"), "\(o.stderr)")
        expectNothingLeft(dir, o)
    }

    /// An ffmpeg that stops reading: the first Ctrl-C stops forkrender within a second, kills ffmpeg and
    /// removes every temporary file. (Measured: about 0.1 s.)
    @Test(arguments: [[SIGINT], [SIGINT, SIGINT], [SIGTERM], [SIGHUP]])
    func stalledFFmpegStopsAtTheFirstSignal(signals: [Int32]) throws {
        let dir = CLI.temporaryFolder("video-stall-\(signals.count)-\(signals[0])")
        let o = try run("""
            echo $$ > "$dir/pid"
            exec sleep 600
            """, in: dir, signals: signals.enumerated().map { ($0.element, 1.5 + 0.05 * Double($0.offset)) })
        #expect(o.status == 130, "\(o.stderr)")
        #expect(o.afterSignal < 1.0, "took \(o.afterSignal) s after the signal")
        expectNothingLeft(dir, o)
        try expectFFmpegGone(dir)
    }

    /// Whether `pid` is a live process: signalable and, on Linux, not a zombie waiting for init to reap it (a
    /// killed grandchild is re-parented to init, which may take a while to reap it; it runs nothing meanwhile).
    static func running(_ pid: Int32) -> Bool {
        guard pid > 0, kill(pid, 0) == 0 else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }

    /// ffmpeg behind a wrapper script that does not `exec` (as distributions and users write them): the wrapper's
    /// child holds the pipe and reads nothing. One signal stops forkrender within a second with 130, and every
    /// process of the group is gone: ffmpeg runs in a process group of its own, the pipe is polled, and abort
    /// kills the group. (Before: killing the wrapper left the child holding the pipe, the blocked write never
    /// returned, and only a second Ctrl-C ended forkrender, 10 s later.)
    @Test(arguments: [SIGINT, SIGTERM])
    func stalledFFmpegWrapperThatDoesNotExecStopsAtTheFirstSignal(signal: Int32) throws {
        let dir = CLI.temporaryFolder("video-wrapper-\(signal)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let o = try run("""
            echo $$ > "$dir/pid"
            sleep 600 <&0 &
            echo $! > "$dir/child"
            wait
            exit 0
            """, in: dir, signals: [(signal, 1.5)])
        #expect(o.status == 130, "\(o.stderr)")
        #expect(o.afterSignal < 1.0, "took \(o.afterSignal) s after the signal")
        let child = Int32(try String(contentsOf: dir.appendingPathComponent("child"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let wrapper = Int32(try String(contentsOf: dir.appendingPathComponent("pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(child > 0 && wrapper > 0)
        #expect(!Self.running(wrapper), "the wrapper (pid \(wrapper)) is still running")
        #expect(!Self.running(child), "the wrapper's child (pid \(child)) is still running")
        let left = CLI.files(in: dir).filter { !["bin", "s.json", "pid", "child"].contains($0) }
        #expect(left.isEmpty, "left behind: \(left)")
        let log = NSTemporaryDirectory() + "forkrender-ffmpeg-\(o.pid).log"
        #expect(!FileManager.default.fileExists(atPath: log), "ffmpeg's log was left at \(log)")
    }
}
