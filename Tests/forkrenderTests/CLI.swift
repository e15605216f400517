import ChildProcess
import Foundation

/// Runs the real `forkrender` binary built beside the test bundle and captures everything it says.
struct CLI {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var out: String { String(decoding: stdout, as: UTF8.self) }
    }

    static var binary: URL { ChildProcess.forkrender }

    /// The package root, for scenes/ and fixtures.
    static let root = ChildProcess.packageRoot

    static func run(_ args: [String], cwd: URL? = nil, stdoutTo: FileHandle? = nil) throws -> Result {
        let r = try ChildProcess.run(binary, args, cwd: cwd, stdoutTo: stdoutTo)
        return Result(status: r.status, stdout: r.stdout, stderr: r.err)
    }

    static func temporaryFolder(_ name: String) -> URL { ChildProcess.temporaryFolder("tests-\(name)") }

    static func files(in dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }
}
