import Foundation
import Compose
import Output
import Raster
import SceneFormat

// The options several commands take, each declared once with the one way its value is read: a command lists
// the spec (`options: [.threads, .quiet()]`) and reads the value (`try arguments.threads()`), so the name,
// placeholder, range and default cannot drift apart between commands. A command words the description
// itself where the option means something of its own there (what `--scale` scales, what `--quiet` leaves).

extension OptionSpec {
    static let threads = OptionSpec(name: "--threads", value: "n", help: "Worker threads; the bytes never depend on it.",
                                    defaultText: "all cores")

    static func quiet(_ help: String = "Print nothing but errors.") -> OptionSpec {
        OptionSpec(name: "--quiet", short: "-q", help: help)
    }

    /// `--font-dir <folder>` (repeatable): fontconfig application font folders, added before the scene is
    /// decoded, so a label asking for Besley (the FORK serif, which no Debian package ships) finds it.
    static let fontDirectory = OptionSpec(name: "--font-dir", value: "folder",
                                          help: "Add a folder of font files before looking up faces, e.g. one holding Besley (repeatable).",
                                          repeatable: true)

    /// The scene's canvas scale replaced for this run (render, lint, check).
    static func scaleOverride(_ help: String, defaultText: String? = nil) -> OptionSpec {
        OptionSpec(name: "--scale", value: "s", help: help, defaultText: defaultText)
    }

    /// Pixels per point of an image made for looking at (the tier sheet's cells, the preview's frames).
    static func viewScale(_ help: String) -> OptionSpec {
        OptionSpec(name: "--scale", value: "s", help: help, defaultText: "1")
    }

    static func maxMegapixels(_ help: String = "Refuse canvases above this size.") -> OptionSpec {
        OptionSpec(name: "--max-megapixels", value: "n", help: help, defaultText: "64")
    }

    /// A list of frames in `FrameSelection`'s grammar, the same for every command (render, check, sheet, lint).
    static func frameList(_ help: String, defaultText: String? = nil) -> OptionSpec {
        OptionSpec(name: "--frames", value: "list", help: help + ": indices and inclusive ranges (0,45,90-119; 30..59, 30.., ..59).", defaultText: defaultText)
    }

    /// `--shard i/n` or `--shard env` (`Shard`: Kubernetes, GitLab, Slurm or FORKRENDER_SHARD), for render and check.
    static func shard(_ help: String) -> OptionSpec {
        OptionSpec(name: "--shard", value: "i/n|env",
                   help: help + "; env reads FORKRENDER_SHARD, JOB_COMPLETION_INDEX/JOB_COMPLETIONS, CI_NODE_INDEX/CI_NODE_TOTAL or SLURM_ARRAY_TASK_*.")
    }
}

extension ParsedArguments {
    func threads() throws(UsageError) -> Int {
        try int(OptionSpec.threads.name, in: 1...1024) ?? Workers.allCores.count
    }

    var quiet: Bool { has("--quiet") }

    /// Adds every `--font-dir` folder to fontconfig; a folder that cannot be added is a usage error.
    func addFontDirectories() throws(UsageError) {
        for folder in all(OptionSpec.fontDirectory.name) {
            if let problem = FontDirectories.add(folder) { throw UsageError(message: "Invalid '--font-dir': \(problem)") }
        }
    }

    func scaleOverride() throws(UsageError) -> Float? {
        try double("--scale", in: 0.01...100).map { Float($0) }
    }

    /// Narrower than `scaleOverride`: these images are rendered while someone waits for them.
    func viewScale() throws(UsageError) -> Float {
        Float(try double("--scale", in: 0.05...10) ?? 1)
    }

    /// `--max-megapixels` in pixels.
    func maxPixels() throws(UsageError) -> Int {
        Int(checked: (try double("--max-megapixels", in: 0.000001...100_000) ?? 64) * 1_000_000)
    }

    /// `--shard`, read from the environment for `env`; nil without the option.
    func shard() throws(SelectionError) -> Shard? {
        try value("--shard").map { s throws(SelectionError) in try Shard.parse(s, environment: ProcessInfo.processInfo.environment) }
    }

    /// The frames `--frames` selects out of `frameCount` (ascending, each once), nil without the option.
    func frameList(frameCount: Int) throws(SelectionError) -> [Int]? {
        try value("--frames").map { s throws(SelectionError) in try FrameSelection.parseList(s, frameCount: frameCount) }
    }
}

extension SceneDecoder {
    /// The scene file, or the built-in showcase without one (render, sheet); an error in the showcase names it
    /// as its file, so that it reads like any other scene's.
    func decodeScene(file: String?) throws(SceneError) -> SceneDocument {
        if let file { return try decode(file: file) }
        return try decode(text: Showcase.json, named: Showcase.name)
    }
}
