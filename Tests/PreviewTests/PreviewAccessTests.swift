import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Preview

/// Requests a web page other than the preview's own could make, forged over real sockets against the routes
/// behind the real server (PreviewServer, libmicrohttpd), each checked for its status and for nothing written into
/// the export folder: DNS rebinding (a foreign `Host`), cross-origin and cross-site requests, export by GET and by
/// POST without the page's token (docs/preview.md, "Who may ask").
@Suite("Preview access")
struct PreviewAccessTests {
    /// A raw HTTP/1.1 exchange on 127.0.0.1 (the test's own client, so that `Host` and every other header are
    /// exactly what a hostile page's browser would send; URLSession sets Host itself). 10 s deadline each way.
    struct Reply {
        var status: Int
        var headers: [(String, String)]
        var body: String
    }

    static func send(port: Int, _ method: String, _ target: String, headers: [(String, String)]) throws -> Reply {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw PreviewStartError(message: "cannot connect to 127.0.0.1:\(port)") }
        var text = "\(method) \(target) HTTP/1.1\r\n"
        for (k, v) in headers + [("Connection", "close")] { text += "\(k): \(v)\r\n" }
        if method == "POST" { text += "Content-Length: 0\r\n" }
        text += "\r\n"
        let out = Array(text.utf8)
        guard out.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == out.count else {
            throw PreviewStartError(message: "short write")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        let response = String(decoding: bytes, as: UTF8.self)
        guard let split = response.range(of: "\r\n\r\n") else { return Reply(status: -1, headers: [], body: response) }
        let lines = response[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? -1
        let fields: [(String, String)] = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Reply(status: status, headers: fields, body: String(response[split.upperBound...]))
    }

    /// A tiny scene (3 frames, 40 x 40 points) so that the one real export below takes a moment.
    static let scene = #"{"canvas": {"width": 40, "height": 40, "scale": 1}, "duration": 0.1, "glass": [{"frame": [5, 5, 30, 20]}]}"#

    @Test("Forged Host, cross-origin, cross-site, GET export and token-less POST export are refused; nothing is written")
    func forgedRequests() throws {
        let f = try Fixture("access", text: Self.scene, export: true)
        let routes = f.routes
        let server = try PreviewServer(port: 0) { routes.respond($0) }
        defer { server.stop() }
        let port = server.port
        let host = ("Host", "127.0.0.1:\(port)")
        let token = ("X-Forkrender-Token", routes.access.token)
        let exportFolder = f.folder.appendingPathComponent("export").path
        func exportIsEmpty() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: exportFolder)) ?? []).isEmpty
        }
        var replies: [Reply] = []
        func expect(_ status: Int, _ method: String, _ target: String, _ headers: [(String, String)],
                    _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let r = try Self.send(port: port, method, target, headers: headers)
            replies.append(r)
            #expect(r.status == status, "\(comment): \(r.body)", sourceLocation: sourceLocation)
            #expect(exportIsEmpty(), "\(comment) wrote into the export folder", sourceLocation: sourceLocation)
        }

        // DNS rebinding: a page on evil.example re-pointed at 127.0.0.1 sends its own name, on every route.
        for target in ["/", "/scene", "/version", "/frame.png?frame=0", "/lint?frame=0", "/overlap.png?frame=0",
                       "/layers?frame=0&x=1&y=1", "/nowhere"] {
            try expect(421, "GET", target, [("Host", "evil.example")], "GET \(target) with Host evil.example")
            try expect(421, "GET", target, [("Host", "evil.example:\(port)")], "GET \(target) with Host evil.example:port")
        }
        try expect(421, "POST", "/export?frame=0", [("Host", "evil.example:\(port)"), token], "POST /export with the token and Host evil.example")
        for forged in ["127.0.0.1", "127.0.0.1:\(port + 1)", "localhost.:\(port)", "127.0.0.2:\(port)", "0.0.0.0:\(port)",
                       "[::1]", "127.0.0.1:\(port)@evil.example", ""] {
            try expect(421, "GET", "/scene", [("Host", forged)], "Host '\(forged)'")
        }
        try expect(400, "GET", "/scene", [host, ("Host", "evil.example")], "two Host headers")
        // Another origin, and Fetch Metadata saying the request comes from another site (or another port).
        for origin in ["http://evil.example", "null", "http://localhost:\(port)", "http://127.0.0.1:\(port + 1)", "https://127.0.0.1:\(port)"] {
            try expect(403, "GET", "/scene", [host, ("Origin", origin)], "GET /scene from Origin \(origin)")
            try expect(403, "POST", "/export?frame=0", [host, ("Origin", origin), token], "POST /export with the token from Origin \(origin)")
        }
        for site in ["cross-site", "same-site", "bogus"] {
            try expect(403, "GET", "/frame.png?frame=0", [host, ("Sec-Fetch-Site", site)], "Sec-Fetch-Site \(site)")
            try expect(403, "POST", "/export?frame=0", [host, ("Sec-Fetch-Site", site), token], "POST /export, Sec-Fetch-Site \(site)")
        }
        // Export by GET (an <img> or a link), by POST without the token or with a wrong one, by a CORS preflight.
        try expect(405, "GET", "/export?frame=0", [host], "GET /export")
        try expect(405, "HEAD", "/export?frame=0", [host], "HEAD /export")
        try expect(403, "POST", "/export?frame=0", [host], "POST /export without the token")
        try expect(403, "POST", "/export?frame=0", [host, ("X-Forkrender-Token", "")], "POST /export with an empty token")
        try expect(403, "POST", "/export?frame=0", [host, ("X-Forkrender-Token", String(routes.access.token.reversed()))],
                   "POST /export with a wrong token")
        try expect(403, "POST", "/export?frame=0", [host, ("X-Forkrender-Token", routes.access.token + "0")], "POST /export with a longer token")
        try expect(400, "POST", "/export?frame=0", [host, token, token], "POST /export with the token twice")
        try expect(405, "OPTIONS", "/export?frame=0", [host, ("Origin", "http://evil.example"),
                                                       ("Access-Control-Request-Method", "POST")], "a CORS preflight")
        try expect(405, "POST", "/scene", [host], "POST /scene")
        #expect(!FileManager.default.fileExists(atPath: exportFolder), "the export folder was created")

        // What the page itself sends passes: its GETs from each loopback name, and its Export POST.
        for name in ["127.0.0.1", "localhost", "[::1]", "LOCALHOST"] {
            try expect(200, "GET", "/", [("Host", "\(name):\(port)"), ("Sec-Fetch-Site", "none")], "the page from \(name)")
        }
        let page = replies.last!.body
        #expect(page.contains("<meta name=\"forkrender-token\" content=\"\(routes.access.token)\">"))
        try expect(200, "GET", "/scene", [host, ("Origin", "http://127.0.0.1:\(port)"), ("Sec-Fetch-Site", "same-origin")], "GET /scene")
        let scene = try JSONSerialization.jsonObject(with: Data(replies.last!.body.utf8)) as? [String: Any]
        #expect(scene?["file"] as? String == "scene.json")
        #expect(!replies.last!.body.contains(f.folder.path), "/scene names the scene's folder")
        for r in replies {
            #expect(!r.headers.contains { $0.0.hasPrefix("access-control-") }, "a CORS header: \(r.headers)")
        }
        if PreviewProcess.which("ffmpeg") != nil {
            let r = try Self.send(port: port, "POST", "/export?frame=1", headers: [
                host, ("Origin", "http://127.0.0.1:\(port)"), ("Sec-Fetch-Site", "same-origin"), token])
            #expect(r.status == 200, "\(r.body)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: exportFolder))?.sorted()
            #expect(names == ["frame-0001.png", "tilt-sweep.mp4", "timeline.mp4"])
        } else {
            print("preview access test: the page's own export skipped: ffmpeg is not installed")
        }
    }

    @Test("The token is 128 random bits in hex, new in each process; the page carries it")
    func token() throws {
        let a = PreviewAccess(), b = PreviewAccess()
        #expect(a.token.count == 32 && a.token.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(a.token != b.token)
        let f = try Fixture("token")
        #expect(f.get("/").text.contains("content=\"\(f.routes.access.token)\""))
        #expect(!f.get("/").text.contains("@TOKEN@"))
    }

    @Test("Hosts allowed: the three loopback names with the served port; without it on port 80 only")
    func hosts() {
        #expect(PreviewAccess.allowedHosts(port: 8040) == ["127.0.0.1:8040", "[::1]:8040", "localhost:8040"])
        #expect(PreviewAccess.allowedHosts(port: 80).contains("localhost"))
        let access = PreviewAccess(token: "00")
        func status(_ headers: [(String, String)], port: Int = 8040) -> Int? {
            access.refusal(PreviewRequest(path: "/", headers: headers, port: port))?.status
        }
        #expect(status([("Host", "127.0.0.1:8040")]) == nil)
        #expect(status([]) == 421)
        #expect(status([("Host", "localhost")]) == 421)
        #expect(status([("Host", "localhost")], port: 80) == nil)
        #expect(status([("Host", "localhost:80")], port: 80) == nil)
        #expect(status([("Host", "localhost:8040"), ("Origin", "http://localhost:8040"), ("Sec-Fetch-Site", "same-origin")]) == nil)
        #expect(status([("Host", "localhost:8040"), ("Origin", "http://127.0.0.1:8040")]) == 403)
    }
}
