import ChildProcess
import Foundation
import Testing

/// The icon cases of the hostile corpus (scenes/invalid/content-icon-*.json) through the real binary: each is
/// refused, exit 2, with one message naming its JSON path, in under a second (2 s allowed, as in
/// `IconBudgetTests`, for a suite on two busy cores), writing nothing, and no library prints a line of its own.
/// The 146 KB icon holding a 30000 x 30000 PNG took 14.7 s and 6.2 GB before its picture was budgeted; its
/// peak resident size is measured here (VmHWM from /proc).
@Suite struct IconHostileTests {
    static let invalid = CLI.root.appendingPathComponent("scenes/invalid")

    static var scenes: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: invalid.path)) ?? []).filter { $0.hasPrefix("content-icon-") }.sorted()
    }

    /// Runs the binary with stderr into a file and returns its status, stderr and peak resident size in KB: the
    /// last `VmHWM` read from /proc while it ran as forkrender (a high-water mark, so only what the last
    /// millisecond before its exit allocated could be missed; `wait4`'s maximum would include this test
    /// process's own size, which the spawned child shares until it executes).
    static func runMeasured(_ args: [String]) throws -> (status: Int32, stderr: String, maxKB: Int) {
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-icon-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: err) }
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([CLI.binary.path] + args).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, CLI.binary.path, &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0, peak = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            let lines = ((try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? "").split(separator: "\n")
            if lines.contains("Name:\tforkrender"), let hwm = lines.first(where: { $0.hasPrefix("VmHWM:") }) {
                peak = max(peak, Int(hwm.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0)
            }
            usleep(1000)
        }
        let text = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        return ((status >> 8) & 0xFF, text, peak)
    }

    @Test(arguments: scenes)
    func refusedQuicklyWithOneMessage(scene: String) throws {
        let out = CLI.temporaryFolder("icon-hostile-\(scene)")
        defer { try? FileManager.default.removeItem(at: out) }
        let start = Date()
        let r = try Self.runMeasured([Self.invalid.appendingPathComponent(scene).path, "-o", out.path, "-q"])
        let took = Date().timeIntervalSince(start)
        #expect(r.status == 2, "\(scene): \(r.stderr)")
        #expect(took < 2, "\(scene) took \(took) s")
        #expect(r.stderr.contains(": error: content[0]."), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(!r.stderr.contains("CRITICAL") && !r.stderr.contains("WARNING **"), "\(r.stderr)")
        #expect(CLI.files(in: out).isEmpty)
        if scene == "content-icon-huge-picture.json" {
            #expect(r.stderr.contains("30000 x 30000 px") && r.stderr.contains("over the limit of 16.8 megapixels per icon"), "\(r.stderr)")
            #expect(r.maxKB > 0 && r.maxKB < 100_000, "peak resident size \(r.maxKB) KB")
        }
    }

    /// An icon whose font size is within its budget but whose transform enlarges the text 10^28 times (Pango's
    /// size overflowed, with GLib's own lines on the terminal, and librsvg took 5-20 s over such scales): refused
    /// before librsvg sees it, one error naming the factor and the limit, nothing written. That GLib's messages
    /// become one note is tested in-process (`SVGBudgetTests.libraryMessagesAreKeptForTheScene`).
    @Test func textEnlargedPastPangoIsRefused() throws {
        let dir = CLI.temporaryFolder("icon-library-log")
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><g transform="scale(1e28)"><text font-size="0.001">H</text></g></svg>"#
            .write(to: dir.appendingPathComponent("scaled-text.svg"), atomically: true, encoding: .utf8)
        let scene = dir.appendingPathComponent("scene.json")
        try #"{"canvas": {"width": 64, "height": 64, "scale": 1}, "duration": 0.1, "fps": 10, "content": [{"symbol": {"file": "scaled-text.svg"}, "frame": [8, 8, 24, 24]}]}"#
            .write(to: scene, atomically: true, encoding: .utf8)
        let r = try Self.runMeasured([scene.path, "-o", dir.appendingPathComponent("out").path])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("content[0].symbol.file: icon file 'scaled-text.svg': the icon's transforms and viewports can enlarge its <text> 1e+28 times, over the limit of 256 times"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && !r.stderr.contains("(process:"), "\(r.stderr)")
        #expect(CLI.files(in: dir.appendingPathComponent("out")).isEmpty)
    }
}
