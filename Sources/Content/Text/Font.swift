import CText
import Foundation
import Raster

/// How a scene names a font, and which face fontconfig found for it.
///
/// Family names: `serif` (the FORK serif: Besley when installed, else another installed serif, else DejaVu
/// Serif, with a fallback warning; see `SerifFace.swift`), `mono` (the system monospace, DejaVu Sans Mono on a machine set up by scripts/setup.sh), `sans`
/// (the system sans-serif), any installed family name, or a path to a font file (anything with a `/` or ending
/// in .ttf, .otf or .ttc). Weights are OpenType weight classes, 100 (thin) to 900 (black), 400 regular.
public struct FontRequest: Sendable, Hashable {
    public var family: String
    public var weight: Int
    public var italic: Bool

    public init(family: String, weight: Int = 400, italic: Bool = false) {
        self.family = family
        self.weight = weight
        self.italic = italic
    }

    /// True when the family is a path to a font file.
    public var isFile: Bool {
        let lower = family.lowercased()
        return family.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc")
    }
}

/// A face fontconfig chose for a request.
public struct FontResolution: Sendable, Hashable {
    public var request: FontRequest
    public var path: String
    public var index: Int
    public var family: String
    /// Every family name fontconfig lists for the face ("DejaVu Serif", "DejaVu Serif Condensed").
    public var families: [String] = []
    public var style: String
    /// Something the user should read in the log (e.g. which serif stood in for Besley).
    public var note: String?
    /// True when the requested family or file was not found and another face stands in: a warning, and an error
    /// under `--strict`.
    public var isFallback: Bool

    /// "DejaVu Serif Book".
    public var faceName: String { style.isEmpty ? family : "\(family) \(style)" }
}

/// No font at all could be found (fontconfig has no scalable fonts), or a face could not be opened.
public struct FontError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Font lookup through fontconfig. Lookups are cached: a scene asks for a few faces many times.
public enum FontLibrary {
    /// The FORK serif: "Besley on refractive surface" (the design language, "Serif warmth on glass").
    public static let preferredSerif = "Besley"

    /// Family aliases the scene format accepts, and the fontconfig family each one asks for.
    public static let generic: [String: String] = [
        "serif": "serif", "mono": "monospace", "monospace": "monospace", "sans": "sans-serif",
        "sans-serif": "sans-serif", "system": "sans-serif",
    ]

    /// The face each generic family prefers before fontconfig's own choice. Why: fontconfig's default for
    /// sans-serif and serif changes with what is installed (fonts-noto-core, which fallback needs, makes Noto
    /// Sans and Noto Serif the defaults), and frames must not change when a fallback font is added. DejaVu is
    /// what scripts/setup.sh installs and what the references were recorded with.
    public static let pinnedGeneric: [String: String] = [
        "sans-serif": "DejaVu Sans", "serif": "DejaVu Serif", "monospace": "DejaVu Sans Mono",
    ]

    static let cache = ResolutionCache()

    /// Resolves a request to a face file. Throws only when fontconfig finds no font whatsoever.
    public static func resolve(_ request: FontRequest) throws(FontError) -> FontResolution {
        if let hit = cache.get(request) { return hit }
        let r = try resolveUncached(request)
        cache.set(request, r)
        return r
    }

    static func resolveUncached(_ request: FontRequest) throws(FontError) -> FontResolution {
        let name = request.family
        if request.isFile {
            // Only regular files are opened: FreeType blocks forever on a FIFO.
            let problem = InputFile.problem(name)
            if problem == nil, let info = try? Face.describe(path: name) {
                return FontResolution(request: request, path: name, index: 0, family: info.family, style: info.style,
                                      note: nil, isFallback: false)
            }
            var fallback = try matchGeneric("sans-serif", request)
            fallback.note = "font file '\(name)' \(problem ?? "is not a font FreeType can read"); using \(fallback.faceName)"
            fallback.isFallback = true
            return fallback
        }
        let key = name.lowercased()
        if key == "serif" { return try resolveSerif(request) }
        if let alias = generic[key] {
            var r = try matchGeneric(alias, request)
            r.note = "\(name): using \(r.faceName)"
            return r
        }
        var r = try match(name, request)
        if !r.families.contains(where: { $0.lowercased().hasPrefix(key) }) {
            var fallback = try matchGeneric("sans-serif", request)
            fallback.note = "font '\(name)' not found; using \(fallback.faceName)"
            fallback.isFallback = true
            r = fallback
        }
        return r
    }

    /// A generic family (sans-serif, serif, monospace): its pinned face when installed, else fontconfig's choice.
    static func matchGeneric(_ generic: String, _ request: FontRequest) throws(FontError) -> FontResolution {
        if let pinned = pinnedGeneric[generic] {
            let r = try match(pinned, request)
            if r.families.contains(where: { $0.caseInsensitiveCompare(pinned) == .orderedSame }) { return r }
        }
        return try match(generic, request)
    }

    static func match(_ family: String, _ request: FontRequest) throws(FontError) -> FontResolution {
        var m = ctext_match()
        let status = family.withCString { ctext_match_font($0, Int32(request.weight), request.italic ? 1 : 0, &m) }
        guard status == 0 else {
            throw FontError(message: "fontconfig found no scalable font for '\(family)'; install fonts-dejavu-core (scripts/setup.sh)")
        }
        let families = cString(&m.family).split(separator: "\n").map(String.init)
        var r = FontResolution(request: request, path: cString(&m.path), index: Int(m.index),
                               family: families.first ?? "", style: cString(&m.style), note: nil, isFallback: false)
        r.families = families
        return r
    }
}

/// Reads a fixed-size C char array as a String.
func cString<T>(_ tuple: inout T) -> String {
    withUnsafeBytes(of: &tuple) { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

/// Which face file each font request resolves to, process-wide: it holds no scene data, only what fontconfig
/// answers.
package struct ResolutionCache: Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "ResolutionCache", place: "Content/Text (`FontLibrary`), process-wide",
        holds: "which face file a font request resolves to", key: "the font request",
        dropped: "all at once when a font folder is added (`--font-dir`, a scene's `fontDirs`) or beyond 4,096 entries",
        bound: "4,096 entries of about 256 B: 1 MB", fixedBytes: 4_096 * 256)

    let store = KeptStore(Self.descriptor, keeping: .everything, KeptTable<FontRequest, FontResolution>(limit: 4_096))
    func get(_ r: FontRequest) -> FontResolution? { store.access { $0[r] } }
    func set(_ r: FontRequest, _ v: FontResolution) { store.access { $0[r] = v } }
    func removeAll() { store.forget() }
}
