import Foundation
import Regression
import Output

/// `forkrender merge-reports shard-*/ -o report/`: the shards of one sharded check run (`check --shard i/n
/// --report <folder>`) merged into the JUnit file, HTML report and exit status one unsharded run gives.
enum MergeReportsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "merge-reports",
        abstract: "Merge the report folders of a sharded check into one report and exit status.",
        overview: "Merge the report folders of 'forkrender check --shard i/n --report <folder>' runs into the JUnit file, HTML report and exit status of one unsharded run.",
        usage: ["forkrender merge-reports <shard-folder>... -o <folder> [--junit <file>]"],
        arguments: [("<shard-folder>", "A shard's --report folder, holding its check-result.json; every shard of the run once.")],
        options: [
            OptionSpec(name: "--output", short: "-o", value: "folder",
                       help: "Write index.html, check-result.json and the review images of the merged run here."),
            OptionSpec(name: "--junit", value: "file", help: "Write the merged JUnit XML report here.",
                       defaultText: "<folder>/junit.xml"),
            .quiet("Print only frames that did not pass, and the totals."),
        ],
        discussion: """
        EXAMPLES:
          forkrender check scenes/ --references refs/ --shard 0/2 --report shard-0/   # one runner
          forkrender check scenes/ --references refs/ --shard 1/2 --report shard-1/   # another
          forkrender merge-reports shard-*/ -o report/ --junit report/junit.xml

        Refused, naming the folders: shards of different counts, a missing or repeated index, another renderer
        fingerprint, or other scenes, frames or options.

        EXIT STATUS: as one unsharded 'forkrender check' of the same frames: 0 every frame passed, 1 a frame
        differs or its reference is missing, 2 an unreadable reference, a usage error, or shards that do not make
        one run.
        """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        guard !p.positionals.isEmpty else { throw UsageError(message: "Expected the shards' report folders") }
        guard let output = p.value("--output") else { throw UsageError(message: "Missing '-o <folder>'") }
        for f in p.positionals where OutputPaths.isDirectory(f) != true {
            throw CommandError("shard folder '\(f)' is not a folder")
        }
        let merge = try ShardMerge(folders: p.positionals)
        let items = try merge.write(to: output, junit: p.value("--junit") ?? (output as NSString).appendingPathComponent("junit.xml"))
        CheckCommand.printSummary(items, quiet: p.quiet)
        if items.contains(where: { $0.status.isFailure }) {
            print("report: \((output as NSString).appendingPathComponent("index.html"))")
        }
        return CheckCommand.exitStatus(items)
    }
}
