import Foundation
import Raster
import Regression
import SceneFormat
import Compose
import Output

/// `forkrender check scenes/ --references refs/`: renders the check frames of every scene and compares them
/// with reference PNGs, recording or replacing references as `--update` says (never on CI).
enum CheckCommand: Command {
    static let configuration = CommandConfiguration(
        name: "check",
        abstract: "Render scenes and compare them with reference PNGs (visual regression).",
        overview: "Render scenes and compare their frames with reference PNGs (visual regression).",
        usage: ["forkrender check <scenes-or-folders>... --references <folder> [<options>]"],
        arguments: [("<scenes-or-folders>", "Scene files, or folders whose .json files are all checked, subfolders too (not invalid/, hidden ones, or what a .forkrenderignore names).")],
        options: [
            OptionSpec(name: "--references", short: "-r", value: "folder",
                       help: "Reference PNGs: <folder>/<scene>/<frame>.png, <scene> being the scene's path under the scenes' root without .json, e.g. refs/ios/home/0012.png."),
            OptionSpec(name: "--scenes-root", value: "folder",
                       help: "The folder scene paths are taken relative to for their reference folders.",
                       defaultText: "the deepest folder holding every scene given"),
            OptionSpec(name: "--update", value: "mode",
                       help: "Write references: none, missing, changed (also those that differ) or all. Never on CI.",
                       defaultText: "missing, or none on CI"),
            .frameList("Frames to check in every scene", defaultText: "check.frames, else first, middle, last"),
            OptionSpec(name: "--report", value: "folder",
                       help: "Write index.html and expected, actual, diff PNGs of failures."),
            OptionSpec(name: "--junit", value: "file", help: "Write a JUnit XML report for CI systems."),
            .shard("Check the i-th of n contiguous blocks of the run's (scene, frame) pairs (0-based); needs --report, where check-result.json is left for merge-reports"),
            OptionSpec(name: "--review", help: "After the run, serve the report on 127.0.0.1 to accept or reject each frame (needs --report; Ctrl-C stops it)."),
            ReviewCommand.port,
        ] + OptionSpec.checkComparison + [
            .scaleOverride("Override every scene's check.scale and canvas scale (the golden suite uses 1)."),
            .threads,
            .maxMegapixels(),
            .quiet("Print only frames that did not pass, and the totals."),
        ],
        discussion: """
        EXAMPLES:
          forkrender check scenes/ --references refs/                      # record missing, compare the rest
          forkrender check scenes/ --references refs/ --report out/ --junit out/check.xml
          forkrender check scenes/dots-tap.json --references refs/ --update changed
          forkrender check scenes/ --references Tests/GoldenTests/References --scale 1   # the golden suite
          forkrender check scenes/ --references refs/ --shard env --report shard-$CI_NODE_INDEX/   # one CI runner
          forkrender merge-reports shard-*/ -o report/                     # then one report and exit status

        DEFAULTS: a reference recorded by this renderer (its fingerprint, `forkrender --version --verbose`) is
        compared exactly: threshold 0, no pixel, anti-aliasing counted. One from another renderer (other FreeType,
        HarfBuzz, librsvg or fonts) is compared with the tolerance measured between renderers, and every frame so
        compared says so, naming what differs. A scene's check section overrides both; the options override the
        scene.

        EXIT STATUS: 0 every frame passed (or was recorded as asked), 1 a frame differs or its reference is
        missing, 2 usage error, invalid scene, unreadable reference or unwritable output, 3 output the machine
        failed to write (full disk, I/O error: a retry may succeed).
        """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        guard !p.positionals.isEmpty else { throw UsageError(message: "Expected at least one scene file or folder") }
        guard let refs = p.value("--references") else { throw UsageError(message: "Missing '--references <folder>'") }
        let onCI = UpdateMode.isCI
        var update = UpdateMode.missing
        if let u = p.value("--update") {
            guard let m = UpdateMode(name: u) else {
                throw UsageError.invalid(u, for: "--update", "expected one of \(UpdateMode.names)")
            }
            if onCI && m != .none {
                throw UsageError(message: "'--update \(u)' refused: references are never written on CI (the environment has CI=true). Record them locally and commit them")
            }
            update = m
        }
        let runner = CheckRunner(
            references: refs, overrides: try p.checkOverrides(),
            update: update, onCI: onCI, scale: try p.scaleOverride(),
            frames: p.value("--frames"), workers: Workers(try p.threads()),
            artifacts: p.value("--report"), decoder: SceneDecoder(maxPixels: try p.maxPixels()))
        let quiet = p.quiet
        let shard = try p.shard()
        if shard != nil && p.value("--report") == nil {
            throw UsageError(message: "'--shard' needs '--report <folder>': each shard leaves its result there for 'forkrender merge-reports'")
        }

        // Validate everything before rendering anything.
        try checkReferenceFolder(runner)
        let files = try CheckRunner.sceneFiles(p.positionals)
        guard !files.isEmpty else { throw CommandError("no scene files (*.json) in \(p.positionals.map { "'\($0)'" }.joined(separator: ", "))") }
        let root = p.value("--scenes-root")
        if let root, OutputPaths.isDirectory(root) != true { throw CommandError("--scenes-root '\(root)' is not a folder") }
        let layout = try ReferenceLayout.make(scenes: files, references: runner.references, root: root,
                                              folders: p.positionals.filter { OutputPaths.isDirectory($0) == true })
        if root == nil { try suggestRoot(layout, runner, updateGiven: p.value("--update") != nil, quiet: quiet) }
        let all = try files.map { f throws(CheckError) in try runner.prepare(scene: f, in: layout) }
        let jobs = shard.map { ShardPlan.slice(all, shard: $0) } ?? all
        if !quiet { for note in layout.notes { printError("note: \(note)") } }
        if runner.onCI && !quiet { printError("note: CI=true: references are compared, never written") }
        let previousDecisions = try ReviewCommand.startReport(p)

        var items: [CheckItem] = []
        for job in jobs {
            items += runner.run(job) { item in
                if !quiet && isatty(2) != 0 { printError("\(item.scene) \(CheckItem.frameName(item.frame)): \(item.status.rawValue)") }
            }
        }
        try ReviewCommand.carryDecisions(previousDecisions, &items, p.value("--report"))
        printSummary(items, quiet: quiet)
        if !quiet, let why = items.lazy.compactMap(\.fallback).first {
            printError("note: \(items.filter { $0.fallback != nil }.count) of \(items.count) frames \(why)")
        }

        let status = writeReports(items, p, runner, root: root, shard: shard, plan: ShardPlan.keys(all))
        if !quiet && items.contains(where: { $0.status == .recorded || $0.status == .updated }) {
            printError("note: references were written under '\(runner.references)'; review them (git diff) and commit them")
        }
        return try p.has("--review") ? ReviewCommand.serve(p.value("--report")!, port: p.int("--port", in: 0...65535) ?? 8041, then: status) : status
    }

