import Foundation

/// The `forkrender` binary built beside the test bundles, and one way to run a child to its end: the test
/// targets that drive the real command line (forkrenderTests, RegressionTests, PreviewTests) share it, so the
/// binary is found, the pipes are drained and a deadline is kept in one place.
public enum ChildProcess {
    /// The built `forkrender`: beside the test bundle on Linux; on macOS the bundle is a .xctest folder inside
    /// the products folder.
    public static var forkrender: URL {
        let exe = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        while dir.pathExtension == "xctest" || dir.lastPathComponent == "MacOS" || dir.lastPathComponent == "Contents" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("forkrender")
    }

    /// The built `forkrender-bench` (the benchmarks' own program, never installed), beside `forkrender`.
    public static var forkrenderBench: URL {
        forkrender.deletingLastPathComponent().appendingPathComponent("forkrender-bench")
    }

    /// The package root (this file is Tests/ChildProcess/ChildProcess.swift), for scenes/ and fixtures.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Writes `text` as an executable program at `url` (a test's fake ffmpeg or wrapper). Opened close-on-exec:
    /// Foundation's atomic write goes through mkstemp, whose descriptor any child that another test's thread
    /// spawns meanwhile inherits and keeps open for its whole life, and exec of the program then fails with
    /// ETXTBSY ("Text file busy"; CI saw it once).
    public static func writeProgram(_ text: String, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
            done += n
        }
        guard fchmod(fd, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    /// How a child ended and everything it said.
    public struct Outcome: Sendable {
        public var status: Int32
        /// Ended by a signal (a crash, or the deadline's SIGKILL): `status` is then the signal's number.
        public var signalled: Bool
        public var timedOut: Bool
        public var stdout: Data
        public var stderr: Data
        public var out: String { String(decoding: stdout, as: UTF8.self) }
        public var err: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` to its end, draining stdout and stderr at once (a chatty child cannot block on a full
    /// pipe). `environment` nil inherits ours; `stdoutTo` sends stdout to a file instead of capturing it; past
    /// `timeout` seconds the child is killed (SIGKILL) and `timedOut` is set.
    public static func run(_ executable: URL, _ args: [String], cwd: URL? = nil, environment: [String: String]? = nil,
                           stdoutTo: FileHandle? = nil, timeout: Double? = nil) throws -> Outcome {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        if let cwd { p.currentDirectoryURL = cwd }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = stdoutTo ?? out
        p.standardError = err
        let ended = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in ended.signal() }
        try p.run()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let group = DispatchGroup()
        if stdoutTo == nil {
            DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        var timedOut = false
        if let timeout {
            if ended.wait(timeout: .now() + timeout) == .timedOut {
                timedOut = true
                kill(p.processIdentifier, SIGKILL)
                ended.wait()
            }
            // A grandchild that kept a pipe open must not hold the test past its deadline.
            _ = group.wait(timeout: .now() + 5)
        } else {
            ended.wait()
            group.wait()
        }
        p.waitUntilExit()
        return Outcome(status: p.terminationStatus, signalled: p.terminationReason == .uncaughtSignal,
                       timedOut: timedOut, stdout: outData, stderr: errData)
    }

    /// An empty folder of our own under the temporary directory (removed first if a run left it).
    public static func temporaryFolder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("forkrender-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
