import SceneFormat
import Compose
import Output

/// `forkrender help [<subcommand>]`: the help of a command, as `forkrender <subcommand> --help` prints it.
enum HelpCommand: Command {
    static let configuration = CommandConfiguration(
        name: "help",
        abstract: "Show subcommand help information.",
        overview: "Show the help of forkrender or of one of its subcommands.",
        usage: ["forkrender help [<subcommand>]"],
        arguments: [("<subcommand>", "The subcommand to describe; without one, forkrender itself.")],
        options: [])

    static func run(_ p: ParsedArguments) throws -> Int32 {
        guard p.positionals.count <= 1 else {
            throw UsageError(message: "Expected one subcommand, got \(p.positionals.count)")
        }
        guard let word = p.positionals.first else {
            print(HelpText.text(RenderCommand.configuration), terminator: "")
            return ExitCode.success
        }
        let names = Forkrender.subcommands.compactMap { $0.configuration.name }
        guard let command = Forkrender.subcommands.first(where: { $0.configuration.name == word }) else {
            var message = "Unknown subcommand '\(word)'."
            if let s = Suggest.closest(to: word, in: names) { message += " Did you mean '\(s)'?" }
            throw UsageError(message: message)
        }
        print(HelpText.text(command.configuration), terminator: "")
        return ExitCode.success
    }
}
