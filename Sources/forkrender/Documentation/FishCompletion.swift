/// The fish completion script: one `complete` line per subcommand, option and argument, each guarded by
/// `__forkrender_using <subcommand>` (an empty name: the root command, which renders).
enum FishCompletion {
    static func script(_ configurations: [CommandConfiguration]) -> String {
        let subcommands = configurations.compactMap(\.name)
        var s = """
        # fish completion for forkrender, from `forkrender --generate-completion-script fish`.

        function __forkrender_using -d 'whether the first word is this subcommand (empty: none is)'
            set -l words (commandline -opc)
            if test (count $words) -ge 2; and contains -- $words[2] \(subcommands.joined(separator: " "))
                test "$words[2]" = "$argv[1]"
                return
            end
            test -z "$argv[1]"
        end

        function __forkrender_files -a ext -d 'files ending in .ext under the token, and folders to reach them'
            for f in (commandline -ct)*
                if test -d $f
                    echo $f/
                else if string match -q -- "*.$ext" $f
                    echo $f
                end
            end
        end

        complete -c forkrender -f

        """
        for c in configurations where c.name != nil {
            s += "complete -c forkrender -n '__fish_use_subcommand' -a \(quoted(c.name ?? "")) -d \(quoted(c.abstract))\n"
        }
        for c in configurations {
            let condition = quoted("__forkrender_using \(c.name ?? "''")")
            for o in c.allOptions {
                var line = "complete -c forkrender -n \(condition)"
                if let short = o.short { line += " -s \(short.dropFirst())" }
                line += " -l \(o.name.dropFirst(2))"
                if o.value != nil { line += " " + values(ValueCompletion(o)) }
                s += line + " -d \(quoted(o.help))\n"
            }
            let arguments = ValueCompletion.arguments(c)
            if arguments != .nothing { s += "complete -c forkrender -n \(condition) \(values(arguments))\n" }
        }
        return s
    }

    /// `-x -a '...'`: what a value completes to (`-x`: it takes one, and no file unless listed).
    static func values(_ v: ValueCompletion) -> String {
        switch v {
        case .nothing: return "-x"
        case .choices(let words): return "-x -a \(quoted(words.joined(separator: " ")))"
        case .files(let ext): return ext.map { "-x -a " + quoted("(__forkrender_files \($0))") } ?? "-r -F"
        case .folders: return "-x -a '(__fish_complete_directories (commandline -ct))'"
        }
    }

    /// One single-quoted fish word.
    static func quoted(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
