import Foundation

/// Runs the real `forkrender` binary built beside the test bundle, with a controlled environment.
enum Binary {
    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    static var url: URL {
        let exe = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        while dir.pathExtension == "xctest" || dir.lastPathComponent == "MacOS" || dir.lastPathComponent == "Contents" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("forkrender")
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `ci`: whether the child sees `CI=true`; the variable is removed otherwise, so these tests behave the
    /// same on a laptop and on CI.
    static func run(_ args: [String], ci: Bool = false) throws -> Result {
        let p = Process()
        p.executableURL = url
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env["CI"] = ci ? "true" : nil
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        nonisolated(unsafe) var outData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        // A crash shows as an uncaught signal, never as a normal exit; callers check the status.
        guard p.terminationReason == .exit else { return Result(status: -1, out: "", err: "crashed with signal \(p.terminationStatus)") }
        return Result(status: p.terminationStatus, out: String(decoding: outData, as: UTF8.self),
                      err: String(decoding: errData, as: UTF8.self))
    }

    static func folder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-regression-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
