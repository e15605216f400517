/// The bash completion script: `_forkrender` finds the subcommand (always the first word), then completes the
/// value of the option before the cursor, an option name after a `-`, or the command's arguments (scene files;
/// at the first word also the subcommands).
enum BashCompletion {
    static func script(_ configurations: [CommandConfiguration]) -> String {
        let subcommands = configurations.compactMap(\.name)
        var s = """
        # bash completion for forkrender, from `forkrender --generate-completion-script bash`.

        _forkrender_values() {
            local IFS=$'\\n'
            case "$1" in
                files) compopt -o filenames 2>/dev/null; COMPREPLY+=($(compgen -f -- "$cur")) ;;
                folders) compopt -o filenames 2>/dev/null; COMPREPLY+=($(compgen -d -- "$cur")) ;;
                ext:*) compopt -o filenames 2>/dev/null
                       COMPREPLY+=($(compgen -f -X "!*.${1#ext:}" -- "$cur") $(compgen -d -- "$cur")) ;;
                *) IFS=$' \\t\\n'; COMPREPLY+=($(compgen -W "$1" -- "$cur")) ;;
            esac
        }

        _forkrender() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmd=""
            (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
            # --name=value: bash splits the word at '='.
            if [[ "$cur" == "=" ]]; then cur=""; fi
            if [[ "$prev" == "=" ]] && (( COMP_CWORD > 1 )); then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi
            COMPREPLY=()
            if (( COMP_CWORD > 1 )); then
                case "${COMP_WORDS[1]}" in
                    \(subcommands.joined(separator: "|"))) cmd="${COMP_WORDS[1]}" ;;
                esac
            fi
            case "$cmd" in

        """
        for c in configurations {
            s += "        \(c.name ?? "\"\"")) _forkrender_\(functionName(c)) ;;\n"
        }
        s += "    esac\n}\n"
        for c in configurations { s += "\n" + function(c) }
        s += "\ncomplete -F _forkrender forkrender\n"
        return s
    }

    static func functionName(_ c: CommandConfiguration) -> String { c.name ?? "root" }

    /// One command's completions: option values first, then option names, then arguments.
    static func function(_ c: CommandConfiguration) -> String {
        var s = "_forkrender_\(functionName(c))() {\n    case \"$prev\" in\n"
        for o in c.options where o.value != nil {
            let names = [o.short, o.name].compactMap { $0 }.joined(separator: "|")
            s += "        \(names)) " + values(ValueCompletion(o)) + "return ;;\n"
        }
        s += "    esac\n"
        s += "    if [[ \"$cur\" == -* ]]; then _forkrender_values \"\(c.optionWords.joined(separator: " "))\"; return; fi\n"
        let arguments = ValueCompletion.arguments(c)
        if c.name == nil {
            let names = Forkrender.subcommands.compactMap { $0.configuration.name }.joined(separator: " ")
            s += "    (( COMP_CWORD == 1 )) && _forkrender_values \"\(names)\"\n"
        }
        if arguments != .nothing { s += "    " + values(arguments) + "\n" }
        return s + "    return 0\n}\n"
    }

    /// The call that offers `v`, ending in "; " (nothing for a value with no completion).
    static func values(_ v: ValueCompletion) -> String {
        switch v {
        case .nothing: return ""
        case .choices(let words): return "_forkrender_values \"\(words.joined(separator: " "))\"; "
        case .files(let ext): return "_forkrender_values \(ext.map { "ext:\($0)" } ?? "files"); "
        case .folders: return "_forkrender_values folders; "
        }
    }
}
