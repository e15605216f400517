import Foundation
import Testing
import Scene

/// `ProcessGroup` starting a program that some process still holds open for writing (ETXTBSY): a wrapper
/// script written a moment ago, whose descriptor a child forked meanwhile by another thread inherited.
@Suite struct ProcessGroupTests {
    /// A script held open for writing by this process while the spawn is tried.
    func heldScript(_ name: String) throws -> (path: String, fd: Int32, dir: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-tests-\(name)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("prog").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        #expect(fd >= 0)
        let text = Array("#!/bin/sh\ncat > /dev/null\nexit 0\n".utf8)
        #expect(text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == text.count)
        return (path, fd, dir)
    }

    @Test func aProgramStillOpenForWritingStartsOnceItIsClosed() throws {
        let (path, fd, dir) = try heldScript("etxtbsy-closed")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The descriptor closes 150 ms into the spawn's retries.
        let closer = Thread { Thread.sleep(forTimeInterval: 0.15); close(fd) }
        closer.start()
        let group = try ProcessGroup(executable: path, arguments: [], stderr: dir.appendingPathComponent("log").path)
        group.closeInput()
        #expect(group.wait(timeout: 10) == 0)
    }

    @Test func aProgramHeldOpenIsRefusedWithinHalfASecondOrSo() throws {
        let (path, fd, dir) = try heldScript("etxtbsy-held")
        defer { close(fd); try? FileManager.default.removeItem(at: dir) }
        let start = Date()
        #expect(throws: OutputError.self) {
            _ = try ProcessGroup(executable: path, arguments: [], stderr: dir.appendingPathComponent("log").path)
        }
        #expect(Date().timeIntervalSince(start) < 2)
    }
}
