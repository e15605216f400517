import Foundation
import SceneFormat
import Compose
import Output

// forkrender: a thin command line over the Scene library. Exit codes: 0 success, 1 a check failed,
// 2 an error the same command would meet again (usage, an invalid scene that never renders, unreadable input,
// an output path that cannot be), 3 output the machine failed to write (full disk, I/O, ffmpeg failing),
// which may succeed on retry, 130 interrupted. A job controller retries 3 and fails the index on 1 and 2.

let version = RendererFingerprint.version

func printError(_ s: String) {
    FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
}

enum ExitCode {
    static let success: Int32 = 0
    static let checkFailed: Int32 = 1
    static let usage: Int32 = 2
    static let retryable: Int32 = 3
    static let interrupted: Int32 = 130
}

/// The commands: the first argument names a subcommand, anything else goes to the root command, which renders.
enum Forkrender {
    static var subcommands: [any Command.Type] { [
        SheetCommand.self, LintCommand.self, DiffCommand.self, CheckCommand.self, MergeReportsCommand.self,
        ReviewCommand.self, PreviewCommand.self,
        ShowcaseCommand.self, HelpCommand.self,
    ] }

    /// The root command and every subcommand, in the order the manual and the completion scripts list them.
    static var commands: [any Command.Type] { [RenderCommand.self] + subcommands }

    static func main(_ arguments: [String]) -> Int32 {
        if arguments.first == "bench" {
            // The benchmarks are a program of their own, never installed: say where they went.
            printError("error: 'forkrender bench' is now 'forkrender-bench', built from the source tree and not installed:"
                       + " swift run -c release forkrender-bench \(arguments.dropFirst().joined(separator: " "))")
            return ExitCode.usage
        }
        if let word = arguments.first, let sub = subcommands.first(where: { $0.configuration.name == word }) {
            // Ctrl-C ends every command within a second with 130 (Interrupt).
            Interrupt.shared.install()
            return sub.main(Array(arguments.dropFirst()))
        }
        return RenderCommand.main(arguments)
    }
}

exit(Forkrender.main(Array(CommandLine.arguments.dropFirst())))
