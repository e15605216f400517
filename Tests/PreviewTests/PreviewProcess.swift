import ChildProcess
import Foundation

/// The built `forkrender` binary and small process helpers with hard deadlines: nothing here waits forever.
enum PreviewProcess {
    static var binary: URL { ChildProcess.forkrender }

    static let browserScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Browser/preview_page.py")

    struct Result {
        var status: Int32
        var out: String
        var err: String
        var timedOut: Bool
    }

    /// Runs a program to its end or kills it after `timeout` seconds.
    static func run(_ executable: String, _ args: [String], timeout: Double) throws -> Result {
        let r = try ChildProcess.run(URL(fileURLWithPath: executable), args, timeout: timeout)
        return Result(status: r.status, out: r.out, err: r.err, timedOut: r.timedOut)
    }

    /// A program on PATH, or nil.
    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// A Python 3 that imports Selenium (Debian's python3-selenium lives under /usr/bin/python3, which a
    /// pyenv or venv python3 earlier on PATH does not see).
    static let seleniumPython: String? = {
        for candidate in DevTool.findAll("python3").sorted(by: { a, b in a.hasPrefix("/usr/bin/") && !b.hasPrefix("/usr/bin/") }) {
            if let r = try? run(candidate, ["-c", "import selenium"], timeout: 20), r.status == 0 { return candidate }
        }
        return nil
    }()

    /// Why the browser test cannot run here, or nil when it can.
    static let browserMissing: String? = {
        var missing: [String] = []
        if DevTool.hidden() { return DevTool.missing("chromium, chromedriver and Selenium", package: "") }
        if DevTool.find("chromium") == nil && DevTool.find("chromium-browser") == nil { missing.append("Chromium") }
        if DevTool.find("chromedriver") == nil { missing.append("chromedriver (chromium-driver)") }
        if seleniumPython == nil { missing.append("Selenium for python3 (python3-selenium)") }
        return missing.isEmpty ? nil : "missing \(missing.joined(separator: ", ")): run scripts/setup.sh --dev"
    }()
}

/// A running `forkrender preview` on a free port; `stop()` sends Ctrl-C (SIGINT) and returns the exit status.
final class RunningPreview {
    let process = Process()
    let url: String
    private let exited = DispatchSemaphore(value: 0)
    private let err = Pipe()

    /// `file` nil: the built-in showcase.
    convenience init(file: String?, port: Int = 0, export: String? = nil, scale: Int? = nil, extra: [String] = []) throws {
        try self.init(arguments: ["preview"] + (file.map { [$0] } ?? []) + ["--port", "\(port)", "--threads", "2"]
            + (export.map { ["--export", $0] } ?? []) + (scale.map { ["--scale", "\($0)"] } ?? []) + extra)
    }

    /// Any server command of the binary (`preview`, `review`) that prints its URL as the first line. The child
    /// never sees `CI` unless `ci` is set: `review` refuses to run on CI, and these tests run there.
    init(arguments: [String], ci: Bool = false) throws {
        process.executableURL = PreviewProcess.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["CI"] = ci ? "true" : nil
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        // The first line is the URL; read it on another thread so that a silent child cannot block the test.
        nonisolated(unsafe) var line = ""
        let got = DispatchSemaphore(value: 0)
        let handle = out.fileHandleForReading
        DispatchQueue.global().async {
            var bytes = Data()
            while true {
                let b = handle.readData(ofLength: 1)
                if b.isEmpty || b == Data("\n".utf8) { break }
                bytes.append(b)
            }
            line = String(decoding: bytes, as: UTF8.self)
            got.signal()
        }
        if got.wait(timeout: .now() + 20) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            throw PreviewStartError(message: "forkrender \(arguments[0]) printed no URL within 20 s")
        }
        guard let range = line.range(of: "http://127.0.0.1:") else {
            kill(process.processIdentifier, SIGKILL)
            let e = String(decoding: err.fileHandleForReading.availableData, as: UTF8.self)
            throw PreviewStartError(message: "forkrender \(arguments[0]) printed '\(line)' \(e)")
        }
        url = String(line[range.lowerBound...].prefix { $0 != " " })
    }

    var port: Int { Int(url.split(separator: ":").last!.filter(\.isNumber))! }

    /// Ctrl-C; the exit status, or nil when it had to be killed after 10 s.
    func stop() -> Int32? { interrupt().status }

    /// Ctrl-C; the exit status (nil when it had to be killed after 10 s) and the seconds from the signal to
    /// the exit.
    func interrupt() -> (status: Int32?, seconds: Double) {
        let start = DispatchTime.now()
        kill(process.processIdentifier, SIGINT)
        if exited.wait(timeout: .now() + 10) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
            return (nil, 10)
        }
        return (process.terminationStatus, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
    }

    /// What the process wrote on stderr (after it exited).
    var errors: String { String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
}

struct PreviewStartError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
