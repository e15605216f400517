/// Quotes command-line words for a POSIX shell, so that a suggested command can be pasted as printed: a
/// scene named `tab#1.json` or a folder with a space must reach forkrender as one argument.
public enum ShellQuote {
    /// Characters that never need quoting (the set Python's shlex.quote leaves bare).
    static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_")

    /// `word` as is when it is safe, else in single quotes with each `'` written as `'\''`.
    public static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The words quoted and joined by spaces.
    public static func command(_ words: [String]) -> String { words.map(quote).joined(separator: " ") }
}
