import Regression
import SceneFormat
import Compose
import Output

/// The one error printer of every command, in the forms tools already read:
///
/// - a usage error keeps swift-argument-parser's layout: `Error: <message>`, the usage line, and
///   `  See 'forkrender <command> --help' for more information.` (user tokens quoted in the message);
/// - an error that points into a file takes the compilers' form, `file:line:col: error: json.path: message`,
///   which editors and CI problem matchers turn into a link (`SceneError.diagnostic`; the preview page's banner
///   shows the same text);
/// - every other error is `error: message`.
enum ErrorReport {
    static func text(_ error: any Error, command: CommandConfiguration) -> String {
        switch error {
        case let e as UsageError:
            "Error: \(e.message)\nUsage: \(command.usage[0])\n  See '\(command.invocation) --help' for more information."
        case let e as SceneError:
            e.diagnostic
        case let e as CheckError:
            e.scene?.diagnostic ?? "error: \(e)"
        default:
            "error: \(error)"
        }
    }

    /// 130 for an output error caused by Ctrl-C (the render stopped on purpose), 3 for output the machine failed
    /// to write (`OutputError.retryable`: another try may succeed), 2 for everything else, errors that the
    /// same command meets again: usage, a scene that never renders, unreadable input, an impossible output path
    /// (a failed check is a result, not an error, and returns 1 itself).
    static func status(of error: any Error) -> Int32 {
        guard let output = error as? OutputError else { return ExitCode.usage }
        return Interrupt.shared.isSet ? ExitCode.interrupted : output.retryable ? ExitCode.retryable : ExitCode.usage
    }
}

/// A failure a command finds itself rather than one a library throws (a reference folder that does not exist,
/// a mask outside the image): reported as `error: message`.
struct CommandError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
