import Foundation
import Scene

// forkrender: a thin command line over the Scene library. Exit codes: 0 success, 1 a check failed,
// 2 usage, input or output error, 130 interrupted.

let version = "0.1.0"

func printError(_ s: String) {
    FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
}

enum ExitCode {
    static let success: Int32 = 0
    static let checkFailed: Int32 = 1
    static let usage: Int32 = 2
    static let interrupted: Int32 = 130
}

/// Prints a usage error the way swift-argument-parser does and returns the exit code.
func usageFailure(_ message: String, usage: String) -> Int32 {
    printError("Error: \(message)\nUsage: \(usage)\n  See 'forkrender --help' for more information.")
    return ExitCode.usage
}

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "lint":
    status = LintCommand.run(Array(arguments.dropFirst()))
case "bench":
    status = BenchCommand.run(Array(arguments.dropFirst()))
case "sheet":
    status = SheetCommand.run(Array(arguments.dropFirst()))
case "diff":
    status = DiffCommand.run(Array(arguments.dropFirst()))
case "preview":
    status = PreviewCommand.run(Array(arguments.dropFirst()))
case "check":
    status = CheckCommand.run(Array(arguments.dropFirst()))
case "showcase":
    print(Showcase.json)
    status = ExitCode.success
default:
    status = RenderCommand.run(arguments)
}
exit(status)
