import ChildProcess
import Foundation
import Testing

/// The preview under a flood: this test process holds 1,000 connections to a running `forkrender preview` that
/// each sent a request line and never finish their headers, and asks `/version` meanwhile. The answers keep
/// coming (median under 50 ms), and after the flood ends the server's descriptors and threads are back to their
/// counts before it.
@Suite("Preview flood", .serialized)
struct PreviewFloodTests {
    /// A TCP connection to 127.0.0.1:`port`, or -1.
    static func connect(_ port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = in_port_t(UInt16(port).bigEndian)
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let ok = withUnsafePointer(to: &a) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if ok != 0 { close(fd); return -1 }
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        let b = Array(text.utf8)
        _ = b.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Seconds for one whole `GET /version` and its status line, or nil when no answer came.
    static func version(_ port: Int) -> (Double, String)? {
        let start = Date()
        let fd = connect(port)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        send(fd, "GET /version HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        var reply = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            reply += buffer[0..<n]
        }
        let text = String(decoding: reply, as: UTF8.self)
        return text.isEmpty ? nil : (Date().timeIntervalSince(start), text.components(separatedBy: "\r\n")[0])
    }

    static func descriptors(_ pid: Int32) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
    }

    static func threads(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("Threads:") }.flatMap { Int($0.dropFirst(8).trimmingCharacters(in: .whitespaces)) } ?? -1
    }

    @Test("/version is answered in under 50 ms (median) while 1,000 connections are held half-open; nothing leaks")
    func halfOpenFlood() throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 1200 { limit.rlim_cur = min(limit.rlim_max, 1200); setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        let scene = ChildProcess.packageRoot.appendingPathComponent("scenes/basic-grid.json").path
        let preview = try RunningPreview(file: scene)
        defer { _ = preview.stop() }
        let pid = preview.process.processIdentifier
        #expect(Self.version(preview.port)?.1.hasSuffix("200 OK") == true)
        Thread.sleep(forTimeInterval: 0.3)
        let before = (Self.descriptors(pid), Self.threads(pid))

        var flood: [Int32] = []
        for _ in 0..<1000 {
            let fd = Self.connect(preview.port)
            guard fd >= 0 else { break }
            Self.send(fd, "GET /version HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            flood.append(fd)
        }
        #expect(flood.count == 1000, "only \(flood.count) connections opened")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(Self.descriptors(pid) >= before.0 + 900, "the server holds \(Self.descriptors(pid)) descriptors: the flood did not reach it")
        var times: [Double] = []
        for _ in 0..<21 {
            guard let (t, status) = Self.version(preview.port) else { Issue.record("no answer during the flood"); break }
            #expect(status.hasSuffix("200 OK"), "\(status)")
            times.append(t)
        }
        let median = times.sorted()[times.count / 2]
        #expect(times.count == 21 && median < 0.05, "median \(median * 1000) ms over \(times.count) answers")
        for fd in flood { close(fd) }

        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, (Self.descriptors(pid), Self.threads(pid)) != before { Thread.sleep(forTimeInterval: 0.1) }
        #expect(Self.descriptors(pid) == before.0 && Self.threads(pid) == before.1,
                "after the flood: \(Self.descriptors(pid)) descriptors, \(Self.threads(pid)) threads; before: \(before)")
        print("preview flood: /version median \(String(format: "%.1f", median * 1000)) ms under 1,000 half-open connections; descriptors \(before.0), threads \(before.1) before and after")
    }
}
