import Foundation

/// The scene files of a folder given to `check`: its `*.json` files and those of its subfolders, at any depth
/// (a team keeps `scenes/ios/` and `scenes/android/` under one root), in path order.
///
/// Left out: `scene.schema.json`; names starting with `.`; every folder named `invalid` (the hostile corpus,
/// scenes that must not decode); and whatever a `.forkrenderignore` file names. That file may sit in any folder
/// walked; each line is a pattern (`fnmatch`, `*` and `?`, matched against the path relative to the folder
/// holding the file: `drafts`, `old/*.json`, `*-wip.json`), a trailing `/` is ignored, and lines starting with
/// `#` are comments. Symbolic links to folders are followed once: a folder reached twice (a loop) is skipped.
public enum SceneFolder {
    /// Folders deeper than this are not walked (a guard against pathological trees, not a layout rule).
    public static let maxDepth = 32
    public static let ignoreFile = ".forkrenderignore"

    public static func files(in folder: String) -> [String] {
        var visited: Set<String> = []
        return walk(folder, patterns: [], depth: 0, visited: &visited).sorted()
    }

    /// `patterns` are the ignore patterns of the folders above, each with the folder it is relative to.
    private static func walk(_ dir: String, patterns inherited: [(base: String, pattern: String)], depth: Int,
                             visited: inout Set<String>) -> [String] {
        let real = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path
        guard depth <= maxDepth, visited.insert(real).inserted,
              let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        let patterns = inherited + ignorePatterns(in: dir).map { (base: dir, pattern: $0) }
        var out: [String] = []
        for name in names where !name.hasPrefix(".") {
            let path = (dir as NSString).appendingPathComponent(name)
            if isIgnored(path, patterns) { continue }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { continue }
            if isDir.boolValue {
                if name != "invalid" { out += walk(path, patterns: patterns, depth: depth + 1, visited: &visited) }
            } else if name.hasSuffix(".json") && name != "scene.schema.json" {
                out.append(path)
            }
        }
        return out
    }

    static func ignorePatterns(in dir: String) -> [String] {
        guard let text = try? String(contentsOfFile: (dir as NSString).appendingPathComponent(ignoreFile), encoding: .utf8) else { return [] }
        return text.split(whereSeparator: \.isNewline).compactMap { line in
            var l = line.trimmingCharacters(in: .whitespaces)
            while l.hasSuffix("/") { l.removeLast() }
            return l.isEmpty || l.hasPrefix("#") ? nil : l
        }
    }

    static func isIgnored(_ path: String, _ patterns: [(base: String, pattern: String)]) -> Bool {
        patterns.contains { base, pattern in
            guard path.hasPrefix(base + "/") else { return false }
            return fnmatch(pattern, String(path.dropFirst(base.count + 1)), 0) == 0
        }
    }
}
