/// One clear message about bad input: which file, which JSON path, which line and column, what was expected.
///
/// Rendered as `file:line:column: path: message` (the compiler-style prefix editors and terminals link to),
/// followed by `Did you mean 'x'?` when a misspelled name has a close match.
public struct SceneError: Error, Sendable, CustomStringConvertible, Equatable {
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
        var s = path.isEmpty ? "\(prefix): \(message)" : "\(prefix): \(path): \(message)"
        if let suggestion { s += ". Did you mean '\(suggestion)'?" }
        return s
    }

    public static func == (a: SceneError, b: SceneError) -> Bool { a.description == b.description }
}
