import ChildProcess
import Foundation
import Testing

/// The manual page and `forkrender help <command>` say what `--help` says: the manual is generated from the same
/// option tables, and these tests read it back, option by option, against the help the binary prints.
@Suite struct ManualPageTests {
    static let subcommands = ["sheet", "lint", "diff", "check", "review", "preview", "showcase", "help"]

    /// (label, description) of every ARGUMENTS and OPTIONS row of a help text, wrapped lines joined.
    static func helpRows(_ text: String) -> [String] {
        var rows: [String] = []
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if !line.hasPrefix(" ") { section = line; continue }
            guard section == "ARGUMENTS:" || section == "OPTIONS:" else { continue }
            let chars = Array(line)
            if line.hasPrefix(String(repeating: " ", count: 26)) {
                rows[rows.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if chars.count > 26 && chars[25] == " " && chars[26] != " " {
                rows.append(String(chars[2..<26]).trimmingCharacters(in: .whitespaces) + " | " + String(chars[26...]))
            } else {
                rows.append(line.trimmingCharacters(in: .whitespaces) + " |")
            }
        }
        return rows.map { $0.replacingOccurrences(of: "|  ", with: "| ") }
    }

    /// The same rows from the manual's tagged paragraphs (`.TP`, label line, description line) of one command.
    static func manualRows(_ manual: String, command: String?) -> [String] {
        var lines = manual.split(separator: "\n").map(String.init)
        if let command {
            lines = Array(lines.drop { $0 != ".SS forkrender \(command)" }.dropFirst().prefix { !$0.hasPrefix(".S") })
        } else {
            lines = Array(lines.prefix { $0 != ".SH COMMANDS" })
        }
        func plain(_ s: String) -> String {
            var t = s
            for code in ["\\fB", "\\fR", "\\fI", "\\&"] { t = t.replacingOccurrences(of: code, with: "") }
            return t.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
        }
        return lines.indices.filter { lines[$0] == ".TP" && $0 + 2 < lines.count }
            .map { plain(lines[$0 + 1]) + " | " + plain(lines[$0 + 2]) }
    }

    @Test func manualAgreesWithHelpForEveryCommand() throws {
        let manual = try CLI.run(["--generate-manual"])
        #expect(manual.status == 0)
        for command in [nil] + Self.subcommands.map(Optional.some) {
            let help = try CLI.run((command.map { [$0] } ?? []) + ["--help"])
            let rows = Self.helpRows(help.out)
            #expect(rows.count >= 1, "\(command ?? "forkrender"): no rows read from --help")
            #expect(Self.manualRows(manual.out, command: command) == rows, "\(command ?? "forkrender")")
        }
    }

    @Test func helpCommandPrintsEachCommandsHelp() throws {
        #expect(try CLI.run(["help"]).out == CLI.run(["--help"]).out)
        for command in Self.subcommands {
            let r = try CLI.run(["help", command])
            #expect(r.status == 0)
            #expect(r.out == (try CLI.run([command, "--help"])).out, "help \(command)")
        }
        let wrong = try CLI.run(["help", "lnit"])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.hasPrefix("Error: Unknown subcommand 'lnit'. Did you mean 'lint'?\n"))
    }

    /// groff formats the page without a warning (a stray macro or an unescaped leading dot would give one).
    @Test func groffFormatsTheManualWithoutWarnings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
            print("manual page test: groff formatting skipped: /usr/bin/groff is not installed")
            return
        }
        let dir = CLI.temporaryFolder("manual")
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("forkrender.1")
        try CLI.run(["--generate-manual"]).stdout.write(to: page)
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-ww", "-z", page.path])
        #expect(r.status == 0)
        #expect(r.err.isEmpty, "groff: \(r.err)")
    }
}
