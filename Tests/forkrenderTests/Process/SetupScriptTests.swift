import ChildProcess
import Foundation
import Testing

/// scripts/setup.sh checks the Swift toolchain before anything else: without `swift`, or with one older than
/// the package needs, it prints where to get one and exits 1 before installing anything. It runs here with a PATH
/// of only the few tools it uses before the check (no apt-get and no brew: had it gone on, it would have stopped
/// with "no apt-get or brew found" and status 2).
@Suite struct SetupScriptTests {
    /// `fakeSwift` is what a `swift` on PATH prints for `--version`; with a non-zero `status` it prints it on
    /// stderr and exits with that status, as a toolchain missing a shared library does.
    static func run(fakeSwift: String?, status: Int = 0) throws -> ChildProcess.Outcome {
        let bin = CLI.temporaryFolder("setup-path-\(fakeSwift == nil ? "none" : "old")-\(status)")
        try? FileManager.default.removeItem(at: bin)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for tool in ["cat", "sed", "sort", "head", "printf"] {
            guard let found = ["/usr/bin/\(tool)", "/bin/\(tool)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { continue }
            try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(tool).path, withDestinationPath: found)
        }
        if let fakeSwift {
            let path = bin.appendingPathComponent("swift").path
            _ = FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\necho '\(fakeSwift)'\(status == 0 ? "" : " >&2; exit \(status)")\n".utf8))
            chmod(path, 0o755)
        }
        defer { try? FileManager.default.removeItem(at: bin) }
        return try ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [CLI.root.appendingPathComponent("scripts/setup.sh").path],
                                    environment: ["PATH": bin.path, "HOME": NSTemporaryDirectory()])
    }

    @Test func withoutSwiftItSaysHowToGetOneAndStops() throws {
        let r = try Self.run(fakeSwift: nil)
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.hasPrefix("setup: no 'swift' on PATH\n"), "\(r.err)")
        for advice in ["swiftly", "https://www.swift.org/install/", "Xcode"] { #expect(r.err.contains(advice), "\(advice): \(r.err)") }
        #expect(!r.err.contains("installing") && !r.err.contains("no apt-get"))
    }

    @Test func anOldSwiftIsRefusedTheSameWay() throws {
        let old = try Self.run(fakeSwift: "Swift version 5.10.1 (swift-5.10.1-RELEASE)")
        #expect(old.status == 1)
        #expect(old.err.hasPrefix("setup: Swift 5.10.1 is too old\n"), "\(old.err)")
        // A new enough one passes the check and reaches the package managers (none on this PATH).
        let new = try Self.run(fakeSwift: "Apple Swift version 6.1 (swiftlang-6.1.0.110.21 clang-1700.0.13.3)")
        #expect(new.status == 2)
        #expect(new.err.contains("no apt-get or brew found"), "\(new.err)")
    }

    /// A `swift` that cannot start: the script must still reach the advice and quote what it said.
    @Test func aSwiftThatCannotStartGetsTheAdvice() throws {
        let loaderError = "swift: error while loading shared libraries: libncurses.so.6: cannot open shared object file"
        let r = try Self.run(fakeSwift: loaderError, status: 127)
        #expect(r.status == 1, "\(r.err)")
        #expect(r.err.hasPrefix("setup: 'swift --version' did not print a Swift version; it said: \(loaderError)\n"), "\(r.err)")
        #expect(r.err.contains("swiftly"), "\(r.err)")
    }
}
