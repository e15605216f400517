import Foundation
import Preview
import Regression
import Output

/// `forkrender review <report>`: serves a check report on 127.0.0.1 with Accept and Reject on each frame that
/// did not pass and Accept all on each scene (docs/regression.md, "Reviewing from the report"). `check
/// --review` does the same after its run. Also the report's side of every check run: the manifest the server
/// reads (`review.json`) and the decisions an earlier review left (`decisions.json`).
enum ReviewCommand: Command {
    static let port = OptionSpec(name: "--port", value: "n", help: "The review server's port on 127.0.0.1 and ::1; 0 picks a free one.",
                                 defaultText: "8041")

    static let configuration = CommandConfiguration(
        name: "review",
        abstract: "Serve a check report on 127.0.0.1 to accept or reject its frames.",
        overview: "Serve a check report (the folder of 'forkrender check --report') on 127.0.0.1: Accept writes a frame as its reference, Reject records the decision; decisions.json in the report folder keeps both.",
        usage: ["forkrender review <report-folder> [--port <n>]"],
        arguments: [("<report-folder>", "The folder 'forkrender check --report' wrote (index.html, review.json and the frames' PNGs).")],
        options: [port],
        discussion: """
        EXAMPLES:
          forkrender check scenes/ --references refs/ --report out/
          forkrender review out/                 # then open the printed URL; Ctrl-C stops it
          forkrender check scenes/ --references refs/ --report out/ --review

        EXIT STATUS: 130 when stopped with Ctrl-C, 2 usage error, a folder without a report, or a port in use.
        """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        guard p.positionals.count == 1, let folder = p.positionals.first else {
            throw UsageError(message: p.positionals.isEmpty ? "Expected a report folder" : "Expected one report folder")
        }
        guard !UpdateMode.isCI else { throw CommandError("review refused: references are never written on CI (the environment has CI=true)") }
        return try serve(folder, port: try p.int("--port", in: 0...65535) ?? 8041, then: ExitCode.interrupted)
    }

    /// Serves the report in `folder` until Ctrl-C, then prints what was decided and returns `status`.
    static func serve(_ folder: String, port: Int, then status: Int32) throws -> Int32 {
        let written = { (name: String) in FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name)) }
        if !written(ReviewManifest.fileName) && written("index.html") {
            printError("note: nothing to review in '\(folder)': every frame passed")
            return status == ExitCode.interrupted ? ExitCode.success : status
        }
        let board = try ReviewBoard(folder: folder)
        // What the check printed comes first, also through a pipe (stdout is block-buffered there): nil flushes
        // every output stream.
        fflush(nil)
        let routes = ReviewRoutes(board: board)
        let server = try PreviewServer(port: port) { routes.respond($0) }
        // Written unbuffered: a script reading the URL from a pipe must see it at once.
        FileHandle.standardOutput.write(Data("forkrender review: http://127.0.0.1:\(server.port)/ (\(board.manifest.frames.count) frames to review; Ctrl-C stops it)\n".utf8))
        Interrupt.shared.wait()
        server.stop()
        let made = board.decisions.decisions
        let accepted = made.filter { $0.decision == .accepted }.count
        printError("review: \(accepted) accepted, \(made.count - accepted) rejected"
                   + (made.isEmpty ? "" : " (\((folder as NSString).appendingPathComponent(ReviewDecisions.fileName)))")
                   + (accepted > 0 ? "; review the new references (git diff) and commit them" : ""))
        return status
    }

    /// Before a check run writes its report (and before anything renders): `--review` needs `--report` and is
    /// refused on CI, `--port` goes with `--review`; the decisions an earlier review left in the folder are read
    /// (the run replaces the folder's report).
    static func startReport(_ p: ParsedArguments) throws -> ReviewDecisions? {
        let folder = p.value("--report"), review = p.has("--review")
        if review && folder == nil { throw UsageError(message: "'--review' needs '--report <folder>': the page it serves and where decisions.json is kept") }
        if review && UpdateMode.isCI { throw UsageError(message: "'--review' refused: references are never written on CI (the environment has CI=true)") }
        if try p.int("--port", in: 0...65535) != nil && !review { throw UsageError(message: "'--port' is the review server's: give it with '--review'") }
        guard let folder else { return nil }
        let previous = try ReviewDecisions.read(from: folder)
        ReviewReport.removePreviousRun(in: folder)
        try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(ReviewManifest.fileName))
        return previous
    }

    /// After the run, before the report: notes the frames that still render a rejected picture and keeps
    /// those rejections (the rest of the old decisions.json goes with the old report).
    static func carryDecisions(_ previous: ReviewDecisions?, _ items: inout [CheckItem], _ folder: String?) throws {
        guard let previous, let folder else { return }
        try previous.apply(to: &items, reportFolder: folder).write(to: folder)
    }
}
