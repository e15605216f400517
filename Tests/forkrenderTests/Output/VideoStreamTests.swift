import Foundation
import Testing
import ChildProcess
@testable import Raster
@testable import Media

/// The raw stream `--video` hands ffmpeg, captured by a wrapper first on PATH that copies its stdin to a file
/// and runs the real ffmpeg on it: yuv420p planes (Sources/Media/Color/YUV420.swift) equal to the plain rule applied
/// to the PNG frames of the same scene, byte-identical for 1, 2 and 8 threads and across shards, whatever
/// spare buffer (holding whichever earlier frame) each frame was converted into. Skipped with a printed
/// reason without ffmpeg.
@Suite(.serialized) struct VideoStreamTests {
    static func realFFmpeg() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/ffmpeg" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs forkrender with `args` and a wrapper ffmpeg that tees its input to `stream`; the stream's bytes.
    static func stream(_ args: [String], in dir: URL, name: String, ffmpeg: String) throws -> [UInt8] {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let captured = dir.appendingPathComponent(name)
        let wrapper = bin.appendingPathComponent("ffmpeg")
        try ChildProcess.writeProgram("#!/bin/bash\ntee \"$STREAM\" | exec \(ffmpeg) \"$@\"\n", to: wrapper)
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["STREAM"] = captured.path
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(args): \(text)")
        return [UInt8](try Data(contentsOf: captured))
    }

    @Test func theStreamIsTheRuleAppliedToTheFramesOnEveryThreadCountAndShard() throws {
        guard let ffmpeg = Self.realFFmpeg() else {
            print("VideoStreamTests: ffmpeg not found on PATH, skipped")
            return
        }
        let dir = CLI.temporaryFolder("video-stream")
        // Moving Liquid Glass controls over the dots at 390 x 844 px: rows change where the controls move and
        // where dots ripple, the rest repeats (the conversion reuses an earlier frame's rows there).
        let scene = CLI.root.appendingPathComponent("scenes/liquid-merge.json").path
        let common = [scene, "--scale", "1", "--frames", "20..35", "-q"]
        let mp4 = dir.appendingPathComponent("v.mp4").path
        let one = try Self.stream(common + ["--video", mp4, "--threads", "1"], in: dir, name: "t1", ffmpeg: ffmpeg)
        let (w, h) = (390, 844), frame = YUV420.byteCount(width: 390, height: 844)
        #expect(one.count == 16 * frame)
        for threads in ["2", "8"] {
            let other = try Self.stream(common + ["--video", mp4, "--threads", threads], in: dir, name: "t" + threads, ffmpeg: ffmpeg)
            let same = other == one
            #expect(same, "--threads \(threads)")
        }
        let first = try Self.stream(common + ["--video", mp4, "--shard", "0/2"], in: dir, name: "s0", ffmpeg: ffmpeg)
        let second = try Self.stream(common + ["--video", mp4, "--shard", "1/2"], in: dir, name: "s1", ffmpeg: ffmpeg)
        let shardsMatch = first + second == one
        #expect(shardsMatch, "shards")

        let frames = dir.appendingPathComponent("png").path
        let r = try CLI.run(common + ["-o", frames])
        #expect(r.status == 0, "\(r.stderr)")
        for (k, name) in CLI.files(in: URL(fileURLWithPath: frames)).enumerated() where k < 16 {
            let png = try PNG.read(path: frames + "/" + name)
            let expected = YUV420Reference.planes(.video, rgba: png.rgba8, width: w, height: h)
            let same = Array(one[(k * frame)..<((k + 1) * frame)]) == expected
            #expect(same, "frame \(name)")
        }
    }
}
