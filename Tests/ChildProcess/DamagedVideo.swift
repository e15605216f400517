import Foundation

/// A backdrop video ffprobe passes and ffmpeg cannot decode to its end, for the suites that check that such a
/// clip's frames fail rather than render without their backdrop (ComposeTests, PreviewTests).
public enum DamagedVideo {
    /// scenes/backdrops/pan.mp4 with its frames' data zeroed after the first quarter: the header and the
    /// packets pass ffprobe (it counts packets, decodes none), and ffmpeg decodes the first frames, then stops
    /// with an error (8 frames and exit status 69 with ffmpeg 5.1). Written atomically at `path` (suites run
    /// at once), which is returned.
    public static func write(to path: String) throws -> String {
        let clip = ChildProcess.packageRoot.appendingPathComponent("scenes/backdrops/pan.mp4")
        var bytes = [UInt8](try Data(contentsOf: clip))
        // The file's top-level boxes: a 32-bit big-endian size, then the type; `mdat` holds the frames' data.
        var at = 0
        while at + 8 <= bytes.count {
            let size = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            guard size >= 8, at + size <= bytes.count else { break }
            if bytes[at + 4..<at + 8].elementsEqual("mdat".utf8) {
                for i in at + 8 + (size - 8) / 4..<at + size { bytes[i] = 0 }
            }
            at += size
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }
}
