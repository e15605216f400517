/// What a command declares about itself, as swift-argument-parser's `CommandConfiguration`: its name, the words
/// of its help and the options it accepts. The help text, the parser and the usage line of an error are all
/// derived from it, so a command cannot document one option and accept another.
struct CommandConfiguration {
    /// The subcommand's word (`lint`); nil for the root command, which renders.
    var name: String?
    /// One line, for the root command's SUBCOMMANDS list (the root has none).
    var abstract: String = ""
    /// The help's OVERVIEW paragraph.
    var overview: String
    /// Usage lines; the first is the one a usage error repeats.
    var usage: [String]
    var arguments: [(label: String, help: String)] = []
    var options: [OptionSpec]
    /// Sections printed after OPTIONS, as written (EXAMPLES, EXIT STATUS).
    var discussion: String = ""

    /// How a user types the command: `forkrender` or `forkrender lint`.
    var invocation: String { name.map { "forkrender \($0)" } ?? "forkrender" }
}

/// One command of the command line: the same help, parse and error path for every command, as
/// swift-argument-parser's `ParsableCommand` gives them. A command only declares its configuration and
/// runs on parsed arguments; whatever it throws reaches the one error printer (`ErrorReport`).
protocol Command {
    static var configuration: CommandConfiguration { get }
    /// Runs the command; returns the exit status (ExitCode) or throws for the error printer to report.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

extension Command {
    /// `--help` or `-h` anywhere before `--` prints the help; otherwise the arguments are parsed and the
    /// command runs. Every error is reported by `ErrorReport` with the exit status it calls for.
    static func main(_ arguments: [String]) -> Int32 {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(HelpText.text(configuration), terminator: "")
            return ExitCode.success
        }
        do {
            return try run(parseArguments(arguments, options: configuration.options))
        } catch {
            return report(error)
        }
    }

    /// Prints `error` the one way (see `ErrorReport`) and returns its exit status: for errors a command reports
    /// and then carries on from (a report that cannot be written after the checks ran).
    static func report(_ error: any Error) -> Int32 {
        printError(ErrorReport.text(error, command: configuration))
        return ErrorReport.status(of: error)
    }
}
