import Compose
import Dispatch
import Dots
import Foundation
import Glass
import Media
import Output
import Raster
import SceneFormat

/// The browser row of `bench --peers`: a web-tier scene (the issue's twin, scenes/web-twin.json, when bench is
/// given no scene) rendered by forkrender to a PNG folder against headless Chromium capturing the same page frame
/// by frame into a PNG folder (scripts/bench-peers/chromium_frames.py, driven through chromedriver and Selenium).
///
/// A fair measure: the same frames, the same device pixels, the best of three runs in turns for each; the
/// browser's start-up (launch and page load) is reported but kept out of its per-frame time, and the CPU seconds
/// of the browser's whole process tree stand beside its wall time, as our process's CPU beside ours. Skipped with
/// a note where Chromium, chromedriver or Selenium is missing, or hidden by `FORKRENDER_HIDE_DEV_TOOLS=1` (as the
/// tests' DevTool hides them).
enum BenchBrowserPeer {
    static let twinScene = "scenes/web-twin.json"
    static let driverScript = "scripts/bench-peers/chromium_frames.py"

    static func run(_ bench: BenchRun, workers: Workers, dir: String, files: PackageFiles = PackageFiles()) {
        guard let (twin, name) = scene(bench, files: files) else { return }
        guard let script = files.path(driverScript) else {
            print("  browser: \(files.missing(driverScript)): Chromium peer skipped")
            return
        }
        guard let tools = tools() else { return }
        let count = bench.file != nil ? bench.frames : min(bench.frames, twin.frameCount)
        let w = twin.canvas.pixelWidth, h = twin.canvas.pixelHeight
        print("  browser: \(name) \(w)x\(h), \(count) frames to a PNG folder each, best of 3 in turns")
        if twin.glass.panels.contains(where: \.isAnimated) {
            print("  browser: note: the page holds every panel at its frame at t = 0 (the scene animates some)")
        }
        let spec = dir + "/browser-spec.json"
        guard (try? JSONSerialization.data(withJSONObject: page(twin, frames: count)))
            .map({ FileManager.default.createFile(atPath: spec, contents: $0) }) == true else { return }

        var ours = BenchVideoPeer.Measure(), browser = BenchVideoPeer.Measure()
        var startups: [Double] = []
        var version = "?", size = ""
        for round in 0..<3 {
            let folder = dir + "/chromium-\(round)"
            let env = ProcessInfo.processInfo.environment.merging(["CHROMEDRIVER": tools.chromedriver]) { $1 }
            guard let out = runDriver(tools.python, [script, spec, folder], environment: env, showErrors: true),
                  let line = out.split(separator: "\n").last,
                  let r = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let wall = r["wall"] as? Double, let cpu = r["cpu"] as? Double, let startup = r["startup"] as? Double else {
                try? FileManager.default.removeItem(atPath: folder)
                print("  browser: the Chromium driver failed: peer skipped")
                return
            }
            browser.add(wall: wall, cpu: cpu)
            startups.append(startup)
            version = r["browser"] as? String ?? "?"
            size = "\(r["width"] as? Int ?? 0)x\(r["height"] as? Int ?? 0)"
            try? FileManager.default.removeItem(atPath: folder)

            let ourFolder = dir + "/forkrender-\(round)"
            if let sink = try? PNGFolderSink(folder: ourFolder, settings: EncodeSettings(dither: twin.dither), frameCount: count),
               let r = try? RenderPipeline(document: twin, workers: workers).run(frames: Array(0..<count), sinks: [sink]) {
                ours.add(wall: r.wall, cpu: r.cpu)
            }
            try? FileManager.default.removeItem(atPath: ourFolder)
        }
        print(ours.line("forkrender, PNG folder", frames: count))
        print(browser.line("Chromium, PNG captures", frames: count)
              + String(format: "; start-up %.2f-%.2f s apart", startups.min() ?? .nan, startups.max() ?? .nan))
        print("  " + "  (Chromium \(version), screenshots \(size), CPU of its process tree and the driver script)")
        print("  " + "forkrender against Chromium".padding(toLength: 34, withPad: " ", startingAt: 0)
              + String(format: "   x%.2f frames/s (best wall against best wall); Chromium's CPU x%.2f ours",
                       browser.wall / ours.wall, browser.cpu / ours.cpu))
    }

    /// The scene the row measures: the one given when it has a web-tier panel, else the package's web twin;
    /// nil after a note.
    static func scene(_ bench: BenchRun, files: PackageFiles) -> (SceneDocument, String)? {
        if bench.file != nil {
            guard bench.document.glass.panels.contains(where: { $0.tier.rendered == .web }) else {
                print("  browser: \(bench.name) has no web-tier panel: Chromium peer skipped")
                return nil
            }
            return (bench.document, bench.name)
        } else {
            guard let path = files.path(twinScene) else {
                print("  browser: \(files.missing(twinScene)): Chromium peer skipped")
                return nil
            }
            var decoder = SceneDecoder()
            decoder.scale = bench.scale
            guard let document = try? decoder.decode(file: path) else {
                print("  browser: the web twin (\(path)) is not readable: Chromium peer skipped")
                return nil
            }
            return (document, "web-twin.json (the twin row)")
        }
    }

