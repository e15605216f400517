import Foundation

/// Where each scene's references live: `<references>/<key>/<frame>.png`, the key being the scene's path
/// relative to the scenes' root, without `.json`. The root is `--scenes-root` when given, else the deepest
/// folder holding every scene and every folder given, so `check scenes/` keys `scenes/tap.json` as `tap` and
/// `scenes/ios/home.json` as `ios/home` (even when `ios/` is the only subfolder), and `check ios/home.json
/// android/home.json` as `ios/home` and `android/home`.
///
/// Rules
/// 1. Two scenes never share a folder: keys equal when compared without case (a case-insensitive file system
///    would merge them) refuse the run, naming both scenes.
/// 2. The flat layout (`<references>/<file name>/`, what every key was before scenes in subfolders were told
///    apart) keeps working where it is unambiguous: a scene whose own folder does not exist, whose file name
///    is no other scene's key and no other scene's file name in this run, uses `<references>/<file name>/`
///    when that exists, and `notes` says how to move it. When two scenes of the run could own one flat folder,
///    the run is refused, naming both, with the moves that settle it.
public struct ReferenceLayout: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The scene file as given.
        public var path: String
        /// Its path relative to the root, without `.json` (`ios/home`): what the summary calls the scene.
        public var key: String
        /// The folder under the references that holds its frames: `key`, or the flat layout's file name.
        public var folder: String
    }

    public var entries: [Entry]
    /// The root the keys are relative to, as the user would type it (relative to the working folder when
    /// inside it): what a command re-running a subset of the scenes passes as `--scenes-root`.
    public var root: String
    /// One line per scene found in the flat layout, with the command that moves its references.
    public var notes: [String]

    /// The key of every scene in `scenes`, checked against the folders under `references`.
    public static func make(scenes: [String], references: String, root given: String?,
                            folders: [String] = []) throws(CheckError) -> ReferenceLayout {
        let resolved = scenes.map(resolve)
        let rootComponents: [String]
        if let given {
            rootComponents = components(URL(fileURLWithPath: given).standardizedFileURL.resolvingSymlinksInPath().path)
        } else {
            rootComponents = commonFolder(resolved.map { Array(components($0).dropLast()) } + folders.map { components(resolveFolder($0)) })
        }
        var entries: [Entry] = []
        for (path, full) in zip(scenes, resolved) {
            let parts = components(full)
            guard parts.count > rootComponents.count, Array(parts.prefix(rootComponents.count)) == rootComponents else {
                throw CheckError("scene '\(path)' is not inside --scenes-root '\(given ?? "")'; give a root that holds every scene")
            }
            let key = parts.dropFirst(rootComponents.count).joined(separator: "/")
            let stem = key.hasSuffix(".json") ? String(key.dropLast(5)) : key
            entries.append(Entry(path: path, key: stem, folder: stem))
        }
        try refuseSharedKeys(entries, references: references)
        var layout = ReferenceLayout(entries: entries, root: display("/" + rootComponents.joined(separator: "/")), notes: [])
        try layout.adoptFlatFolders(references: references)
        return layout
    }

    /// When no scene's reference folder exists but one would under a root above this one (a CI job per folder,
    /// `check scenes/b --references refs/`, keys `home` where the references say `b/home`): the deepest such
    /// root as the user would type it, and the folder that proves it. Recording under the keys of this run
    /// would fork the references.
    public func rootHint(references: String) -> (root: String, evidence: String)? {
        guard !entries.isEmpty, !entries.contains(where: { Self.isFolder((references as NSString).appendingPathComponent($0.folder)) }) else { return nil }
        let rootParts = Self.components(Self.resolveFolder(root))
        for up in 1...max(1, rootParts.count) {
            let candidate = Array(rootParts.dropLast(up))
            for e in entries {
                let parts = Self.components(Self.resolve(e.path))
                let key = parts.dropFirst(candidate.count).joined(separator: "/")
                let folder = (references as NSString).appendingPathComponent(key.hasSuffix(".json") ? String(key.dropLast(5)) : key)
                if Self.isFolder(folder) { return (Self.display("/" + candidate.joined(separator: "/")), folder) }
            }
        }
        return nil
    }

    /// The entry of the scene given as `path`.
    public func entry(_ path: String) -> Entry? { entries.first { $0.path == path } }

    private static func refuseSharedKeys(_ entries: [Entry], references: String) throws(CheckError) {
        var seen: [String: Entry] = [:]
        for e in entries {
            if let other = seen[e.key.lowercased()] {
                let folder = (references as NSString).appendingPathComponent(e.key)
                throw CheckError("scenes '\(other.path)' and '\(e.path)' would share the reference folder '\(folder)'; rename one, or check them in separate runs with separate --references")
            }
            seen[e.key.lowercased()] = e
        }
    }

    /// Rule 2: scenes in subfolders whose references are still in the flat layout.
    private mutating func adoptFlatFolders(references: String) throws(CheckError) {
        let keys = Set(entries.map { $0.key.lowercased() })
        var byName: [String: [Int]] = [:]
        for (i, e) in entries.enumerated() { byName[Self.fileName(e.key).lowercased(), default: []].append(i) }
        for (i, e) in entries.enumerated() where e.key.contains("/") {
            let name = Self.fileName(e.key)
            let flat = (references as NSString).appendingPathComponent(name)
            guard !Self.isFolder((references as NSString).appendingPathComponent(e.key)), Self.isFolder(flat),
                  !keys.contains(name.lowercased()) else { continue }
            // Scenes that already have their own folder have moved theirs: they own no flat one.
            let owners = (byName[name.lowercased()] ?? []).filter {
                !Self.isFolder((references as NSString).appendingPathComponent(entries[$0].key))
            }
            guard owners.count == 1 else {
                let moves = owners.map { Self.moveCommand(references, name, entries[$0].key) }.joined(separator: "' or '")
                throw CheckError("the reference folder '\(flat)' (one folder per file name) could belong to '\(entries[owners[0]].path)' or '\(entries[owners[1]].path)'; move it to the scene it was recorded from: '\(moves)'")
            }
            entries[i].folder = name
            notes.append("\(e.path): references found in the flat layout '\(flat)'; move them to '\((references as NSString).appendingPathComponent(e.key))' with '\(Self.moveCommand(references, name, e.key))'")
        }
    }

    static func moveCommand(_ references: String, _ name: String, _ key: String) -> String {
        let to = (references as NSString).appendingPathComponent(key)
        let parent = (to as NSString).deletingLastPathComponent
        return ShellQuote.command(["mkdir", "-p", parent]) + " && " + ShellQuote.command(["git", "mv", (references as NSString).appendingPathComponent(name), to])
    }

    static func fileName(_ key: String) -> String { String(key.split(separator: "/").last ?? Substring(key)) }

    static func isFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// The absolute path with its folder's symbolic links resolved (not the file's own: a linked scene keeps
    /// its name).
    static func resolve(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }

    static func resolveFolder(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func components(_ absolute: String) -> [String] { absolute.split(separator: "/").map(String.init) }

    static func commonFolder(_ folders: [[String]]) -> [String] {
        guard var common = folders.first else { return [] }
        for f in folders.dropFirst() {
            var n = 0
            while n < min(common.count, f.count), common[n] == f[n] { n += 1 }
            common = Array(common.prefix(n))
        }
        return common
    }

    /// `path` relative to the working folder when inside it ("." for the folder itself), else as is.
    static func display(_ path: String) -> String {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.resolvingSymlinksInPath().path
        if path == cwd { return "." }
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
