import ChildProcess
import Foundation
import Testing
import Output
@testable import Preview
@testable import Regression

/// A failing check report, made by the real binary: references recorded for a small scene (check frames 0, 7
/// and 14), then the dots' idle alpha raised so that all three fail, and `check --report` run.
struct ReviewFixture {
    let dir: URL
    var scenes: URL { dir.appendingPathComponent("scenes") }
    var refs: URL { dir.appendingPathComponent("refs") }
    var report: URL { dir.appendingPathComponent("report") }

    static func scene(dotIdle: Double) -> String {
        #"{"canvas": {"width": 60, "height": 45, "scale": 2}, "duration": 0.5, "fps": 30, "plane": {"dotIdle": \#(dotIdle), "spacing": 10, "dotSize": 4}}"#
    }

    init(_ name: String) throws {
        dir = ChildProcess.temporaryFolder("preview-review-\(name)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try write(dotIdle: 0.05)
        let record = try check([])
        guard record.status == 0 else { throw PreviewStartError(message: "recording failed: \(record.out)\(record.err)") }
        try write(dotIdle: 0.5)
        let failing = try check(["--report", report.path])
        guard failing.status == 1 else { throw PreviewStartError(message: "the changed scene did not fail: \(failing.out)\(failing.err)") }
    }

    func write(dotIdle: Double) throws {
        try Self.scene(dotIdle: dotIdle).write(to: scenes.appendingPathComponent("card.json"), atomically: true, encoding: .utf8)
    }

    /// `forkrender check scenes --references refs` plus `extra`, without CI=true.
    func check(_ extra: [String]) throws -> ChildProcess.Outcome {
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        return try ChildProcess.run(ChildProcess.forkrender, ["check", scenes.path, "--references", refs.path] + extra, environment: env, timeout: 120)
    }

    /// Every regular file under the fixture's folder and its bytes: what "nothing changed on disk" compares.
    func snapshot() -> [String: Data] {
        var out: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: dir.path)
        while let rel = walker?.nextObject() as? String {
            let path = dir.appendingPathComponent(rel).path
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = FileManager.default.contents(atPath: path)
            }
        }
        return out
    }
}

/// Requests another page could forge against the review server, over real sockets to the real server
/// (libmicrohttpd behind `ReviewRoutes`): each gets its refusal and leaves every file of the fixture (the scene,
/// the references, the report) byte for byte as it was. A well-formed request from the page then changes exactly
/// one reference and writes decisions.json, so the snapshot comparison is seen to catch a change.
@Suite("Review access", .serialized)
struct ReviewAccessTests {
    static let token = "0123456789abcdef0123456789abcdef"

    struct Forged: CustomStringConvertible {
        var label: String
        var method: String
        var target: String
        var headers: [(String, String)]
        var status: Int
        var description: String { label }
    }

    /// The forgeries; `host` is the server's own `127.0.0.1:<port>`.
    static func forgeries(host: String) -> [Forged] {
        let page = [("Host", host), ("Origin", "http://" + host), ("X-Forkrender-Token", token)]
        func without(_ name: String) -> [(String, String)] { page.filter { $0.0 != name } }
        return [
            Forged(label: "no token", method: "POST", target: "/accept?id=1", headers: without("X-Forkrender-Token"), status: 403),
            Forged(label: "wrong token", method: "POST", target: "/accept?id=1", headers: without("X-Forkrender-Token") + [("X-Forkrender-Token", String(token.reversed()))], status: 403),
            Forged(label: "token twice", method: "POST", target: "/accept?id=1", headers: page + [("X-Forkrender-Token", token)], status: 400),
            Forged(label: "wrong Host (DNS rebinding)", method: "POST", target: "/accept?id=1", headers: without("Host") + [("Host", "evil.example")], status: 421),
            Forged(label: "cross-origin Origin", method: "POST", target: "/accept?id=1", headers: without("Origin") + [("Origin", "http://evil.example")], status: 403),
            Forged(label: "null Origin", method: "POST", target: "/accept-scene?id=0", headers: without("Origin") + [("Origin", "null")], status: 403),
            Forged(label: "cross-site fetch", method: "POST", target: "/accept?id=1", headers: page + [("Sec-Fetch-Site", "cross-site")], status: 403),
            Forged(label: "GET on the change route", method: "GET", target: "/accept?id=1", headers: page, status: 405),
            Forged(label: "GET on accept-scene", method: "GET", target: "/accept-scene?id=0", headers: page, status: 405),
            Forged(label: "an id not in the report", method: "POST", target: "/accept?id=3", headers: page, status: 404),
            Forged(label: "a scene not in the report", method: "POST", target: "/accept-scene?id=1", headers: page, status: 404),
            Forged(label: "a negative id", method: "POST", target: "/reject?id=-1", headers: page, status: 400),
            Forged(label: "a path as the id", method: "POST", target: "/accept?id=..%2F..%2Frefs%2Fcard%2F0007.png", headers: page, status: 400),
            Forged(label: "two ids", method: "POST", target: "/accept?id=1&id=2", headers: page, status: 400),
            Forged(label: "a path in the route", method: "POST", target: "/accept/../../refs/card/0007.png?id=1", headers: page, status: 404),
            Forged(label: "traversal to a reference", method: "GET", target: "/../refs/card/0007.png", headers: page, status: 404),
            Forged(label: "encoded traversal", method: "GET", target: "/card/%2E%2E/%2E%2E/refs/card/0007.png", headers: page, status: 404),
            Forged(label: "a report file not in the manifest", method: "GET", target: "/review.json", headers: page, status: 404),
            Forged(label: "POST to the page", method: "POST", target: "/", headers: page, status: 405),
        ]
    }

