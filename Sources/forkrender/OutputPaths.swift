import Foundation

/// Output destinations that cannot work, refused before anything renders (a long render that fails at its
/// last step, when ffmpeg opens its file, wastes the whole run).
enum OutputPaths {
    static func check(output: String?, video: String?) throws(UsageError) {
        if let output, output != "-" { try creatable(output, "-o") }
        if let video { try creatable((video as NSString).deletingLastPathComponent, "--video") }
        guard let video else { return }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: video, isDirectory: &isDir), isDir.boolValue {
            throw UsageError(message: "'--video \(video)' is a directory; name a file, e.g. '\((video as NSString).appendingPathComponent("preview.mp4"))'")
        }
        if let output, output != "-", canonical(output) == canonical(video) {
            throw UsageError(message: "'-o \(output)' and '--video \(video)' name the same path; give each its own")
        }
    }

    /// A folder that exists or can be made: no existing ancestor of it is a file.
    static func creatable(_ folder: String, _ option: String) throws(UsageError) {
        var p = (folder as NSString).standardizingPath
        while !p.isEmpty, p != "/", p != "." {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: p, isDirectory: &isDir) {
                guard isDir.boolValue || p == folder else {
                    throw UsageError(message: "'\(option) \(folder)' cannot be created: '\(p)' is a file, not a folder")
                }
                return
            }
            p = (p as NSString).deletingLastPathComponent
        }
    }

    /// The absolute, standardized path (symbolic links resolved where they exist).
    static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
}
