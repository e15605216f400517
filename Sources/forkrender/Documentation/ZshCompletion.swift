/// The zsh completion script (`#compdef forkrender`, for a folder on `$fpath` or `source`): `_forkrender` hands
/// the words after a subcommand to that command's `_arguments` table, the root's table otherwise.
enum ZshCompletion {
    static func script(_ configurations: [CommandConfiguration]) -> String {
        let subcommands = configurations.compactMap(\.name)
        var s = """
        #compdef forkrender
        # zsh completion for forkrender, from `forkrender --generate-completion-script zsh`.

        _forkrender() {
          local -a subcommands
          subcommands=(

        """
        for c in configurations where c.name != nil {
            s += "    \(quoted("\(escaped(c.name ?? "")):\(escaped(c.abstract))"))\n"
        }
        s += """
          )
          if (( CURRENT > 2 )); then
            case ${words[2]} in
              \(subcommands.joined(separator: "|")))
                local cmd=${words[2]}
                shift words
                (( CURRENT-- ))
                _forkrender_$cmd
                return ;;
            esac
          fi
          _forkrender_root
        }

        _forkrender_first() {
          _describe -t subcommands 'subcommand' subcommands
          _files -g '*.json'
        }

        """
        for c in configurations { s += "\n" + function(c) }
        s += "\nif [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n  _forkrender \"$@\"\nelse\n  compdef _forkrender forkrender\nfi\n"
        return s
    }

    static func function(_ c: CommandConfiguration) -> String {
        var specs = c.allOptions.map(spec)
        if c.name == nil {
            specs.append(quoted("1:scene or subcommand:_forkrender_first"))
            specs.append(quoted("*:scene:_files -g '*.json'"))
        } else if let argument = c.arguments.first {
            let action = self.action(ValueCompletion.arguments(c))
            specs.append(quoted("*:\(escaped(argument.label)):\(action)"))
        }
        return "_forkrender_\(c.name ?? "root")() {\n  _arguments -s \\\n    " + specs.joined(separator: " \\\n    ") + "\n}\n"
    }

    /// `'(-o --output)'{-o,--output}'[help]:folder|-:_files -/'`: a value's message is its placeholder.
    static func spec(_ o: OptionSpec) -> String {
        let description = "[\(escaped(o.help))]" + (o.value.map { ":\(escaped($0)):\(action(ValueCompletion(o)))" } ?? "")
        let exclusive = o.name == "--help" ? "(- *)" : nil
        if let short = o.short {
            let group = exclusive ?? "(\(short) \(o.name))"
            return quoted(group) + "{\(short),\(o.name)}" + quoted(description)
        }
        return quoted((exclusive ?? "") + (o.repeatable ? "*" : "") + o.name + description)
    }

    static func action(_ v: ValueCompletion) -> String {
        switch v {
        case .nothing: return " "
        case .choices(let words): return "(\(words.joined(separator: " ")))"
        case .files(let ext): return ext.map { "_files -g '*.\($0)'" } ?? "_files"
        case .folders: return "_files -/"
        }
    }

    /// Text inside `_arguments`' brackets and messages: its brackets and colons taken literally.
    static func escaped(_ s: String) -> String {
        var out = ""
        for ch in s {
            if "[]:\\".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    /// One single-quoted shell word.
    static func quoted(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
