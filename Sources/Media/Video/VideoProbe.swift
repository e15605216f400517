#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads a video's header with ffprobe before anything is decoded: the fields a scene's decoder checks against
/// its budgets (SceneFormat's `VideoCheck`), through the resolver the command hands it.
///
/// ffprobe runs in a process group of its own (`ProcessGroup(reading:)`: killed whole, and by an exit on a
/// signal), its output bounded (`maxOutput` bytes) and its time bounded (`seconds`, the scene limits').
/// It counts the stream's packets (`-count_packets`: demuxing only, no decoding), which is the frame count N.
public enum VideoProbe {
    /// What ffprobe may print before it is stopped: a dozen short lines are expected.
    public static let maxOutput = 16_384

    /// ffprobe's reading of `path` as `key=value` fields of its `default` writer, within `seconds`, or the reason
    /// it has none (ffprobe's first error lines), in words that follow "video 'name' ".
    public static func fields(_ path: String, seconds: Double) -> Result<[String: String], VideoError> {
        guard let ffprobe = findTool("ffprobe") else {
            return .failure(.init("needs ffprobe, which was not found on PATH (install ffmpeg: 'apt-get install ffmpeg')"))
        }
        let args = ["-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                    "stream=codec_name,width,height,pix_fmt,r_frame_rate,avg_frame_rate,nb_frames,nb_read_packets,duration,color_space,color_range:format=duration,format_name",
                    "-of", "default=noprint_wrappers=1", path]
        // Its messages through a pipe (`ErrorTail`): bounded, and no file left when forkrender ends mid-probe.
        let child: ProcessGroup
        do {
            child = try ProcessGroup(reading: ffprobe, arguments: args)
        } catch {
            return .failure(.init("cannot run ffprobe: \(error.message)"))
        }
        let deadline = Date().addingTimeInterval(seconds)
        var bytes = [UInt8](repeating: 0, count: maxOutput)
        let read = bytes.withUnsafeMutableBytes { b in
            (try? child.read(into: b) { Date() > deadline }) ?? -1
        }
        // Its output ended (or filled the bound): it exits now, or within what is left of its time.
        let status = read < 0 ? nil : child.wait(timeout: max(0.1, deadline.timeIntervalSinceNow))
        child.kill(grace: 0)
        guard let status else {
            return .failure(.init("ffprobe did not finish reading it within \(formatSeconds(seconds)) s"))
        }
        let errors = reasons(child.errors.text(waiting: 0.5), path: path)
        return parse(String(decoding: bytes.prefix(read), as: UTF8.self), complete: read < maxOutput, status: status, errors: errors)
    }

    /// ffprobe's `default` writer output read as fields, or why it is no video: `complete` is false when the
    /// output filled `maxOutput`, `status` is ffprobe's exit status and `errors` its reasons. Lines without
    /// '=' are skipped; the first value of a key wins, except that "N/A" gives way to a later one (the stream's
    /// `duration` first, the format's when the stream has none). Total over any text: scripts/fuzz.sh's
    /// FuzzVideoProbe feeds it arbitrary bytes.
    public static func parse(_ text: String, complete: Bool, status: Int32, errors: [String]) -> Result<[String: String], VideoError> {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<eq])
            if fields[key] == nil || fields[key] == "N/A" { fields[key] = String(line[line.index(after: eq)...]) }
        }
        guard complete, status == 0, fields["codec_name"] != nil else {
            return .failure(.init("cannot be read as a video: ffprobe says '\(errors.isEmpty ? "exit \(status)" : errors.joined(separator: "; "))'"))
        }
        // A stream that ends before the frames its header declares: a truncated or damaged file.
        let declared = Int(fields["nb_frames"] ?? ""), packets = Int(fields["nb_read_packets"] ?? "")
        if let declared, let packets, packets < declared {
            return .failure(.init("is truncated or damaged: ffprobe read \(packets) of the \(declared) frames its header declares\(errors.isEmpty ? "" : " ('\(errors.joined(separator: "; "))')")"))
        }
        return .success(fields)
    }

    /// ffprobe's error lines without their "[demuxer @ 0x...] " and "file: " prefixes, each once, at most three.
    public static func reasons(_ messages: String, path: String) -> [String] {
        var out: [String] = []
        for line in messages.split(separator: "\n") {
            var l = Substring(line)
            if l.hasPrefix("["), let end = l.firstIndex(of: "]") { l = l[l.index(after: end)...].drop { $0 == " " } }
            let text = String(l).replacingOccurrences(of: path + ": ", with: "")
            if !text.isEmpty && !out.contains(text) && out.count < 3 { out.append(text) }
        }
        return out
    }

    /// Seconds as a message gives them: a whole number without its fraction.
    static func formatSeconds(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}

/// Why a video cannot be probed or decoded, in words for a message (a scene error names the file before them).
public struct VideoError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
