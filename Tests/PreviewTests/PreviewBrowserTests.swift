import Foundation
import Testing
import SceneFormat
import Compose
import Output

/// The preview command as a user runs it: the real binary on 127.0.0.1 with `--port 0`.
@Suite("Preview command", .serialized)
struct PreviewCommandTests {
    @Test("A port in use is a clear error (exit 2); Ctrl-C exits 130 and nothing keeps listening")
    func portInUseAndInterrupt() throws {
        let f = try Fixture("command")
        let first = try RunningPreview(file: f.file)
        let second = try PreviewProcess.run(PreviewProcess.binary.path, ["preview", f.file, "--port", "\(first.port)"], timeout: 30)
        #expect(second.status == 2)
        #expect(second.err == "error: cannot listen on 127.0.0.1:\(first.port): the port is in use or not allowed (try another --port, or --port 0 for a free one)\n")
        #expect(first.stop() == 130)
        // The port is free again: a new server can take it.
        let again = try RunningPreview(file: f.file, port: first.port)
        #expect(again.port == first.port)
        #expect(again.stop() == 130)
    }

    @Test("A scene that does not decode is refused at start with the command line's message")
    func brokenSceneAtStart() throws {
        let f = try Fixture("start-broken")
        try "{\"fps\": \"fast\"}".write(toFile: f.file, atomically: true, encoding: .utf8)
        let r = try PreviewProcess.run(PreviewProcess.binary.path, ["preview", f.file, "--port", "0"], timeout: 30)
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("\(f.file):1:") && r.err.contains(": error: fps: "), "\(r.err)")
    }
}

/// Headless Chromium drives the page through Selenium (Browser/preview_page.py): a tilt drag changes the image
/// inside the glass and not outside it, the scrubber reaches the last frame, playback advances frame by frame,
/// the overlap view draws the server's outlines and counts the layers under the pointer, Export writes the frame
/// and both videos, a saved file re-renders, a broken one shows the command line's error over the last good
/// frame, no console errors.
@Suite("Preview in a browser", .serialized)
struct PreviewBrowserTests {
    @Test("The page in headless Chromium", .enabled(if: PreviewProcess.browserMissing == nil,
                                                    "browser test skipped: \(PreviewProcess.browserMissing ?? "")"))
    func page() throws {
        let f = try Fixture("browser")
        let export = f.folder.appendingPathComponent("export").path
        let server = try RunningPreview(file: f.file, export: export)
        let r = try PreviewProcess.run(PreviewProcess.seleniumPython!, [PreviewProcess.browserScript.path, "test", server.url, f.file,
                                                                      PreviewProcess.binary.path, export], timeout: 180)
        let status = server.stop()
        #expect(!r.timedOut, "the browser run was killed after 180 s")
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(status == 130)
        // The measured figures, reported (docs/preview.md): speed is not a pass/fail matter on a shared machine,
        // so a tilt drag under the goal of 10 updates a second is a warning in the run, not a failure.
        let line = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        print("preview browser test: \(line)")
        let figures = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        if let rate = figures?["dragRate"] as? Double, rate < 10 {
            Issue.record("tilt drag updated \(rate) times a second, under the goal of 10 (a loaded machine?)", severity: .warning)
        }
    }

    /// The device's resolution at the display's pace: the showcase at scale 3 (1170 x 2532), pointer moves
    /// dispatched at 120 a second for 5 s. The canvas at the end must be the renderer's frame for the last tilt
    /// byte for byte (the script fails otherwise). On a quiet machine (the 1-minute load average read just before
    /// the drag under `quietLoad`) the page's own figures must reach the goal: 55 updates a second and a
    /// drag-to-pixels latency of 50 ms at the 95th percentile. On a busier one they are printed, not judged: the
    /// drag needs both cores (docs/performance.md has the figures and the load they were measured at).
    /// `FORKRENDER_PACE_QUIET_LOAD` sets another bound (a high one judges on any machine).
    @Test("A tilt drag at the display's pace, at the device's resolution", .enabled(if: PreviewProcess.browserMissing == nil,
                                                                                    "browser test skipped: \(PreviewProcess.browserMissing ?? "")"))
    func pace() throws {
        let f = try Fixture("pace")
        let server = try RunningPreview(file: f.file, scale: 3)
        let r = try PreviewProcess.run(PreviewProcess.seleniumPython!, [PreviewProcess.browserScript.path, "pace", server.url, "5", "120"],
                                       timeout: 150)
        let status = server.stop()
        #expect(!r.timedOut, "the browser run was killed after 150 s")
        #expect(r.status == 0, "\(r.out)\(r.err)")
        #expect(status == 130)
        let line = r.out.trimmingCharacters(in: .whitespacesAndNewlines)
        print("preview pace at scale 3: \(line)")
        let figures = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        #expect(figures?["frame"] as? [Int] == [1170, 2532], "\(line)")
        guard let load = figures?["load"] as? Double, let rate = figures?["updatesPerSecond"] as? Double else {
            Issue.record("no load or rate in the browser run's figures: \(line)")
            return
        }
        let quiet = ProcessInfo.processInfo.environment["FORKRENDER_PACE_QUIET_LOAD"].flatMap(Double.init) ?? Self.quietLoad
        guard load < quiet else {
            print("preview pace at scale 3: not judged: the load average was \(load) before the drag, at or over \(quiet) (the drag needs both cores)")
            return
        }
        let p95 = figures?["latencyP95"] as? Double ?? .infinity
        #expect(rate >= 55, "the tilt drag drew \(rate) updates a second at scale 3 at load \(load), under the goal of 55")
        #expect(p95 <= 50, "the drag-to-pixels latency's 95th percentile was \(p95) ms at scale 3 at load \(load), over the goal of 50")
    }

    /// The 1-minute load average under which the pace is judged: under one busy core of the two.
    static let quietLoad = 1.0
}
