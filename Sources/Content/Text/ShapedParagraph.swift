import CText

/// One paragraph after bidi analysis, font fallback and shaping: its runs in logical order, each shaped in its
/// own direction, script and face, and the advance each character carries, for line breaking. See `TextLayout`.
struct ShapedParagraph {
    /// A maximal span of characters with one embedding level, face and script, shaped as one HarfBuzz buffer.
    struct Run {
        var range: Range<Int>
        var level: UInt8
        var face: Int
        /// Glyphs in visual order, `cluster` rewritten to the character index in the paragraph.
        var glyphs: [ShapedGlyph]
    }

    /// A glyph of a line with the face that draws it.
    struct LineGlyph {
        var glyph: ShapedGlyph
        var face: Int
    }

    let bidi: BidiParagraph
    var runs: [Run] = []
    /// Which characters are spaces (break opportunities).
    let isSpace: [Bool]

    /// ISO 15924 tags HarfBuzz gives characters that belong to no one script: Zyyy (common), Zinh (inherited),
    /// Zzzz (unknown). They join the script of the characters around them.
    static let neutralScripts: Set<UInt32> = [0x5A79_7979, 0x5A69_6E68, 0x5A7A_7A7A]

    init(_ bidi: BidiParagraph, faces: inout FaceList, size: Float, features: String) {
        self.bidi = bidi
        let scalars = bidi.scalars, n = scalars.count
        isSpace = scalars.map { $0 == " " }
        let utf8 = Array(String(String.UnicodeScalarView(scalars)).utf8)
        var byteOffset: [Int] = []
        byteOffset.reserveCapacity(n + 1)
        var offset = 0
        for s in scalars {
            byteOffset.append(offset)
            offset += UTF8.width(s)
        }
        byteOffset.append(offset)
        var characterAt: [Int: Int] = [:]
        for i in 0..<n { characterAt[byteOffset[i]] = i }

        var face = [Int](repeating: 0, count: n)
        let inPrimary = faces.faces[0].glyphIndices(scalars).map { $0 != 0 }
        for i in 0..<n {
            if i > 0 && FontFallback.followsPrevious(scalars[i]) { face[i] = face[i - 1]; continue }
            face[i] = inPrimary[i] ? 0 : faces.fallbackIndex(for: scalars[i])
        }
        var script = scalars.map { ctext_script($0.value) }
        var last: UInt32 = 0
        for i in 0..<n {
            if Self.neutralScripts.contains(script[i]) { script[i] = last } else { last = script[i] }
        }
        if let first = script.first(where: { $0 != 0 }) {
            for i in 0..<n where script[i] == 0 { script[i] = first }
        }

        var start = 0
        while start < n {
            var end = start + 1
            while end < n && bidi.levels[end] == bidi.levels[start] && face[end] == face[start] && script[end] == script[start] { end += 1 }
            let level = bidi.levels[start]
            var glyphs = faces.faces[face[start]].shape(utf8, run: byteOffset[start]..<byteOffset[end], rightToLeft: level % 2 == 1,
                                                         script: script[start], size: size, features: features)
            for g in glyphs.indices { glyphs[g].cluster = characterAt[glyphs[g].cluster] ?? start }
            runs.append(Run(range: start..<end, level: level, face: face[start], glyphs: glyphs))
            start = end
        }
    }

    /// The lines of the paragraph as character ranges (logical order), trailing spaces excluded: greedy breaks
    /// at spaces where the next word would pass `limit` pixels; nil never breaks.
    func lines(limit: Float?, track: Float) -> [Range<Int>] {
        let n = bidi.scalars.count
        // Advance plus tracking carried by each character (a ligature's advance sits on its first character).
        var advance = [Float](repeating: 0, count: n)
        for run in runs { for g in run.glyphs { advance[g.cluster] += g.advance + track } }
        var lines: [Range<Int>] = []
        var lineStart = 0, lineWidth: Float = 0, i = 0
        while i < n {
            // The next word: characters up to and including the following run of spaces.
            var j = i
            while j < n && !isSpace[j] { j += 1 }
            var k = j
            while k < n && isSpace[k] { k += 1 }
            let wordWidth = advance[i..<j].reduce(0, +)
            if let limit, i > lineStart, lineWidth + wordWidth - track > limit {
                lines.append(lineStart..<i)
                lineStart = i
                lineWidth = 0
            }
            lineWidth += advance[i..<k].reduce(0, +)
            i = k
        }
        lines.append(lineStart..<n)
        return lines.map { line in
            var end = line.upperBound
            while end > line.lowerBound && isSpace[end - 1] { end -= 1 }
            return line.lowerBound..<end
        }
    }

    /// The glyphs of a line in visual order: the pieces of runs it holds, ordered by rule L2; inside a piece,
    /// HarfBuzz's order (already visual for right-to-left runs).
    func visualGlyphs(_ line: Range<Int>) -> [LineGlyph] {
        let pieces = runs.filter { $0.range.overlaps(line) }
        var out: [LineGlyph] = []
        for p in BidiParagraph.visualOrder(levels: pieces.map(\.level)) {
            for g in pieces[p].glyphs where line.contains(g.cluster) { out.append(LineGlyph(glyph: g, face: pieces[p].face)) }
        }
        return out
    }
}

/// The faces of one layout: the label's own face at index 0, then each fallback face once, in order of first use.
struct FaceList {
    private(set) var faces: [Face]
    let request: FontRequest
    private var byPath: [String: Int] = [:]

    init(_ primary: Face, request: FontRequest) {
        faces = [primary]
        self.request = request
    }

    /// The face that draws a character the primary lacks: its fallback (when it opens), else the primary (its
    /// missing-glyph box: no installed face has the character).
    mutating func fallbackIndex(for scalar: Unicode.Scalar) -> Int {
        guard let choice = FontFallback.face(for: scalar, request: request),
              let face = try? Face.shared(choice.resolution) else { return 0 }
        let key = "\(choice.resolution.index):\(choice.resolution.path)"
        if let i = byPath[key] { return i }
        faces.append(face)
        byPath[key] = faces.count - 1
        return faces.count - 1
    }
}
