import Foundation
import Testing

/// A render never leaves frames of another render beside its own: a folder holding `NNNN.png` files it will
/// not overwrite is refused (the count and `--clean` in the message) or, with `--clean`, emptied of them
/// before the first new frame. The parts of one render (`--frames`, `--shard`) share a folder.
@Suite struct StaleFrameTests {
    /// A 60 x 45 pt scene at scale 1 of `seconds` at 30 fps.
    static func scene(_ dir: URL, seconds: Int, name: String = "scene") throws -> String {
        let path = dir.appendingPathComponent("\(name).json").path
        try #"{"canvas": {"width": 60, "height": 45, "scale": 1}, "duration": \#(seconds), "fps": 30, "plane": {"spacing": 10, "dotSize": 4}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func frames(_ count: Int) -> [String] { (0..<count).map { String(format: "%04d.png", $0) } }

    /// Frame files in the folder (other files left out).
    static func frameFiles(_ dir: URL) -> [String] {
        CLI.files(in: dir).filter { $0.hasSuffix(".png") && $0.dropLast(4).allSatisfy(\.isNumber) }
    }

    @Test func aShorterRenderIsRefusedWithTheCountOrCleansWithClean() throws {
        let dir = CLI.temporaryFolder("stale-refuse")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let long = try Self.scene(dir, seconds: 2, name: "long"), short = try Self.scene(dir, seconds: 1, name: "short")
        #expect(try CLI.run([long, "-o", out.path, "-q"]).status == 0)
        #expect(Self.frameFiles(out) == Self.frames(60))
        try Data("notes".utf8).write(to: out.appendingPathComponent("README.txt"))
        let before = try Data(contentsOf: out.appendingPathComponent("0000.png"))

        let refused = try CLI.run([short, "-o", out.path, "-q"])
        #expect(refused.status == 2)
        #expect(refused.stderr == "error: output folder '\(out.path)' holds 30 frames this render will not overwrite (0030.png to 0059.png), which would mix with its own; pass --clean to remove them first, or render into an empty folder\n", "\(refused.stderr)")
        // Nothing written, nothing removed.
        #expect(Self.frameFiles(out) == Self.frames(60))
        #expect(try Data(contentsOf: out.appendingPathComponent("0000.png")) == before)

        let cleaned = try CLI.run([short, "-o", out.path, "--clean"])
        #expect(cleaned.status == 0, "\(cleaned.stderr)")
        #expect(cleaned.stderr.contains("note: removed 30 stale frames from '\(out.path)' (--clean)"), "\(cleaned.stderr)")
        #expect(Self.frameFiles(out) == Self.frames(30))
        #expect(CLI.files(in: out).contains("README.txt"), "other files are not frames")
        // The same render again writes exactly the frames there: nothing to refuse.
        #expect(try CLI.run([short, "-o", out.path, "-q"]).status == 0)
        #expect(Self.frameFiles(out) == Self.frames(30))
    }

    @Test func framesNamedAsNoFrameOfThisRenderAreStaleToo() throws {
        let dir = CLI.temporaryFolder("stale-names")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // Five digits: a frame of a render of 10,000 frames or more, whatever its number.
        for name in ["00003.png", "12.png", "0003.PNG", ".0003.png.tmp-1.png", "clip.mp4"] {
            try Data().write(to: out.appendingPathComponent(name))
        }
        let scene = try Self.scene(dir, seconds: 1)
        let refused = try CLI.run([scene, "-o", out.path, "-q"])
        #expect(refused.status == 2 && refused.stderr.contains("holds 1 frame this render will not overwrite (00003.png)"), "\(refused.stderr)")
        #expect(try CLI.run([scene, "-o", out.path, "-q", "--clean"]).status == 0)
        #expect(Set(CLI.files(in: out)) == Set([".0003.png.tmp-1.png", "0003.PNG", "12.png", "clip.mp4"] + Self.frames(30)))
    }

    @Test func thePartsOfOneRenderShareAFolder() throws {
        let dir = CLI.temporaryFolder("stale-parts")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        let scene = try Self.scene(dir, seconds: 2)
        // Shard 1 first, then shard 0 into the folder holding shard 1's frames: one render, not two.
        #expect(try CLI.run([scene, "-o", out.path, "-q", "--shard", "1/2"]).status == 0)
        #expect(Self.frameFiles(out) == Array(Self.frames(60)[30...]))
        let other = try CLI.run([scene, "-o", out.path, "-q", "--shard", "0/2"])
        #expect(other.status == 0, "\(other.stderr)")
        #expect(try CLI.run([scene, "-o", out.path, "-q", "--frames", "10..19", "--clean"]).status == 0)
        #expect(Self.frameFiles(out) == Self.frames(60), "--clean removes only frames outside the scene's range")
    }

    @Test func cleanNeedsAFolderAndVideoAndStdoutAreUntouched() throws {
        let dir = CLI.temporaryFolder("stale-usage")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = try Self.scene(dir, seconds: 1)
        let stdout = try CLI.run([scene, "-o", "-", "--clean"], stdoutTo: FileHandle.nullDevice)
        #expect(stdout.status == 2 && stdout.stderr.hasPrefix("Error: --clean removes stale frames from an output folder; it needs -o <folder>"), "\(stdout.stderr)")
        // A folder of other renders' frames does not concern a video or a stream, which write no frame files.
        let out = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data().write(to: out.appendingPathComponent("0100.png"))
        let stream = dir.appendingPathComponent("stream.bin")
        _ = FileManager.default.createFile(atPath: stream.path, contents: nil)
        let piped = try CLI.run([scene, "-o", "-", "-q"], cwd: out, stdoutTo: try FileHandle(forWritingTo: stream))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(CLI.files(in: out) == ["0100.png"])
    }

    /// Ctrl-C during a `--clean` render, as soon as its first frame is written: the stale frames went before
    /// it, so the folder holds no frame beyond the scene's range (had they been removed after a successful
    /// render, all 100 would be left).
    @Test func anInterruptedCleanRenderLeavesNoStaleFrame() throws {
        let dir = CLI.temporaryFolder("stale-interrupt")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for name in Self.frames(400) { try Data().write(to: out.appendingPathComponent(name)) }
        let scene = dir.appendingPathComponent("scene.json").path
        try #"{"canvas": {"width": 390, "height": 844, "scale": 1}, "duration": 10, "fps": 30}"#.write(toFile: scene, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = CLI.binary
        p.arguments = [scene, "-o", out.path, "--clean", "-q", "--threads", "1"]
        p.standardError = FileHandle.nullDevice
        try p.run()
        // The signal comes as soon as the first new frame is in place (the old files are empty).
        let first = out.appendingPathComponent("0000.png").path, deadline = Date().addingTimeInterval(30)
        func size() -> Int { ((try? FileManager.default.attributesOfItem(atPath: first))?[.size] as? Int) ?? 0 }
        while size() == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        p.interrupt()
        p.waitUntilExit()
        #expect(p.terminationStatus == 130 || p.terminationStatus == 0)
        #expect(!Self.frameFiles(out).contains { Int($0.dropLast(4))! >= 300 }, "\(Self.frameFiles(out).suffix(3))")
    }
}
