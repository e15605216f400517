import CText
import Foundation

/// The FORK serif and the faces users supply.
///
/// The design asks for Besley, which no Debian package ships, so users bring it: `--font-dir <folder>` or the
/// scene's `fontDirs` adds a folder to fontconfig's application fonts (`addFontDirectory`). Without it the serif
/// falls back along a fixed chain, each step a fallback warning (an error under `--strict`):
/// Besley -> another installed serif (fontconfig's `serif`, unless that is a sans or mono face) -> DejaVu Serif.
extension FontLibrary {
    /// Adds a folder of font files (searched recursively) for every later lookup; clears the lookup cache.
    public static func addFontDirectory(_ path: String) throws(FontError) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else {
            throw FontError(message: "font folder '\(path)' does not exist or is not a folder")
        }
        guard path.withCString({ ctext_add_font_dir($0) }) == 0 else {
            throw FontError(message: "fontconfig could not read the font folder '\(path)'")
        }
        cache.removeAll()
    }

    /// Besley, else another installed serif, else DejaVu Serif.
    static func resolveSerif(_ request: FontRequest) throws(FontError) -> FontResolution {
        func isFamily(_ r: FontResolution, _ prefix: String) -> Bool {
            r.families.contains { $0.lowercased().hasPrefix(prefix.lowercased()) }
        }
        let besley = try match(preferredSerif, request)
        if isFamily(besley, preferredSerif) {
            var r = besley
            r.note = "serif: using \(r.faceName)"
            return r
        }
        var r = try match("serif", request)
        // fontconfig answers `serif` with its best face even when no serif is installed.
        let notSerif = r.families.contains { let f = $0.lowercased(); return f.contains("sans") || f.contains("mono") }
        if notSerif {
            let dejaVu = try match("DejaVu Serif", request)
            if isFamily(dejaVu, "DejaVu Serif") { r = dejaVu }
        }
        r.note = "serif: \(preferredSerif) is not installed; using \(r.faceName) (\(r.path)); add its folder with --font-dir or the scene's \"fontDirs\""
        r.isFallback = true
        return r
    }
}
