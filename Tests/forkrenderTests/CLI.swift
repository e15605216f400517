import Foundation

/// Runs the real `forkrender` binary built beside the test bundle and captures everything it says.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var out: String { String(decoding: stdout, as: UTF8.self) }
    }

    static var binary: URL {
        let exe = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        // On macOS the test bundle is a .xctest folder inside the products folder.
        while dir.pathExtension == "xctest" || dir.lastPathComponent == "MacOS" || dir.lastPathComponent == "Contents" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("forkrender")
    }

    /// The package root, for scenes/ and fixtures.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ args: [String], cwd: URL? = nil, stdoutTo: FileHandle? = nil) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        if let cwd { p.currentDirectoryURL = cwd }
        let out = Pipe(), err = Pipe()
        p.standardOutput = stdoutTo ?? out
        p.standardError = err
        try p.run()
        // Drain both pipes concurrently so a chatty child can't block on a full pipe.
        nonisolated(unsafe) var outData = Data()
        let group = DispatchGroup()
        if stdoutTo == nil {
            group.enter()
            DispatchQueue.global().async {
                outData = out.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    static func temporaryFolder(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-tests-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func files(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }
}
