import Foundation
import Raster
import Regression
import Scene

/// `forkrender check scenes/ --references refs/`: renders the check frames of every scene and compares them
/// with reference PNGs, recording or replacing references as `--update` says (never on CI).
enum CheckCommand {
    static let usage = "forkrender check <scenes-or-folders>... --references <folder> [<options>]"

    static let options: [OptionSpec] = [
        OptionSpec(name: "--references", short: "-r", value: "folder",
                   help: "Reference PNGs: <folder>/<scene>/<frame>.png, e.g. refs/tap/0012.png."),
        OptionSpec(name: "--update", value: "mode",
                   help: "Write references: none, missing, changed (also those that differ) or all. Never on CI.",
                   defaultText: "missing, or none on CI"),
        OptionSpec(name: "--frames", value: "list",
                   help: "Frames to check in every scene: 0,15,29 or 0..3.",
                   defaultText: "check.frames, else first, middle, last"),
        OptionSpec(name: "--report", value: "folder",
                   help: "Write index.html and expected, actual, diff PNGs of failures."),
        OptionSpec(name: "--junit", value: "file", help: "Write a JUnit XML report for CI systems."),
        OptionSpec(name: "--threshold", value: "0-1",
                   help: "Per-pixel YIQ tolerance: 0 flags any change, 1 nothing.", defaultText: "0.1"),
        OptionSpec(name: "--max-diff-pixels", value: "n", help: "Pass a frame with at most n different pixels.", defaultText: "0"),
        OptionSpec(name: "--max-diff-ratio", value: "r", help: "Pass a frame with at most this fraction (0-1) of its pixels different."),
        OptionSpec(name: "--ignore-antialiasing", help: "Do not count pixels taken for anti-aliased edges."),
        OptionSpec(name: "--scale", value: "s",
                   help: "Override every scene's canvas scale (the golden suite uses 1)."),
        OptionSpec(name: "--threads", value: "n", help: "Worker threads.", defaultText: "all cores"),
        OptionSpec(name: "--max-megapixels", value: "n", help: "Refuse canvases above this size.", defaultText: "64"),
        OptionSpec(name: "--quiet", short: "-q", help: "Print only frames that did not pass, and the totals."),
    ]

