/// The shells `--generate-completion-script` writes for, and what each value on a command line completes to.
/// Everything comes from the commands' configurations, the tables `--help` and the manual are made from, so a
/// script cannot offer an option the parser refuses or miss one it takes.
enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish

    func script(_ commands: [any Command.Type]) -> String {
        let configurations = commands.map { $0.configuration }
        switch self {
        case .bash: return BashCompletion.script(configurations)
        case .zsh: return ZshCompletion.script(configurations)
        case .fish: return FishCompletion.script(configurations)
        }
    }
}

/// What a shell offers for one value: the option's fixed choices, files (by extension), folders, or nothing.
enum ValueCompletion: Equatable {
    case nothing
    case choices([String])
    /// Files ending in `.<ext>`, and folders to reach them; any file when nil.
    case files(ext: String?)
    case folders

    /// An option's value: its choices; folders or files by its placeholder (`<folder>`, `<file.png>`).
    init(_ option: OptionSpec) {
        if !option.choices.isEmpty { self = .choices(option.choices); return }
        self.init(placeholder: option.value ?? "")
    }

    /// A positional argument or a value named by its placeholder: scenes are .json files, images .png.
    init(placeholder p: String) {
        if p.contains("subcommand") { self = .choices(Forkrender.subcommands.compactMap { $0.configuration.name }) }
        else if p.contains("folder") { self = p.contains(".json") || p.contains("scenes") ? .files(ext: "json") : .folders }
        else if p.contains("scene") || p.contains(".json") { self = .files(ext: "json") }
        else if p.contains(".png") { self = .files(ext: "png") }
        else if p.contains("file") { self = .files(ext: nil) }
        else { self = .nothing }
    }

    /// What the command's positional arguments complete to (the first argument's kind).
    static func arguments(_ c: CommandConfiguration) -> ValueCompletion {
        c.arguments.first.map { ValueCompletion(placeholder: $0.label) } ?? .nothing
    }
}

extension CommandConfiguration {
    /// Every option name, long and short, with `-h, --help` that every command takes.
    var optionWords: [String] {
        options.flatMap { [$0.short, $0.name].compactMap { $0 } } + ["-h", "--help"]
    }

    /// The options with a value, and the help flag that every command takes as a spec.
    var allOptions: [OptionSpec] {
        options + [OptionSpec(name: "--help", short: "-h", help: "Show help information.")]
    }
}
