import Foundation
import Testing
import Media

/// `ProcessGroup` starting a program that some process still holds open for writing (ETXTBSY): a wrapper
/// script written a moment ago, whose descriptor a child forked meanwhile by another thread inherited; and a child
/// started without transparent huge pages (ffmpeg's). Linux only: what they test is Linux's.
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

    /// A child's stderr is read into a bounded tail whatever it prints (`ErrorTail`): the last bytes, the end of
    /// its messages, and never more than `ErrorTail.bytes`; its stdout reaches `read`.
    @Test func aChildsMessagesAreABoundedTail() throws {
        let child = try ProcessGroup(reading: "/bin/sh", arguments: ["-c", "head -c 100000 /dev/zero | tr '\\0' x >&2; echo last >&2; echo out"])
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = try bytes.withUnsafeMutableBytes { try child.read(into: $0) { false } }
        #expect(String(decoding: bytes.prefix(n), as: UTF8.self) == "out\n")
        #expect(child.wait(timeout: 10) == 0)
        let tail = child.errors.text(waiting: 5)
        #expect(tail.hasSuffix("xxxlast\n") && tail.utf8.count == ErrorTail.bytes, "\(tail.suffix(20))")
    }

    /// A Ctrl-C between a reader's spawn and its registration (issue 56: ffprobe then ran on for up to 20 s):
    /// the readers' kill, run from another thread while the spawn pauses there, still reaches the child (it is
    /// killed at once, not after its 30 s), and no reader starts after it. Readers of the test's own, so other
    /// tests' decoders are not killed.
    @Test func aKillDuringTheSpawnReachesTheChild() throws {
        final class Later: @unchecked Sendable { var readers: ProcessReaders? }
        let later = Later()
        let readers = ProcessReaders(afterSpawn: {
            let readers = later.readers
            Thread.detachNewThread { readers?.killAll() }
            Thread.sleep(forTimeInterval: 0.2)
        })
        later.readers = readers
        let child = try ProcessGroup(reading: "/bin/sleep", arguments: ["30"], readers: readers)
        defer { child.kill(grace: 0) }
        #expect(child.wait(timeout: 5) == 128 + SIGKILL, "the child outlived the readers' kill")
        var refusal: String?
        do {
            let late = try ProcessGroup(reading: "/bin/sleep", arguments: ["30"], readers: readers)
            late.kill(grace: 0)
        } catch {
            refusal = error.message
        }
        #expect(refusal?.hasPrefix("interrupted") == true, "a reader started after the readers were killed")
    }

    #if os(Linux)
    // Linux refuses to exec a file open for writing (ETXTBSY); other systems may not.
    @Test func aProgramStillOpenForWritingStartsOnceItIsClosed() throws {
        let (path, fd, dir) = try heldScript("etxtbsy-closed")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The descriptor closes 150 ms into the spawn's retries.
        let closer = Thread { Thread.sleep(forTimeInterval: 0.15); close(fd) }
        closer.start()
        let group = try ProcessGroup(writing: path, arguments: [])
        group.closeInput()
        #expect(group.wait(timeout: 10) == 0)
    }

    /// `THP_enabled` of /proc/self/status (Linux 5.0 and later): whether the prctl flag lets it use transparent
    /// huge pages; nil where the kernel does not say.
    static func thpEnabled(_ status: String) -> String? {
        status.split(separator: "\n").first { $0.hasPrefix("THP_enabled:") }
            .map { $0.dropFirst("THP_enabled:".count).trimmingCharacters(in: .whitespaces) }
    }

    /// A child started with `hugePages: false` (ffmpeg's, VideoSink) runs without transparent huge pages, one
    /// started without it as we do, and our own flag is left as it was.
    @Test func ffmpegsChildRunsWithoutTransparentHugePages() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-tests-thp-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let mine = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let before = Self.thpEnabled(mine) else { return }
        func child(hugePages: Bool) throws -> String? {
            let out = dir.appendingPathComponent("status-\(hugePages)").path
            let group = try ProcessGroup(writing: "/bin/sh", arguments: ["-c", "cat /proc/self/status > '\(out)'"],
                                         hugePages: hugePages)
            group.closeInput()
            #expect(group.wait(timeout: 10) == 0)
            return Self.thpEnabled(try String(contentsOfFile: out, encoding: .utf8))
        }
        #expect(try child(hugePages: false) == "0")
        #expect(try child(hugePages: true) == before)
        #expect(Self.thpEnabled(try String(contentsOfFile: "/proc/self/status", encoding: .utf8)) == before)
    }

    @Test func aProgramHeldOpenIsRefusedWithinHalfASecondOrSo() throws {
        let (path, fd, dir) = try heldScript("etxtbsy-held")
        defer { close(fd); try? FileManager.default.removeItem(at: dir) }
        let start = Date()
        #expect(throws: ProcessError.self) {
            _ = try ProcessGroup(writing: path, arguments: [])
        }
        #expect(Date().timeIntervalSince(start) < 2)
    }
    #endif
}
