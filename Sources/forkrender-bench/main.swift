import Benchmarks
import Foundation
import Output
import Raster
import SceneFormat

// forkrender-bench: per-stage timings of a scene (the showcase at 1170 x 2532 without one) for 1 thread and all
// cores, the glass stage drawing by drawing, the benchmarks of each module on the same scene, and with --peers
// the ratios against peers run on this machine. A program of its own, built from the source tree and never
// installed (scripts/install.sh and the .deb build only `forkrender`, and test-deb.sh checks that its binary holds
// no benchmark), as tiny-skia keeps benches/ outside its library. Meaningful only in release builds. Exit codes:
// 0 measured, 2 usage or input error.

let usage = "forkrender-bench [<scene.json>] [--frames <n>] [--threads <list>] [--only <section>] [--peers] [--scale <s>]"
let help = """
    OVERVIEW: Measure forkrender's stages on a scene (use a release build; see docs/performance.md).

    USAGE: \(usage)

    ARGUMENTS:
      <scene.json>            The scene to measure (see docs/scene-format.md). Without one, the built-in showcase
                              at scale 3.

    OPTIONS:
      --frames <n>            Frames of the scene to render per run (at most the scene's). (default: 30)
      --threads <list>        Thread counts to compare, comma-separated. (default: 1 and all cores)
      --only <section>        Run one section (repeatable) (values: \(BenchSections.onlyNames.joined(separator: ", "))).
      --peers                 Also run the peers (libpng alone, ffmpeg gblur, ffmpeg encoding alone, a memory copy,
                              headless Chromium) and print ratios.
      --scale <s>             Override the canvas scale (pixels per point). (default: the scene's; 3 for the
                              showcase)
      -h, --help              Show help information.

    """

/// A command line that does not say something the benchmarks can do: the usage line and exit 2, in
/// swift-argument-parser's layout as `forkrender` reports it.
struct UsageError: Error { var message: String }

/// The command line, parsed once: `--name value` or `--name=value`, flags, and a "did you mean" for a typo.
struct BenchOptions {
    var file: String?
    var frames = 30
    var threadCounts: [Int] = []
    var only: Set<String> = []
    var peers = false
    var scale: Float?

    static let valued = ["--frames", "--threads", "--only", "--scale"]

    init(_ args: [String]) throws(UsageError) {
        var values: [String: String] = [:]
        var positionals: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            i += 1
            guard a.hasPrefix("--") else { positionals.append(a); continue }
            let parts = a.split(separator: "=", maxSplits: 1).map(String.init)
            if parts[0] == "--peers" && parts.count == 1 { peers = true; continue }
            guard Self.valued.contains(parts[0]) else {
                let hint = Suggest.typo(of: parts[0], in: Self.valued + ["--peers"]).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError(message: "Unknown option '\(parts[0])'.\(hint)")
            }
            guard parts.count == 2 || i < args.count else { throw UsageError(message: "Missing value for '\(parts[0])'") }
            let v = parts.count == 2 ? parts[1] : args[i]
            if parts.count == 1 { i += 1 }
            if parts[0] == "--only" {
                guard BenchSections.onlyNames.contains(v) else { throw Self.invalid(v, "--only", "expected one of \(BenchSections.onlyNames.joined(separator: ", "))") }
                only.insert(v)
            }
            values[parts[0]] = v
        }
        guard positionals.count <= 1 else { throw UsageError(message: "Expected one scene file, got \(positionals.count)") }
        file = positionals.first
        if let s = values["--frames"] {
            guard let n = Int(s), (1...10_000).contains(n) else { throw Self.invalid(s, "--frames", "expected a whole number from 1 to 10000") }
            frames = n
        }
        for t in (values["--threads"] ?? "1,\(Workers.allCores.count)").split(separator: ",") {
            guard let n = Int(t), n >= 1 else { throw Self.invalid(String(t), "--threads", "expected whole numbers of at least 1, comma-separated") }
            if !threadCounts.contains(n) { threadCounts.append(n) }
        }
        if let s = values["--scale"] {
            guard let v = Double(s), v.isFinite, (0.01...100).contains(v) else { throw Self.invalid(s, "--scale", "expected a number from 0.01 to 100") }
            scale = Float(v)
        }
    }

    static func invalid(_ value: String, _ option: String, _ expected: String) -> UsageError {
        UsageError(message: "The value '\(value)' is invalid for '\(option)': \(expected)")
    }

    /// The scene through the render command's decoder and checks; the showcase at device scale (its own
    /// 390 x 844 pt at 3).
    func run() throws(SceneError) -> BenchRun {
        var decoder = SceneDecoder()
        decoder.scale = scale ?? (file == nil ? 3 : nil)
        let document = if let file { try decoder.decode(file: file) } else { try decoder.decode(text: Showcase.json, named: Showcase.name) }
        return BenchRun(document: document, file: file, requestedFrames: frames, threadCounts: threadCounts, scale: scale)
    }

    func chooses(_ section: String) -> Bool {
        section == "peers" ? peers : only.isEmpty || only.contains(section)
    }
}

func main(_ args: [String]) -> Int32 {
    if args.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
        print(help, terminator: "")
        return 0
    }
    do {
        let options = try BenchOptions(args)
        let run = try options.run()
        print(run.header(version: RendererFingerprint.version))
        for section in BenchSections.all where options.chooses(section.name) { section.run(run) }
        return 0
    } catch let e as UsageError {
        FileHandle.standardError.write(Data("Error: \(e.message)\nUsage: \(usage)\n  See 'forkrender-bench --help' for more information.\n".utf8))
    } catch let e as SceneError {
        FileHandle.standardError.write(Data((e.diagnostic + "\n").utf8))
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    }
    return 2
}

exit(main(Array(CommandLine.arguments.dropFirst())))
