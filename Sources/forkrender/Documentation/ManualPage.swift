/// The manual page forkrender(1) in man(7) macros, from the configurations `--help` prints: the root command's
/// overview, usage, arguments and options, then a section per subcommand with the same, and each command's own
/// sections (examples, exit status) as written. `forkrender --generate-manual > forkrender.1`.
enum ManualPage {
    static func text(_ commands: [any Command.Type]) -> String {
        let configurations = commands.map { $0.configuration }
        guard let root = configurations.first(where: { $0.name == nil }) else { return "" }
        var lines = [
            ".TH FORKRENDER 1 \"\" \"forkrender \(version)\" \"User Commands\"",
            ".SH NAME",
            "forkrender \\- render FORK design\\-language scenes to PNG frames and video previews",
            ".SH SYNOPSIS",
        ]
        lines += synopsis(root) + [".SH DESCRIPTION", escaped(root.overview)]
        lines += body(root)
        lines += [".SH COMMANDS"]
        for c in configurations where c.name != nil {
            lines += [".SS \(escaped(c.invocation))", escaped(c.overview), ".PP"] + synopsis(c) + body(c)
        }
        lines += [".SH FILES", "share/forkrender/scenes/ under the installation prefix (/usr for the Debian package): example scenes and",
                  "scene.schema.json, the scene format's JSON Schema.",
                  ".SH SEE ALSO", "ffmpeg(1), fc\\-list(1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The usage lines, bold command and literal options.
    static func synopsis(_ c: CommandConfiguration) -> [String] {
        c.usage.flatMap { [".nf", escaped($0), ".fi"] }
    }

    /// ARGUMENTS and OPTIONS as tagged paragraphs (label, then its help with the default), then the command's
    /// own sections.
    static func body(_ c: CommandConfiguration) -> [String] {
        var lines: [String] = []
        if !c.arguments.isEmpty {
            lines.append(heading("ARGUMENTS", c))
            for a in c.arguments { lines += [".TP", "\\fI\(escaped(a.label))\\fR", escaped(a.help)] }
        }
        lines.append(heading("OPTIONS", c))
        for o in c.options {
            lines += [".TP", label(o), escaped(o.fullHelp)]
        }
        lines += [".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show help information."]
        lines += discussion(c.discussion)
        return lines
    }

    /// A section of the root command's page, or a bold heading inside a subcommand's section.
    static func heading(_ title: String, _ c: CommandConfiguration) -> String {
        c.name == nil ? ".SH \(title)" : ".PP\n.B \(title)"
    }

    /// `\fB-o\fR, \fB--output\fR \fI<folder|->\fR`, as `HelpText.label` lays it out.
    static func label(_ o: OptionSpec) -> String {
        (o.short.map { "\\fB\(escaped($0))\\fR, " } ?? "") + "\\fB\(escaped(o.name))\\fR"
            + (o.value.map { " \\fI<\(escaped($0))>\\fR" } ?? "")
    }

    /// A command's own sections: headings (`EXAMPLES:`) bold, indented lines kept as lines, prose filled.
    static func discussion(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = [".PP"]
        var literal = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = line.hasPrefix(" ")
            if indented != literal { lines.append(indented ? ".nf\n.RS 4" : ".RE\n.fi"); literal = indented }
            if line.isEmpty { lines.append(".PP"); continue }
            lines.append(escaped(indented ? String(line.drop(while: { $0 == " " })) : String(line)))
        }
        if literal { lines.append(".RE\n.fi") }
        return lines
    }

    /// Text safe in a man page: backslashes and hyphens escaped, a leading dot or quote made literal.
    static func escaped(_ s: String) -> String {
        let body = s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}
