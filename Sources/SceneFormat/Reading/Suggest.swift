/// "Did you mean" for misspelled names, in this order:
/// 1. the closest candidate by edit distance, if it is close enough to be a plausible typo (at most a third of
///    the word's length, and at least one edit allowed);
/// 2. the candidate for the same setting under another name elsewhere in the schema or in CSS and SwiftUI
///    (`synonyms`: `color` on a glass panel is its `tint`);
/// 3. the first candidate that is part of the word or has the word as a part, at either end, both at least
///    three letters: `cornerRadius` -> `radius`, `linecap` -> `cap`, `secondary` -> `secondaryLabel`.
///    Candidates come in the caller's order of preference.
public enum Suggest {
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let list = Array(candidates)
        return typo(of: word, in: list) ?? related(word.lowercased(), list)
    }

    /// Rule 1 alone: for command-line words, where a path that does not exist (`lint-old.json`) must not
    /// read as a subcommand.
    public static func typo(of word: String, in candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased()))
            if best == nil || d < best!.1 { best = (c, d) }
        }
        guard let (name, d) = best else { return nil }
        return d <= max(1, (w.count + 2) / 3) ? name : nil
    }

    /// Rules 2 and 3.
    static func related(_ word: String, _ candidates: [String]) -> String? {
        if let s = synonyms[word]?.first(where: candidates.contains) { return s }
        guard word.count >= 3 else { return nil }
        return candidates.first { c in
            let l = c.lowercased()
            return l.count >= 3 && (word.hasPrefix(l) || word.hasSuffix(l) || l.hasPrefix(word) || l.hasSuffix(word))
        }
    }

    /// Names (lowercased) a designer brings from elsewhere, with the keys that mean the same here.
    static let synonyms: [String: [String]] = [
        "color": ["tint", "fill"], "tintcolor": ["tint"], "background": ["tint", "fill"],
        "alpha": ["opacity", "tintOpacity"], "opacity": ["tintOpacity"],
        "rect": ["frame"], "bounds": ["frame"], "position": ["at", "frame"], "origin": ["at"], "center": ["at"],
        "corner": ["radius", "cornerRadius"], "cornerradius": ["radius"], "borderradius": ["radius", "cornerRadius"],
        "easing": ["ease"], "curve": ["ease"], "delay": ["t"], "time": ["t"], "start": ["t"],
        "fontsize": ["size"], "fontweight": ["weight"], "fontfamily": ["font"],
        "windowsize": ["window"], "tolerance": ["threshold"], "ignore": ["masks"], "maxdiffpixelratio": ["maxDiffPixels"],
        "linecap": ["cap"], "linejoin": ["join"], "strokewidth": ["width"], "linewidth": ["width"],
    ]

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
