import Dispatch
import Foundation
import Preview
import Raster
import Scene

/// `forkrender preview scene.json [--port N] [--scale s]`: a live page on 127.0.0.1 (see docs/preview.md).
enum PreviewCommand {
    static let usage = "forkrender preview <scene.json> [--port <n>] [--scale <s>] [--export <folder>]"
    static let options: [OptionSpec] = [
        OptionSpec(name: "--port", value: "n", help: "The port on 127.0.0.1 and ::1; 0 picks a free one.", defaultText: "8040"),
        OptionSpec(name: "--scale", value: "s", help: "Pixels per point of the previewed frames.", defaultText: "1"),
        OptionSpec(name: "--export", value: "folder", help: "Let the page's Export button write the current frame (PNG) and the timeline (timeline.mp4) here.",
                   defaultText: "export off"),
        fontDirOption,
        OptionSpec(name: "--threads", value: "n", help: "Worker threads.", defaultText: "all cores"),
    ]

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") {
            print(helpText(overview: "Serve a live preview page of a scene: scrub time, drag tilt, switch tiers, read legibility; re-rendered when the file is saved.",
                           usage: [usage], arguments: [("<scene.json>", "The scene file.")], options: options,
                           footer: "EXIT STATUS: 130 when stopped with Ctrl-C, 2 usage or scene error or a port in use."),
                  terminator: "")
            return ExitCode.success
        }
        do {
            let p = try parseArguments(args, options: options)
            let file = try p.sceneFile()
            let port = try p.int("--port", in: 0...65535) ?? 8040
            let scale = Float(try p.double("--scale", in: 0.05...10) ?? 1)
            let threads = try p.int("--threads", in: 1...1024) ?? Workers.allCores.count
            try addFontDirectories(p)
            let session = try PreviewSession(file: file, scale: scale, exportFolder: p.value("--export"),
                                             workers: Workers(threads))
            let routes = PreviewRoutes(session: session)
            // Signals are caught before the URL is printed: a Ctrl-C right after it must not be lost.
            let stopped = catchSignals()
            let server = try PreviewServer(port: port) { routes.respond($0) }
            // Written unbuffered: a script reading the URL from a pipe must see it at once.
            FileHandle.standardOutput.write(Data("forkrender preview: http://127.0.0.1:\(server.port)/ (Ctrl-C stops it)\n".utf8))
            stopped.wait()
            server.stop()
            return ExitCode.interrupted
        } catch let e as UsageError {
            return usageFailure(e.message, usage: usage)
        } catch {
            printError("error: \(error)")
            return ExitCode.usage
        }
    }

    /// A semaphore signalled by SIGINT, SIGTERM or SIGHUP (the sources live as long as the process).
    private static func catchSignals() -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { done.signal() }
            s.resume()
            signalSources.append(s)
        }
        return done
    }
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []
}
