import Dispatch
import Foundation
import Preview
import Raster
import SceneFormat
import Compose
import Output

/// `forkrender preview [scene.json] [--port N] [--scale s]`: a live page on 127.0.0.1 (see docs/preview.md); without
/// a scene, a copy of the built-in showcase in a temporary folder, removed when the preview stops.
enum PreviewCommand: Command {
    static let configuration = CommandConfiguration(
        name: "preview",
        abstract: "A live page on 127.0.0.1: scrub time, drag tilt, switch tiers (docs/preview.md).",
        overview: "Serve a live preview page of a scene: scrub time, drag tilt, switch tiers, read legibility; re-rendered when the file is saved.",
        usage: ["forkrender preview [<scene.json>] [--port <n>] [--scale <s>] [--export <folder>]"],
        arguments: [("<scene.json>", "The scene file. Without one, a copy of the built-in showcase in a temporary folder (its path is printed; saving it re-renders).")],
        options: [
            OptionSpec(name: "--port", value: "n", help: "The port on 127.0.0.1 and ::1; 0 picks a free one.", defaultText: "8040"),
            .viewScale("Pixels per point of the previewed frames."),
            OptionSpec(name: "--export", value: "folder", help: "Let the page's Export button write the current frame (PNG) and the timeline (timeline.mp4) here.",
                       defaultText: "export off"),
            .fontDirectory,
            .threads,
            OptionSpec(name: "--max-memory", value: "GB", help: "Refuse a scene whose preview's memory estimate (4 compositors and the frame cache) is above this.",
                       defaultText: "8"),
        ],
        discussion: "EXIT STATUS: 130 when stopped with Ctrl-C, 2 usage or scene error or a port in use.")

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let given = try p.optionalSceneFile()
        let file = try given ?? showcaseCopy()
        defer { if given == nil { removeShowcaseCopy(file) } }
        let port = try p.int("--port", in: 0...65535) ?? 8040
        let scale = try p.viewScale()
        let threads = try p.threads()
        let maxMemory = try p.double("--max-memory", in: 0.001...1_000_000).map { $0 * 1e9 } ?? SceneDecoder.defaultMaxMemory
        try p.addFontDirectories()
        // Ctrl-C raises the workers' cancellation (Interrupt, installed before the scene was read): a frame
        // being drawn, rendered ahead or exported stops within a band, and an export aborts its video.
        let session = try PreviewSession(file: file, scale: scale, exportFolder: p.value("--export"),
                                         workers: Workers(threads, cancellation: Interrupt.shared.cancellation), maxMemory: maxMemory)
        let routes = PreviewRoutes(session: session)
        let server = try PreviewServer(port: port) { routes.respond($0) }
        // Written unbuffered: a script reading the URL from a pipe must see it at once.
        FileHandle.standardOutput.write(Data("forkrender preview: http://127.0.0.1:\(server.port)/ (Ctrl-C stops it)\n".utf8))
        Interrupt.shared.wait()
        // Stopping the server waits for the requests it is answering, which end with their frames. One that
        // cannot end (a decode inside librsvg) is left to Interrupt, which exits 0.5 s after the signal.
        session.stop()
        server.stop()
        return ExitCode.interrupted
    }

    /// The built-in showcase written to `showcase.json` in a new temporary folder, so that the page can follow
    /// edits to it like any scene file's.
    private static func showcaseCopy() throws -> String {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("forkrender-showcase-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let file = folder.appendingPathComponent("showcase.json")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data((Showcase.json + "\n").utf8).write(to: file, options: .withoutOverwriting)
        } catch {
            throw CommandError("cannot write the showcase to \(file.path): \(error.localizedDescription)")
        }
        FileHandle.standardError.write(Data("forkrender preview: the built-in showcase, as \(file.path)\n".utf8))
        return file.path
    }

    private static func removeShowcaseCopy(_ file: String) {
        try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent)
    }
}
