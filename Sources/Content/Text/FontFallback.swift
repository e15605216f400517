import CText
import Foundation
import Raster

/// Per-character font fallback: the face that draws a character the label's own face lacks.
///
/// Order (docs/content.md, "Fallback"): the label's face when it has the character; else fontconfig's sort for
/// the label's family, weight and slant, restricted to faces whose charset holds the character (`FcFontSort`,
/// so the family's own relatives come first, then the faces fontconfig prefers for that script); characters
/// that default to emoji presentation sort fontconfig's `emoji` family (Noto Color Emoji) first. Combining marks,
/// joiners, variation selectors and spaces stay with the face of the character before them, so a base and its
/// marks, and an emoji sequence, are shaped together. Lookups are cached per request and character.
public enum FontFallback {
    /// A face that stands in for characters the primary face lacks.
    public struct Choice: Sendable, Hashable {
        public var resolution: FontResolution
        /// A color bitmap face (Noto Color Emoji): its glyphs are color images, not coverage.
        public var isColor: Bool
    }

    private static let cache = ChoiceCache()

    /// The best installed face for `scalar` under `request`, or nil when no installed face has it.
    public static func face(for scalar: Unicode.Scalar, request: FontRequest) -> Choice? {
        let key = ChoiceKey(request: request, scalar: scalar.value)
        if let hit = cache.get(key) { return hit }
        var m = ctext_match()
        var color: Int32 = 0
        // Characters whose default presentation is emoji (Emoji_Presentation, UTS #51) ask for fontconfig's
        // "emoji" family first, as browsers do: otherwise a monochrome symbol face that also has them (Noto Sans
        // Symbols 2 has a thumbs up, without its skin-tone sequences) wins the sort for a sans-serif label.
        let family = scalar.properties.isEmojiPresentation ? "emoji"
            : request.isFile ? "sans-serif" : (FontLibrary.generic[request.family.lowercased()] ?? request.family)
        let status = family.withCString {
            ctext_fallback_font($0, Int32(request.weight), request.italic ? 1 : 0, scalar.value, &m, &color)
        }
        var choice: Choice?
        if status == 0 {
            let families = cString(&m.family).split(separator: "\n").map(String.init)
            var r = FontResolution(request: request, path: cString(&m.path), index: Int(m.index),
                                   family: families.first ?? "", style: cString(&m.style), note: nil, isFallback: true)
            r.families = families
            choice = Choice(resolution: r, isColor: color != 0)
        }
        cache.set(key, choice)
        return choice
    }

    /// Characters that never pick a face of their own: they take the face of the character before them.
    static func followsPrevious(_ s: Unicode.Scalar) -> Bool {
        // ASCII: only spaces and controls, without Unicode property lookups (most of a paragraph's characters).
        if s.value < 0x80 { return s.value <= 0x20 || s.value == 0x7F }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .spaceSeparator: return true
        default: return s.properties.isVariationSelector || s.value == 0xFE0F || s.properties.isEmojiModifier
        }
    }

    /// Which characters of `text` the primary face lacks, and the face each one is drawn with (nil: none has
    /// it; it renders as the face's missing-glyph box). In text order, each character once.
    public static func report(_ text: String, primary: Face, request: FontRequest) -> [(Unicode.Scalar, Choice?)] {
        var seen = Set<UInt32>()
        var out: [(Unicode.Scalar, Choice?)] = []
        for s in text.unicodeScalars where !followsPrevious(s) && s != "\n" && primary.glyphIndex(s) == 0 {
            guard seen.insert(s.value).inserted else { continue }
            out.append((s, face(for: s, request: request)))
        }
        return out
    }
}

private struct ChoiceKey: Hashable {
    var request: FontRequest
    var scalar: UInt32
}

/// The fallback face chosen per request and character, process-wide: it holds no scene data, only what the
/// installed fonts answer.
package struct ChoiceCache: Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "ChoiceCache", place: "Content/Text (`FontFallback`), process-wide",
        holds: "the fallback face for a character the requested face lacks", key: "the request and the Unicode scalar",
        dropped: "all at once beyond 16,384 entries (font folders are added before a scene decodes)",
        bound: "16,384 entries of about 256 B: 4 MB", fixedBytes: 16_384 * 256)

    fileprivate let store = KeptStore(Self.descriptor, keeping: .everything,
                                      KeptTable<ChoiceKey, FontFallback.Choice?>(limit: 16_384))
    fileprivate func get(_ k: ChoiceKey) -> FontFallback.Choice?? { store.access { $0[k] } }
    fileprivate func set(_ k: ChoiceKey, _ v: FontFallback.Choice?) { store.access { $0[k] = .some(v) } }
}
