import Foundation
import SceneFormat
import Compose
import Output

/// Output destinations that cannot work, refused before anything renders (a long render that fails at its
/// last step, when ffmpeg opens its file, wastes the whole run).
///
/// Paths are taken apart by hand: swift-corelibs-foundation's `NSString.deletingLastPathComponent` traps on
/// a one-character relative path such as "a" (measured with Swift 6.3 on Linux).
enum OutputPaths {
    static func check(output: String?, video: String?) throws(OutputError) {
        if let output, output != "-" { try creatable(output, parent: false, what: "output folder") }
        guard let video else { return }
        if isDirectory(video) == true {
            throw OutputError("--video '\(video)' is a directory; name a file, e.g. '\(video.hasSuffix("/") ? video : video + "/")preview.mp4'")
        }
        try creatable(video, parent: true, what: "video")
        if let output, output != "-", canonical(output) == canonical(video) {
            throw OutputError("-o '\(output)' and --video '\(video)' name the same path; give each its own")
        }
    }

    /// Refuses a path one of whose existing ancestors is a file (`-o file/sub`); the path itself is left to
    /// its sink (`-o file` gets "exists and is not a folder").
    static func creatable(_ path: String, parent: Bool, what: String) throws(OutputError) {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast()
        while !parts.isEmpty {
            let ancestor = parts.joined(separator: "/")
            if !ancestor.isEmpty, ancestor != ".", let dir = isDirectory(ancestor) {
                guard dir else { throw OutputError("cannot create \(what) '\(path)': '\(ancestor)' is a file, not a folder") }
                return
            }
            parts.removeLast()
        }
    }

    /// nil when nothing exists at `path`.
    static func isDirectory(_ path: String) -> Bool? {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return nil }
        return isDir.boolValue
    }

    /// The absolute, standardized path (symbolic links resolved where they exist).
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