    @Test("Forged requests change nothing on disk; the page's own request changes exactly one reference")
    func forgedRequestsChangeNothing() throws {
        let f = try ReviewFixture("forged")
        let board = try ReviewBoard(folder: f.report.path)
        #expect(board.manifest.frames.map(\.frame) == [0, 7, 14])
        let routes = ReviewRoutes(board: board, access: PreviewAccess(token: Self.token))
        let server = try PreviewServer(port: 0) { routes.respond($0) }
        defer { server.stop() }
        let host = "127.0.0.1:\(server.port)"
        let before = f.snapshot()
        #expect(before.keys.contains("refs/card/0007.png") && before.keys.contains("report/review.json"))
        for forged in Self.forgeries(host: host) {
            let reply = try PreviewAccessTests.send(port: server.port, forged.method, forged.target, headers: forged.headers)
            #expect(reply.status == forged.status, "\(forged): \(reply.status) \(reply.body)")
            #expect(f.snapshot() == before, "\(forged) changed a file")
        }

        // The page's reading routes answer; the page carries the token and the frames offered.
        let page = try PreviewAccessTests.send(port: server.port, "GET", "/", headers: [("Host", host)])
        #expect(page.status == 200 && page.body.contains(Self.token) && page.body.contains("\"anchor\":\"card-0007\""))
        let picture = try PreviewAccessTests.send(port: server.port, "GET", "/card/0007-actual.png", headers: [("Host", host)])
        #expect(picture.status == 200)

        // The real thing: exactly refs/card/0007.png changes, to the actual's pixels with this renderer's
        // fingerprint, and decisions.json appears.
        let accept = try PreviewAccessTests.send(port: server.port, "POST", "/accept?id=1",
                                                 headers: [("Host", host), ("Origin", "http://" + host), ("X-Forkrender-Token", Self.token)])
        #expect(accept.status == 200, "\(accept.body)")
        let after = f.snapshot()
        let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }
        #expect(changed == ["refs/card/0007.png", "report/decisions.json"], "\(changed.sorted())")
        let reference = try RGBAImage.read(path: f.refs.appendingPathComponent("card/0007.png").path)
        #expect(reference == (try RGBAImage.read(path: f.report.appendingPathComponent("card/0007-actual.png").path)))
        #expect(RendererFingerprint.read(png: f.refs.appendingPathComponent("card/0007.png").path) == .current)
        #expect(board.decisions.decisions.map(\.decision) == [.accepted])

        // Once accepted, Reject is a conflict and changes nothing.
        let reject = try PreviewAccessTests.send(port: server.port, "POST", "/reject?id=1",
                                                 headers: [("Host", host), ("X-Forkrender-Token", Self.token)])
        #expect(reject.status == 409 && f.snapshot() == after, "\(reject.status) \(reject.body)")
    }

    @Test("A manifest whose pictures leave the report folder is refused")
    func manifestPathsStayInside() throws {
        #expect(ReviewManifest.isInside("card/0007-actual.png"))
        for bad in ["../refs/card/0007.png", "/etc/passwd", "card/../../x.png", "./card.png", "card//x.png", ""] {
            #expect(!ReviewManifest.isInside(bad), "\(bad)")
        }
        let f = try ReviewFixture("manifest")
        let path = f.report.appendingPathComponent(ReviewManifest.fileName)
        let text = try String(contentsOf: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"card/0007-actual.png\"", with: "\"../refs/card/0000.png\"")
            .write(to: path, atomically: true, encoding: .utf8)
        #expect(throws: CheckError.self) { try ReviewBoard(folder: f.report.path) }
    }
}
