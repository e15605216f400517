/// "Did you mean" for misspelled names: the closest candidate by edit distance, if it is close enough to be a
/// plausible typo (at most a third of the word's length, and at least one edit allowed).
public enum Suggest {
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased()))
            if best == nil || d < best!.1 { best = (c, d) }
        }
        guard let (name, d) = best else { return nil }
        return d <= max(1, (w.count + 2) / 3) ? name : nil
    }

    /// Damerau-Levenshtein distance (optimal string alignment): a swap of two letters counts as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
