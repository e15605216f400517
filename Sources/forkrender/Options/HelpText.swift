/// Help laid out as swift-argument-parser lays it out: OVERVIEW, USAGE, ARGUMENTS, OPTIONS (`-h, --help` last),
/// the root command's SUBCOMMANDS, then the command's own sections (EXAMPLES, EXIT STATUS).
///
/// Labels start two columns in and descriptions at column 26, the parser's label column; a label too long to
/// leave a space before it puts its description on the next line. Descriptions wrap at 80 columns, a fixed
/// width rather than the terminal's so that the text (and the tests that compare all of it) is the same
/// everywhere. Defaults end a description as `(default: 30)`.
enum HelpText {
    static let labelColumn = 26
    static let width = 80

    static func text(_ c: CommandConfiguration) -> String {
        var s = wrap("OVERVIEW: " + c.overview, indent: 0).joined(separator: "\n") + "\n\n"
        s += "USAGE: " + c.usage.joined(separator: "\n       ") + "\n"
        if !c.arguments.isEmpty {
            s += "\nARGUMENTS:\n"
            for a in c.arguments { s += row(a.label, a.help) }
        }
        s += "\nOPTIONS:\n"
        for o in c.options {
            s += row(label(o), o.fullHelp)
        }
        s += row("-h, --help", "Show help information.")
        if c.name == nil {
            s += "\nSUBCOMMANDS:\n"
            for sub in Forkrender.subcommands { s += row(sub.configuration.name ?? "", sub.configuration.abstract) }
            s += "\n  See 'forkrender help <subcommand>' for detailed help.\n"
        }
        if !c.discussion.isEmpty {
            s += "\n" + discussion(c.discussion).joined(separator: "\n") + "\n"
        }
        return s
    }

    /// A command's own sections: consecutive lines of prose are one paragraph, wrapped like the rest;
    /// indented lines (examples, commands to copy) and blank lines stay as written.
    static func discussion(_ text: String) -> [String] {
        var out: [String] = []
        var paragraph: [Substring] = []
        func flush() {
            if !paragraph.isEmpty { out += wrap(paragraph.joined(separator: " "), indent: 0) }
            paragraph = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || line.hasPrefix(" ") {
                flush()
                out.append(String(line))
            } else {
                paragraph.append(line)
            }
        }
        flush()
        return out
    }

    /// `-o, --output <folder|->`: the short name, the long name and the value's placeholder.
    static func label(_ o: OptionSpec) -> String {
        (o.short.map { "\($0), " } ?? "") + o.name + (o.value.map { " <\($0)>" } ?? "")
    }

    /// One label and its description, wrapped and indented to the label column.
    static func row(_ label: String, _ help: String) -> String {
        let lines = wrap(help, indent: labelColumn)
        let padded = "  " + label
        if padded.count < labelColumn {
            let first = padded + String(repeating: " ", count: labelColumn - padded.count) + lines[0].dropFirst(labelColumn)
            return ([first] + lines.dropFirst()).joined(separator: "\n") + "\n"
        }
        return ([padded] + lines).joined(separator: "\n") + "\n"
    }

    /// Words filled greedily into lines of at most `width` columns, each indented by `indent` spaces; a word
    /// longer than a line stands alone on its own.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines
    }
}