    /// What the page needs of the scene, from the decoded document: the canvas, the grid, its colors and taps,
    /// the panels (scripts/bench-peers/chromium_frames.py reads it).
    static func page(_ d: SceneDocument, frames: Int) -> [String: Any] {
        let c = d.plane.configuration
        func rgba(_ k: Color) -> [Double] { [Double(k.red), Double(k.green), Double(k.blue), Double(k.alpha)] }
        let taps: [[String: Double]] = d.plane.events.compactMap {
            guard case .tap(let at, let t) = $0 else { return nil }
            return ["x": Double(at.x), "y": Double(at.y), "t": t]
        }
        let ripple = Effect.ripple.defaults
        let panels: [[String: Any]] = d.glass.panels.map { p in
            let f = p.frame(at: 0)
            var o: [String: Any] = ["x": Double(f.x), "y": Double(f.y), "width": Double(f.width), "height": Double(f.height),
                                    "radius": Double(p.radius)]
            if let t = p.tint { o["tint"] = rgba(t) }
            return o
        }
        return ["width": Double(d.canvas.width), "height": Double(d.canvas.height), "scale": Double(d.canvas.scale),
                "pixelWidth": d.canvas.pixelWidth, "pixelHeight": d.canvas.pixelHeight, "frames": frames, "fps": d.fps,
                "appearance": d.appearance == .dark ? "dark" : "light",
                "background": rgba(c.background), "label": rgba(c.label), "accent": rgba(c.accent),
                "dotSize": Double(c.dotSize), "spacing": Double(c.spacing), "overflow": Double(c.overflow),
                "dotIdle": Double(c.dotIdle), "dotTap": Double(c.dotTap), "taps": taps,
                "ripple": ["speed": Double(ripple.speed) * Compositor.physicsRate, "width": Double(ripple.width),
                           "life": ripple.life],
                "panels": panels]
    }

    /// Chromium, chromedriver and a python3 with Selenium (scripts/setup.sh --dev), or nil after a note.
    static func tools() -> (python: String, chromedriver: String)? {
        let environment = ProcessInfo.processInfo.environment
        if environment["FORKRENDER_HIDE_DEV_TOOLS"] == "1" {
            print("  browser: Chromium, chromedriver and python3 hidden by FORKRENDER_HIDE_DEV_TOOLS=1: peer skipped")
            return nil
        }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        func all(_ name: String) -> [String] {
            folders.map { "\($0)/\(name)" }.filter { FileManager.default.isExecutableFile(atPath: $0) }
        }
        guard !(all("chromium") + all("chromium-browser")).isEmpty, let driver = all("chromedriver").first else {
            print("  browser: chromium or chromedriver not installed (scripts/setup.sh --dev): peer skipped")
            return nil
        }
        // A pyenv python3 first on PATH may lack the module Debian's /usr/bin/python3 has.
        guard let python = all("python3").first(where: { runDriver($0, ["-c", "import selenium"]) != nil }) else {
            print("  browser: no python3 with Selenium (python3-selenium, scripts/setup.sh --dev): peer skipped")
            return nil
        }
        return (python, driver)
    }

    /// Runs `program` and returns what it printed, nil when it could not start or failed; the tail of what it
    /// said on stderr (`ErrorTail`) goes to ours with `showErrors`.
    static func runDriver(_ program: String, _ arguments: [String], environment: [String: String]? = nil,
                          showErrors: Bool = false) -> String? {
        guard let child = try? ProcessGroup(reading: program, arguments: arguments, environment: environment) else { return nil }
        let out = try? child.readToEnd()
        let status = child.wait()
        if showErrors {
            let errors = child.errors.text(waiting: 1)
            if !errors.isEmpty { FileHandle.standardError.write(Data(errors.utf8)) }
        }
        return status == 0 ? out.map { String(decoding: $0, as: UTF8.self) } : nil
    }
}

/// The files of the forkrender package that `bench --peers` reads and the binary does not ship (the browser
/// peer's driver script, the web twin scene), found in the folder named by `FORKRENDER_PACKAGE` or else the
/// working directory. A peer whose file is absent skips with the note `missing` gives.
public struct PackageFiles: Sendable {
    public static let variable = "FORKRENDER_PACKAGE"
    /// The folder looked in.
    public let root: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                currentDirectory: String = FileManager.default.currentDirectoryPath) {
        root = environment[Self.variable].flatMap { $0.isEmpty ? nil : $0 } ?? currentDirectory
    }

    /// The path of `relative` in the package, nil when it is not there.
    public func path(_ relative: String) -> String? {
        let path = (root as NSString).appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The note of a peer skipped because `relative` is not in the package.
    public func missing(_ relative: String) -> String {
        "\(relative) not found in \(root) (run bench from the forkrender package, or set \(Self.variable) to it)"
    }
}
