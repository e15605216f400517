import Foundation
import Testing
import ChildProcess

/// A video backdrop whose decoder cannot run or dies: the scene is refused at decode when no ffmpeg can be
/// found (ffprobe alone is not enough), and a decoder that stops before a frame the render needs fails the run
/// with exit 2 and one message naming `plane.backdrop.video`; no frame without its backdrop is published.
@Suite struct VideoBackdropFaultTests {
    static let clip = ChildProcess.packageRoot.appendingPathComponent("scenes/backdrops/pan.mp4").path
    /// 30 frames at 30 fps over the 30 fps clip: scene frame n shows video frame n.
    static let scene = #"{"canvas": {"width": 65, "height": 98, "scale": 1}, "duration": 1, "fps": 30, "plane": {"backdrop": {"video": "\#(clip)"}}}"#

    /// The executable `name` on this process's PATH (the real ffprobe and ffmpeg the fakes stand beside).
    static func onPath(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs forkrender on the scene with `args` and PATH set to `path`.
    func run(_ args: [String], in dir: URL, path: String) throws -> ChildProcess.Outcome {
        let sceneFile = dir.appendingPathComponent("s.json")
        try Self.scene.write(to: sceneFile, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = path
        return try ChildProcess.run(CLI.binary, [sceneFile.path] + args + ["-q"], environment: env, timeout: 120)
    }

    @Test func ffmpegMissingBesideFFprobeIsRefusedAtDecode() throws {
        let dir = CLI.temporaryFolder("backdrop-no-ffmpeg")
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let ffprobe = try #require(Self.onPath("ffprobe"))
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("ffprobe").path, withDestinationPath: ffprobe)
        let o = try run(["-o", dir.appendingPathComponent("frames").path], in: dir, path: bin.path)
        #expect(o.status == 2, "\(o.err)")
        #expect(o.err.contains("error: plane.backdrop.video: ") && o.err.contains("ffmpeg is not installed (the video backdrop is decoded by it"), "\(o.err)")
        #expect(o.err.split(separator: "\n").count == 1, "one message: \(o.err)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("frames").path), "nothing written")
    }

    /// A fake ffmpeg first on PATH: as the backdrop's decoder (raw frames to its stdout) it writes three frames
    /// of the clip's 130 x 196 yuv420p and exits 1; as the `--video` encoder it is the real ffmpeg.
    func fakeDecoder(in dir: URL) throws -> String {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let real = try #require(Self.onPath("ffmpeg"))
        try ChildProcess.writeProgram("""
            #!/bin/bash
            if [ "${@: -1}" = "pipe:1" ]; then
              head -c \(3 * 130 * 196 * 3 / 2) /dev/zero
              echo "fake decoder: cannot decode packet" >&2
              exit 1
            fi
            exec "\(real)" "$@"
            """, to: bin.appendingPathComponent("ffmpeg"))
        return bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    @Test(arguments: ["frames", "video"])
    func aDecoderDyingMidStreamFailsTheRun(output: String) throws {
        let dir = CLI.temporaryFolder("backdrop-decoder-dies-\(output)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let frames = dir.appendingPathComponent("frames"), video = dir.appendingPathComponent("out.mp4")
        let o = try run(output == "frames" ? ["-o", frames.path] : ["--video", video.path], in: dir, path: try fakeDecoder(in: dir))
        #expect(o.status == 2, "\(o.err)")
        #expect(o.err.hasPrefix("error: plane.backdrop.video: ") && o.err.contains("for scene frame 3: ffmpeg stopped with exit status 1 after 3 of the clip's 60 frames ('fake decoder: cannot decode packet')"), "\(o.err)")
        // Frames 0-2 showed their video frames and may stay (each written whole); none from frame 3 on.
        let published = CLI.files(in: frames)
        #expect(published.allSatisfy { ["0000.png", "0001.png", "0002.png"].contains($0) }, "\(published)")
        #expect(!FileManager.default.fileExists(atPath: video.path), "the video was published")
        #expect(CLI.files(in: dir).allSatisfy { ["bin", "s.json", "frames"].contains($0) }, "\(CLI.files(in: dir))")
    }
}
