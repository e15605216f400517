import SceneFormat
import Compose
import Output

/// `forkrender showcase`: prints the built-in showcase scene, a starting point for a scene of one's own.
enum ShowcaseCommand: Command {
    static let configuration = CommandConfiguration(
        name: "showcase",
        abstract: "Print the built-in showcase scene, a starting point for your own.",
        overview: "Print the built-in showcase scene (the one forkrender renders without a scene file) as JSON, a starting point for your own.",
        usage: ["forkrender showcase"],
        options: [])

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "Unexpected argument '\(arguments.positionals[0])'")
        }
        print(Showcase.json)
        return ExitCode.success
    }
}
