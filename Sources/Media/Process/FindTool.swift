#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The path of an executable `name` in PATH (or, without PATH, in /usr/bin, /bin and /usr/local/bin), nil when
/// there is none: forkrender's one lookup of the programs it starts (ffmpeg, ffprobe).
public func findTool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin:/usr/local/bin"
    for dir in path.split(separator: ":") {
        let candidate = "\(dir)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}
