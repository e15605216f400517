import Scene

/// A hand-written command-line parser with the conventions of swift-argument-parser: `--name value` or
/// `--name=value`, short aliases, `--` ends options, and an unknown option gets a "did you mean".
struct OptionSpec {
    var name: String          // "--threads"
    var short: String? = nil  // "-o"
    var value: String? = nil  // value placeholder, nil for a flag
    var help: String
    var defaultText: String? = nil
    var repeatable = false
}

struct UsageError: Error {
    var message: String
}

struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// The one scene file a command needs (lint, preview).
    func sceneFile() throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "Missing expected argument '<scene.json>'"
                                                          : "Expected one scene file, got \(positionals.count)")
        }
        return positionals[0]
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let s = value(name) else { return nil }
        guard let v = Int(s), range.contains(v) else {
            throw UsageError(message: "The value '\(s)' is invalid for '\(name)': expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let s = value(name) else { return nil }
        guard let v = Double(s), v.isFinite, range.contains(v) else {
            throw UsageError(message: "The value '\(s)' is invalid for '\(name)': expected a number from \(Value.format(range.lowerBound)) to \(Value.format(range.upperBound))")
        }
        return v
    }
}

func parseArguments(_ args: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
    var out = ParsedArguments()
    var i = 0
    var onlyPositionals = false
    while i < args.count {
        let a = args[i]
        i += 1
        if onlyPositionals || a == "-" || !a.hasPrefix("-") {
            out.positionals.append(a)
            continue
        }
        if a == "--" { onlyPositionals = true; continue }
        var name = a, inline: String?
        if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
            name = String(a[..<eq])
            inline = String(a[a.index(after: eq)...])
        }
        guard let spec = options.first(where: { $0.name == name || $0.short == name }) else {
            let names = options.map(\.name) + options.compactMap(\.short)
            var msg = "Unknown option '\(name)'."
            if let s = Suggest.closest(to: name, in: names) { msg += " Did you mean '\(s)'?" }
            throw UsageError(message: msg)
        }
        if spec.value == nil {
            if inline != nil { throw UsageError(message: "The flag '\(spec.name)' does not take a value") }
            out.flags.insert(spec.name)
            continue
        }
        let v: String
        if let inline {
            v = inline
        } else {
            guard i < args.count else { throw UsageError(message: "Missing value for '\(spec.name) <\(spec.value!)>'") }
            v = args[i]
            i += 1
        }
        if !spec.repeatable, out.values[spec.name] != nil {
            throw UsageError(message: "The option '\(spec.name)' was given more than once")
        }
        out.values[spec.name, default: []].append(v)
    }
    return out
}

/// Help laid out as OVERVIEW / USAGE / ARGUMENTS / OPTIONS with aligned labels and defaults.
func helpText(overview: String, usage: [String], arguments: [(String, String)], options: [OptionSpec],
              footer: String = "") -> String {
    var s = "OVERVIEW: \(overview)\n\nUSAGE: " + usage.joined(separator: "\n       ") + "\n"
    func label(_ o: OptionSpec) -> String {
        var l = o.short.map { "\($0), " } ?? ""
        l += o.name
        if let v = o.value { l += " <\(v)>" }
        return l
    }
    let width = min(34, max((options.map { label($0).count } + arguments.map { $0.0.count }).max() ?? 0, 10) + 2)
    func row(_ l: String, _ h: String) -> String {
        let pad = l.count < width ? String(repeating: " ", count: width - l.count) : "\n  " + String(repeating: " ", count: width)
        return "  " + l + pad + h + "\n"
    }
    if !arguments.isEmpty {
        s += "\nARGUMENTS:\n"
        for (a, h) in arguments { s += row(a, h) }
    }
    s += "\nOPTIONS:\n"
    for o in options {
        var h = o.help
        if let d = o.defaultText { h += " (default: \(d))" }
        s += row(label(o), h)
    }
    s += row("--help", "Show help information.")
    if !footer.isEmpty { s += "\n" + footer + "\n" }
    return s
}
