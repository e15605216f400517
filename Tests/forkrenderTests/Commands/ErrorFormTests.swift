import Foundation
import Testing

/// The one error printer, seen from outside: whole stderr and exit status of the real binary. Usage errors keep
/// swift-argument-parser's three lines, naming the command whose help to read; errors that point into a file
/// take the compilers' `file:line:col: error: json.path: message`, the same from every command; the rest are
/// `error: message`.
@Suite struct ErrorFormTests {
    /// A scene whose only fault is at line 2, column 23.
    static func brokenScene(_ name: String) throws -> String {
        let path = CLI.temporaryFolder(name).appendingPathComponent("broken.json").path
        try "{\n  \"canvas\": {\"width\": 0}\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func usageErrorsNameTheCommandAndItsUsage() throws {
        let lint = try CLI.run(["lint", "scene.json", "--strikt"])
        #expect(lint.status == 2)
        #expect(lint.out.isEmpty)
        #expect(lint.stderr == """
            Error: Unknown option '--strikt'. Did you mean '--strict'?
            Usage: forkrender lint <scene.json> [--strict] [--json] [--scale <s>] [--threads <n>]
              See 'forkrender lint --help' for more information.

            """)
        let root = try CLI.run(["--png-level", "12"])
        #expect(root.status == 2)
        #expect(root.stderr == """
            Error: The value '12' is invalid for '--png-level': zlib level 12 is outside 0...9
            Usage: forkrender [<scene.json>] [-o <folder>|-] [--video <file>] [<options>]
              See 'forkrender --help' for more information.

            """)
        let typo = try CLI.run(["lnit", "scene.json"])
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("Error: Unknown subcommand 'lnit'. Did you mean 'lint'?\nUsage: forkrender [<scene.json>]"))
        // A scene file that does not exist is not a subcommand, even when its name starts with one.
        let missing = try CLI.run(["lint-old.json"])
        #expect(missing.status == 2 && !missing.stderr.contains("subcommand"), "\(missing.stderr)")
        let diff = try CLI.run(["diff", "a.png"])
        #expect(diff.status == 2)
        #expect(diff.stderr == """
            Error: Expected two PNG files, expected and actual; got 1: 'a.png'
            Usage: forkrender diff <expected.png> <actual.png> [-o <diff.png>] [<options>]
              See 'forkrender diff --help' for more information.

            """)
    }

    /// Every command that reads a scene prints its fault in the same compiler form, and nothing else.
    @Test(arguments: [["lint"], [], ["sheet"], ["check", "--references", "."], ["preview", "--port", "0"]])
    func locatedErrorsInTheCompilersForm(_ command: [String]) throws {
        let scene = try Self.brokenScene("located-\(command.first ?? "render")")
        let dir = URL(fileURLWithPath: scene).deletingLastPathComponent()
        let args = command.isEmpty ? [scene, "-o", dir.appendingPathComponent("out").path]
                                   : [command[0], scene] + command.dropFirst() + (command[0] == "sheet" ? ["-o", dir.appendingPathComponent("s.png").path] : [])
        let r = try CLI.run(args, cwd: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "\(scene):2:23: error: canvas.width: expected a positive number of at most 100000 pt, found 0\n", "\(args)")
    }

    @Test func otherErrorsAreErrorColonMessage() throws {
        let dir = CLI.temporaryFolder("other-errors")
        let missing = dir.appendingPathComponent("missing.json").path
        let render = try CLI.run([missing, "-q"], cwd: dir)
        #expect(render.status == 2)
        #expect(render.stderr == "error: \(missing): scene file does not exist\n")
        let diff = try CLI.run(["diff", dir.appendingPathComponent("a.png").path, dir.appendingPathComponent("b.png").path])
        #expect(diff.status == 2)
        #expect(diff.stderr == "error: cannot read PNG '\(dir.appendingPathComponent("a.png").path)': it does not exist\n")
    }
}