    static var help: String {
        helpText(
            overview: "Render scenes and compare their frames with reference PNGs (visual regression).",
            usage: [usage],
            arguments: [("<scenes-or-folders>", "Scene files, or folders whose .json files are all checked (not recursing).")],
            options: options,
            footer: """
            EXAMPLES:
              forkrender check scenes/ --references refs/                      # record missing, compare the rest
              forkrender check scenes/ --references refs/ --report out/ --junit out/check.xml
              forkrender check scenes/dots-tap.json --references refs/ --update changed
              forkrender check scenes/ --references Tests/GoldenTests/References --scale 1   # the golden suite

            EXIT STATUS: 0 every frame passed (or was recorded as asked), 1 a frame differs or its reference is
            missing, 2 usage error, invalid scene, unreadable reference or unwritable output.
            """)
    }

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") {
            print(help, terminator: "")
            return ExitCode.success
        }
        var runner: CheckRunner
        let p: ParsedArguments
        do throws(UsageError) {
            p = try parseArguments(args, options: options)
            guard !p.positionals.isEmpty else { throw UsageError(message: "Expected at least one scene file or folder") }
            guard let refs = p.value("--references") else { throw UsageError(message: "Missing '--references <folder>'") }
            let onCI = UpdateMode.isCI
            var update = UpdateMode.missing
            if let u = p.value("--update") {
                guard let m = UpdateMode(name: u) else {
                    throw UsageError(message: "The value '\(u)' is invalid for '--update': expected one of \(UpdateMode.names)")
                }
                if onCI && m != .none {
                    throw UsageError(message: "'--update \(u)' refused: references are never written on CI (the environment has CI=true). Record them locally and commit them")
                }
                update = m
            }
            let megapixels = try p.double("--max-megapixels", in: 0.000001...100_000) ?? 64
            runner = CheckRunner(
                references: refs, comparison: try comparison(p, masks: []), tolerance: try tolerance(p),
                update: update, onCI: onCI, scale: try p.double("--scale", in: 0.01...100).map { Float($0) },
                frames: p.value("--frames"),
                workers: Workers(try p.int("--threads", in: 1...1024) ?? Workers.allCores.count),
                artifacts: p.value("--report"), decoder: SceneDecoder(maxPixels: Int(megapixels * 1_000_000)))
        } catch {
            return usageFailure(error.message, usage: usage)
        }
        let quiet = p.has("--quiet")

        // Validate everything before rendering anything.
        var isDir: ObjCBool = false
        if !FileManager.default.fileExists(atPath: runner.references, isDirectory: &isDir) {
            // On CI a missing folder is every frame missing (exit 1, each in the JUnit file), not a usage error.
            guard runner.effectiveUpdate == .all || runner.onCI else {
                printError("error: reference folder '\(runner.references)' does not exist; check the path, or record every reference with '--update all'")
                return ExitCode.usage
            }
        } else if !isDir.boolValue {
            printError("error: reference path '\(runner.references)' is not a folder")
            return ExitCode.usage
        }
        var jobs: [CheckRunner.Job] = []
        do throws(CheckError) {
            let files = try CheckRunner.sceneFiles(p.positionals)
            guard !files.isEmpty else { throw CheckError("no scene files (*.json) in \(p.positionals.map { "'\($0)'" }.joined(separator: ", "))") }
            jobs = try files.map { f throws(CheckError) in try runner.prepare(scene: f) }
        } catch {
            printError("error: \(error)")
            return ExitCode.usage
        }
        if runner.onCI && !quiet { printError("note: CI=true: references are compared, never written") }
        if let report = p.value("--report") { ReviewReport.removePreviousRun(in: report) }

        var items: [CheckItem] = []
        for job in jobs {
            items += runner.run(job) { item in
                if !quiet && isatty(2) != 0 { printError("\(item.scene) \(CheckItem.frameName(item.frame)): \(item.status.rawValue)") }
            }
        }
        let shown = quiet ? items.filter { $0.status != .passed } : items
        if !shown.isEmpty { print(CheckSummary.table(shown), terminator: "") }
        print(CheckSummary.totals(items))

        var status = items.contains { $0.status == .error } ? ExitCode.usage
            : items.contains { $0.status.isFailure } ? ExitCode.checkFailed : ExitCode.success
        if let report = p.value("--report") {
            let settings = "threshold \(Value.format(runner.comparison.threshold)), tolerance \(runner.tolerance), anti-aliasing \(runner.comparison.ignoreAntialiasing ? "ignored" : "counted")" +
                (runner.scale.map { ", scale \(Value.format(Double($0)))" } ?? "") + ", references \(runner.references)"
            let accept = ShellQuote.command(["forkrender", "check"] + p.positionals + ["--references", runner.references]
                          + (runner.scale.map { ["--scale", Value.format(Double($0))] } ?? []) + ["--update", "changed"])
            do throws(CheckError) {
                try ReviewReport(settings: settings, acceptCommand: accept).write(items, to: report)
                if items.contains(where: { $0.status.isFailure }) {
                    print("report: \((report as NSString).appendingPathComponent("index.html"))")
                }
            } catch {
                printError("error: \(error)")
                status = ExitCode.usage
            }
        }
        if let junit = p.value("--junit") {
            do {
                try AtomicFile.write(Array(JUnitReport.xml(items).utf8), to: junit)
            } catch {
                printError("error: \(error)")
                status = ExitCode.usage
            }
        }
        if !quiet && items.contains(where: { $0.status == .recorded || $0.status == .updated }) {
            printError("note: references were written under '\(runner.references)'; review them (git diff) and commit them")
        }
        return status
    }

    static func comparison(_ p: ParsedArguments, masks: [PixelRect]) throws(UsageError) -> Comparison {
        Comparison(threshold: try p.double("--threshold", in: 0...1) ?? Comparison.defaultThreshold,
                   ignoreAntialiasing: p.has("--ignore-antialiasing"), masks: masks)
    }

    static func tolerance(_ p: ParsedArguments) throws(UsageError) -> Tolerance {
        let n = try p.int("--max-diff-pixels", in: 0...Int.max)
        let r = try p.double("--max-diff-ratio", in: 0...1)
        if n != nil && r != nil { throw UsageError(message: "Give either '--max-diff-pixels' or '--max-diff-ratio', not both") }
        if let r { return .ratio(r) }
        return .pixels(n ?? 0)
    }
}
