import ChildProcess
import Foundation

/// Runs the real `forkrender` binary built beside the test bundle, with a controlled environment.
enum Binary {
    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    static var url: URL { ChildProcess.forkrender }

    static let root = ChildProcess.packageRoot

    /// `ci`: whether the child sees `CI=true`; the variable is removed otherwise, so these tests behave the
    /// same on a laptop and on CI.
    static func run(_ args: [String], ci: Bool = false) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = ci ? "true" : nil
        let r = try ChildProcess.run(url, args, environment: env)
        // A crash shows as an uncaught signal, never as a normal exit; callers check the status.
        guard !r.signalled else { return Result(status: -1, out: "", err: "crashed with signal \(r.status)") }
        return Result(status: r.status, out: r.out, err: r.err)
    }

    static func folder(_ name: String) -> URL { ChildProcess.temporaryFolder("regression-\(name)") }
}