    /// Writes what `--report` and `--junit` ask for (with `--shard`, the shard's `check-result.json` in the
    /// report folder too, which `merge-reports` reads) and returns the run's exit status: a report that cannot be written makes it 2.
    static func writeReports(_ items: [CheckItem], _ p: ParsedArguments, _ runner: CheckRunner, root: String?,
                             shard: Shard?, plan: [String]) -> Int32 {
        var status = exitStatus(items)
        if let folder = p.value("--report") {
            let settings = settingsLine(runner)
            let accept = ShellQuote.command(["forkrender", "check"] + p.positionals + (root.map { ["--scenes-root", $0] } ?? []) + ["--references", runner.references]
                          + (runner.scale.map { ["--scale", Value.format(Double($0))] } ?? []) + ["--update", "changed"])
            do throws(CheckError) {
                try ReviewReport(settings: settings, acceptCommand: accept).write(items, to: folder)
                try ReviewManifest(items).write(to: folder)
                if let shard {
                    try ShardResult(shard: shard, plan: plan, settings: settings, acceptCommand: accept, items: items).write(to: folder)
                }
                if items.contains(where: { $0.status.isFailure }) {
                    print("report: \((folder as NSString).appendingPathComponent("index.html"))")
                }
            } catch {
                status = report(error)
            }
        }
        if let junit = p.value("--junit") {
            do {
                try AtomicFile.write(Array(JUnitReport.xml(items).utf8), to: junit)
            } catch {
                status = report(error)
            }
        }
        return status
    }

