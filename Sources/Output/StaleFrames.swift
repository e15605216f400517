import Foundation
import SceneFormat
import Compose

/// Frame files in an output folder that a render will not overwrite: names of the form `NNNN.png` (four digits
/// or more, ffmpeg's `%04d.png`) that are not among the names of the scene's frames `0 ..< frameCount`. Left in
/// place they would join the new frames in every tool that reads the folder, so `forkrender -o` refuses such a
/// folder, or removes them with `--clean`.
///
/// The scene's whole range counts as written: a render of `--frames 30..59` or one `--shard` of several writes
/// part of one render, and the frames the other parts write are not stale. Other files (a README, a video, the
/// hidden temporary names of frames being written) are never touched.
public struct StaleFrames: Sendable {
    public let folder: String
    /// File names, sorted.
    public let names: [String]

    /// Lists the stale frames of a render of `frameCount` frames into `folder`; none when it does not exist.
    public init(folder: String, frameCount: Int) {
        self.folder = folder
        let digits = PNGFolderSink.digits(frameCount: frameCount)
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        names = all.filter { name in
            guard Self.isFrameName(name) else { return false }
            guard let i = Int(name.dropLast(4)), i < frameCount else { return true }
            return name != PNGFolderSink.fileName(ofFrame: i, digits: digits)
        }.sorted()
    }

    /// `0012.png`, `10000.png`: what ffmpeg's `%04d.png` and a shell's `[0-9][0-9][0-9][0-9].png` read.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let stem = name.utf8.dropLast(4)
        return stem.count >= 4 && stem.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    public var isEmpty: Bool { names.isEmpty }

    /// The refusal: the count, the first and last names, and the options.
    public var refusal: OutputError {
        let range = names.count == 1 ? names[0] : "\(names[0]) to \(names[names.count - 1])"
        return OutputError("output folder '\(folder)' holds \(names.count) frame\(names.count == 1 ? "" : "s") this render will not overwrite (\(range)), which would mix with its own; pass --clean to remove them first, or render into an empty folder")
    }

    /// Removes them; the first file that cannot be removed stops it with its name.
    public func remove() throws(OutputError) {
        for name in names {
            let path = (folder as NSString).appendingPathComponent(name)
            guard unlink(path) == 0 || errno == ENOENT else {
                throw OutputError("cannot remove stale frame '\(path)': \(String(cString: strerror(errno)))")
            }
        }
    }
}
