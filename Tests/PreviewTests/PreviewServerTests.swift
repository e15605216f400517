import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import Preview

/// The C shim's transport limits, over real HTTP on 127.0.0.1 (URLSession, with a 10 s timeout per request).
@Suite("Preview server")
struct PreviewServerTests {
    final class Box: @unchecked Sendable {
        var status = 0
        var body = ""
    }

    func request(_ url: String, method: String = "GET", body: Data? = nil) -> (Int, String) {
        var r = URLRequest(url: URL(string: url)!, timeoutInterval: 10)
        r.httpMethod = method
        r.httpBody = body
        let box = Box(), done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: r) { data, response, _ in
            box.status = (response as? HTTPURLResponse)?.statusCode ?? -1
            box.body = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 15)
        return (box.status, box.body)
    }

    @Test("GET and POST reach the routes with their arguments and headers; other methods, bodies, too many arguments and huge URLs do not")
    func limits() throws {
        let server = try PreviewServer(port: 0) { r in
            PreviewResponse(status: 200, text: r.path + "?" + r.arguments.map { "\($0.0)=\($0.1)" }.joined(separator: "&"))
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        #expect(server.port > 0)
        let ok = request(base + "/frame.png?frame=3&tier=web%20x")
        #expect(ok.0 == 200 && ok.1 == "/frame.png?frame=3&tier=web x\n")
        // The handler sees the method, the headers (names lowercased) and the port the request came in on.
        let seen = try PreviewServer(port: 0) { r in
            PreviewResponse(status: 200, text: "\(r.method) \(r.port) \(r.values(of: "host").joined())")
        }
        defer { seen.stop() }
        #expect(request("http://127.0.0.1:\(seen.port)/x", method: "POST").1 == "POST \(seen.port) 127.0.0.1:\(seen.port)\n")
        // A body is refused whatever the method (the page's one POST, Export, sends none).
        #expect(request(base + "/scene", method: "POST", body: Data("x".utf8)).0 == 413)
        #expect(request(base + "/scene", method: "DELETE").0 == 405)
        #expect(request(base + "/scene", method: "OPTIONS").0 == 405)
        let many = (0..<17).map { "a\($0)=1" }.joined(separator: "&")
        let tooMany = request(base + "/lint?" + many)
        #expect(tooMany.0 == 400 && tooMany.1 == "too many query parameters\n")
        let huge = request(base + "/scene?x=" + String(repeating: "a", count: 40_000)).0
        #expect(huge == 414 || huge == 431, "\(huge)")
        // The same port a second time is refused with a message naming it.
        #expect(throws: PreviewServer.StartError.self) { try PreviewServer(port: server.port) { _ in PreviewResponse(status: 200, text: "") } }
    }
}
