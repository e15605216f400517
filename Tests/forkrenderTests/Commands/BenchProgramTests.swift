import ChildProcess
import Foundation
import Testing

/// `forkrender-bench scene.json` (the benchmarks' own program) measures that scene, decoded as the render command decodes it: its size (with
/// `--scale`), its frames, and the glass stage drawing by drawing with each drawing's panels and tier.
@Suite struct BenchProgramTests {
    /// Two liquid panels in one container (one drawing) and a frosted one, 3 frames at scale 1: small enough
    /// that a debug build measures it in well under a second.
    static let scene = #"""
        {"canvas": {"width": 120, "height": 90, "scale": 1}, "duration": 0.1, "fps": 30,
         "glass": [{"id": "left", "frame": [10, 10, 40, 30], "container": "pair"},
                   {"id": "right", "frame": [45, 10, 40, 30], "container": "pair"},
                   {"id": "sheet", "frame": [10, 50, 100, 30], "tier": "frosted"}]}
        """#

    static func bench(_ args: [String], cwd: URL? = nil) throws -> CLI.Result {
        let r = try ChildProcess.run(ChildProcess.forkrenderBench, args, cwd: cwd)
        return CLI.Result(status: r.status, stdout: r.stdout, stderr: r.err)
    }

    /// The installed program keeps only a pointer: `forkrender bench` says where the benchmarks went, exit 2.
    @Test func theInstalledProgramPointsToTheBenchProgram() throws {
        let r = try CLI.run(["bench", "--only", "glass"])
        #expect(r.status == 2 && r.out.isEmpty)
        #expect(r.stderr == "error: 'forkrender bench' is now 'forkrender-bench', built from the source tree and not installed:"
                + " swift run -c release forkrender-bench --only glass\n")
    }

    /// A typo gets the usage line and a suggestion, as the installed program's commands do.
    @Test func aTypoIsAUsageError() throws {
        let r = try Self.bench(["--peer"])
        #expect(r.status == 2 && r.out.isEmpty)
        #expect(r.stderr == "Error: Unknown option '--peer'. Did you mean '--peers'?\nUsage: forkrender-bench [<scene.json>] "
                + "[--frames <n>] [--threads <list>] [--only <section>] [--peers] [--scale <s>]\n"
                + "  See 'forkrender-bench --help' for more information.\n")
    }

    @Test func measuresTheGivenSceneDrawingByDrawing() throws {
        let dir = CLI.temporaryFolder("bench")
        let file = dir.appendingPathComponent("pair.json").path
        try Self.scene.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Self.bench([file, "--only", "pipeline", "--frames", "2", "--threads", "1", "--scale", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.out
        #expect(out.contains("pair.json, 240x180, 3 frames at 30 fps, 3 glass panels"), "\(out)")
        #expect(out.contains("pipeline: pair.json 240x180, 2 frames"), "\(out)")
        let rows = out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        // panels, tier, ms/f, px/frame, reused, frames: the container is one liquid drawing of both panels.
        let pair = rows.first { $0.first == "left," }
        #expect(pair?.dropFirst().first == "right")
        #expect(pair?.dropFirst(2).first == "liquid")
        #expect(pair?.last == "2")
        let sheet = rows.first { $0.first == "sheet" }
        #expect(sheet?.dropFirst().first == "frosted")
        #expect(sheet?.last == "2")
        // The frosted surface may write its 200 x 60 px box, and a little more for its anti-aliased edge.
        let pixels = sheet.flatMap { $0.count > 3 ? Int($0[3]) : nil } ?? 0
        #expect(pixels >= 200 * 60 && pixels <= 204 * 64, "\(sheet ?? [])")
        // Nothing under the sheet changes between the two frames, so the second copies it (GlassReuse); liquid
        // drawings are never kept.
        #expect(sheet?.dropFirst(4).first == "50.0%")
        #expect(pair?.dropFirst(5).first == "0.0%")
    }

    @Test func aBadSceneIsOneMessageAndExit2() throws {
        let dir = CLI.temporaryFolder("bench-bad")
        let file = dir.appendingPathComponent("bad.json").path
        try "{\n  \"canvas\": {\"width\": 0}\n}".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Self.bench([file, "--only", "pipeline"])
        #expect(r.status == 2)
        #expect(r.stderr == "\(file):2:23: error: canvas.width: expected a positive number of at most 100000 pt, found 0\n")
        #expect(r.out.isEmpty)
        let missing = try Self.bench([dir.appendingPathComponent("none.json").path])
        #expect(missing.status == 2 && missing.out.isEmpty && !missing.stderr.isEmpty)
    }

    /// The browser peer needs the package's driver script, which the binary does not ship: run from a folder
    /// without it, bench says where it looked and skips that peer, and the other peers and the exit stay as they are.
    @Test func aPeerWithoutThePackagesFilesSaysSoAndSkips() throws {
        let dir = CLI.temporaryFolder("bench-peers")
        let file = dir.appendingPathComponent("web.json").path
        try #"""
            {"canvas": {"width": 120, "height": 90, "scale": 1}, "duration": 0.1, "fps": 30,
             "glass": [{"id": "page", "frame": [10, 10, 40, 30], "tier": "web"}]}
            """#.write(toFile: file, atomically: true, encoding: .utf8)
        let r = try Self.bench([file, "--only", "pipeline", "--peers", "--frames", "2", "--threads", "1"], cwd: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.contains("peers: web.json 120x90"), "\(r.out)")
        let skip = "  browser: scripts/bench-peers/chromium_frames.py not found in \(dir.path) (run bench from the forkrender "
            + "package, or set FORKRENDER_PACKAGE to it): Chromium peer skipped"
        #expect(r.out.split(separator: "\n").contains { $0 == skip }, "\(r.out)")
    }
}
