/// One clear message about bad input: which file, which JSON path, which line and column, what was expected.
///
/// Described as `file:line:column: path: message`, followed by `Did you mean 'x'?` when a misspelled name has
/// a close match; `diagnostic` is the line every command and the preview page print.
public struct SceneError: Error, Sendable, CustomStringConvertible, Equatable {
    // Settable by callers: an error is a value a command annotates before printing it (its file, "an error
    // under --strict"), not a spec of the document.
    public var file: String?
    public var path: String
    public var location: SourceLocation?
    public var message: String
    public var suggestion: String?

    public init(file: String? = nil, path: String, location: SourceLocation?, message: String, suggestion: String? = nil) {
        self.file = file
        self.path = path
        self.location = location
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        var prefix = file ?? "<scene>"
        if let l = location { prefix += ":\(l.line):\(l.column)" }
        return "\(prefix): \(detail)"
    }

    /// The error as the compilers print one, the form editors and CI problem matchers turn into a link to the
    /// line: `scene.json:7:5: error: glass[2].frame: message`. Without a line and column (a file that cannot
    /// be read) it is `error: scene.json: message`.
    public var diagnostic: String {
        guard let l = location else { return "error: \(description)" }
        return "\(file ?? "<scene>"):\(l.line):\(l.column): error: \(detail)"
    }

    /// The JSON path, the message and the suggestion.
    private var detail: String {
        var s = path.isEmpty ? message : "\(path): \(message)"
        if let suggestion { s += ". Did you mean '\(suggestion)'?" }
        return s
    }

    public static func == (a: SceneError, b: SceneError) -> Bool { a.description == b.description }
}
