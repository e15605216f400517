/// A label's OpenType features as HarfBuzz reads them (`hb_feature_from_string`), comma-separated: an optional
/// `+` or `-`, a tag of one to four letters or digits, an optional glyph range `[start:end]`, an optional
/// `=value` (a number, on, off, true or false). "-liga,-kern", "+tnum", "kern=0", "liga[3:5]".
///
/// HarfBuzz skips a feature it cannot parse without a word, so "+++" would draw the text as if the key were
/// absent; the decoder refuses it instead, naming the feature. The schema's `features` pattern is the same
/// grammar.
enum FontFeatures {
    /// The features at `key`, "" when absent, refused with the first feature that is not one.
    static func decode(_ o: ObjectReader, _ key: String) throws(SceneError) -> String {
        guard let list = try o.string(key) else { return "" }
        guard !list.isEmpty else { return "" }
        for feature in list.split(separator: ",", omittingEmptySubsequences: false) where !isFeature(feature) {
            throw o.fail(key, "'\(feature)' is not an OpenType feature; expected comma-separated features such as \"-liga\", \"+tnum\", \"kern=0\" or \"liga[3:5]\"")
        }
        return list
    }

    /// One feature: `[+-]?tag([digits?(:digits?)?])?(=value)?`.
    static func isFeature(_ f: Substring) -> Bool {
        var s = f
        if s.first == "+" || s.first == "-" { s = s.dropFirst() }
        let tag = s.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard (1...4).contains(tag.count) else { return false }
        s = s.dropFirst(tag.count)
        if s.first == "[" {
            guard let close = s.firstIndex(of: "]") else { return false }
            let range = s[s.index(after: s.startIndex)..<close].split(separator: ":", omittingEmptySubsequences: false)
            guard range.count <= 2, range.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return false }
            s = s[s.index(after: close)...]
        }
        guard s.first == "=" else { return s.isEmpty }
        let value = s.dropFirst()
        return ["on", "off", "true", "false"].contains(value) || (!value.isEmpty && value.allSatisfy { $0.isASCII && $0.isNumber })
    }
}