    /// The table on stdout (without `--quiet`, every frame; with it, those that did not pass) and the totals.
    static func printSummary(_ items: [CheckItem], quiet: Bool) {
        let shown = quiet ? items.filter { $0.status != .passed } : items
        if !shown.isEmpty { print(CheckSummary.table(shown), terminator: "") }
        print(CheckSummary.totals(items))
    }

    /// 2 when a reference could not be read (an input error), else 1 when a frame failed or is missing, else 0:
    /// the same rule for a run and for the merge of its shards.
    static func exitStatus(_ items: [CheckItem]) -> Int32 {
        items.contains { $0.status == .error } ? ExitCode.usage
            : items.contains { $0.status.isFailure } ? ExitCode.checkFailed : ExitCode.success
    }

    /// A run whose scenes would all miss their references while a root above would find them (a CI job per
    /// folder without `--scenes-root`): the hint, and a refusal where the run would record under the wrong keys
    /// (forking the references) unless `--update` asks for it.
    static func suggestRoot(_ layout: ReferenceLayout, _ runner: CheckRunner, updateGiven: Bool, quiet: Bool) throws {
        guard let hint = layout.rootHint(references: runner.references) else { return }
        let line = "no reference folder matches these scenes' keys, but \(hint.evidence) exists: did you mean '--scenes-root \(hint.root)'?"
        guard updateGiven || runner.effectiveUpdate == .none else {
            throw CommandError(line + " (To record new references under '\(runner.references)' anyway, pass '--update missing'.)")
        }
        if !quiet { printError("note: " + line) }
    }

    /// The report's settings line: what the command line set, and the defaults it left in force.
    static func settingsLine(_ runner: CheckRunner) -> String {
        let o = runner.overrides
        var set: [String] = []
        if let t = o.threshold { set.append("threshold \(Value.format(t))") }
        if let t = o.tolerance { set.append("tolerance \(t)") }
        if o.ignoreAntialiasing == true { set.append("anti-aliasing ignored") }
        if let c = o.cluster { set.append("cluster gate: \(c)") }
        if let s = runner.scale { set.append("scale \(Value.format(Double(s)))") }
        let given = set.isEmpty ? "" : "command line: " + set.joined(separator: ", ") + "; "
        return given + "otherwise each scene's check section, then: exact (threshold 0, no pixel, anti-aliasing counted) for references of this renderer's fingerprint, and for another's threshold \(Value.format(CheckDefaults.crossThreshold)), \(CheckDefaults.crossTolerance), anti-aliasing ignored, \(CheckDefaults.crossCluster); references \(runner.references)"
    }

    /// A folder that does not exist is created when references may be recorded (the first run of a project);
    /// with `--update none` it is more likely a mistyped path. On CI it is every frame missing (exit 1, each in
    /// the JUnit file), not a usage error.
    static func checkReferenceFolder(_ runner: CheckRunner) throws {
        switch OutputPaths.isDirectory(runner.references) {
        case true?: return
        case false?: throw CommandError("reference path '\(runner.references)' is not a folder")
        case nil:
            guard runner.effectiveUpdate != .none || runner.onCI else {
                throw CommandError("reference folder '\(runner.references)' does not exist; check the path, or record the references with '--update missing'")
            }
        }
    }
}
