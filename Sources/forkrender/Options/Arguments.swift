import SceneFormat
import Compose
import Output

/// A hand-written command-line parser with the conventions of swift-argument-parser: `--name value` or
/// `--name=value`, short aliases, `--` ends options, and an unknown option gets a "did you mean".
struct OptionSpec {
    var name: String          // "--threads"
    var short: String? = nil  // "-o"
    var value: String? = nil  // value placeholder, nil for a flag
    var help: String
    var defaultText: String? = nil
    var repeatable = false
    /// The only values the option takes, checked by the parser and offered by the completion scripts; empty: any.
    var choices: [String] = []

    /// The help as `--help` and the manual print it: the words, the values an option takes, its default.
    var fullHelp: String {
        help + (choices.isEmpty ? "" : " (values: \(choices.joined(separator: ", ")))")
            + (defaultText.map { " (default: \($0))" } ?? "")
    }
}

/// A command line that does not say something the command can do: reported with the usage line and exit 2.
struct UsageError: Error {
    var message: String

    /// `The value '12' is invalid for '--png-level': expected ...`, argument-parser's words for a bad value.
    static func invalid(_ value: String, for option: String, _ expected: String) -> UsageError {
        UsageError(message: "The value '\(value)' is invalid for '\(option)': \(expected)")
    }
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

    /// The scene file of a command that renders the built-in showcase without one (render, sheet).
    func optionalSceneFile() throws(UsageError) -> String? {
        guard positionals.count <= 1 else {
            throw UsageError(message: "Expected one scene file, got \(positionals.count): \(positionals.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return positionals.first
    }

    func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let s = value(name) else { return nil }
        guard let v = Int(s), range.contains(v) else {
            throw .invalid(s, for: name, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    /// A whole number whose range the library that takes it checks (`--png-level`: `EncodeSettings`).
    func int(_ name: String) throws(UsageError) -> Int? {
        guard let s = value(name) else { return nil }
        guard let v = Int(s) else { throw .invalid(s, for: name, "expected a whole number") }
        return v
    }

    func double(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let s = value(name) else { return nil }
        guard let v = Double(s), v.isFinite, range.contains(v) else {
            throw .invalid(s, for: name, "expected a number from \(Value.format(range.lowerBound)) to \(Value.format(range.upperBound))")
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
            if let s = Suggest.typo(of: name, in: names) { msg += " Did you mean '\(s)'?" }
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
        if !spec.choices.isEmpty, !spec.choices.contains(v) {
            throw .invalid(v, for: spec.name, "expected one of \(spec.choices.joined(separator: ", "))")
        }
        if !spec.repeatable, out.values[spec.name] != nil {
            throw UsageError(message: "The option '\(spec.name)' was given more than once")
        }
        out.values[spec.name, default: []].append(v)
    }
    return out
}
