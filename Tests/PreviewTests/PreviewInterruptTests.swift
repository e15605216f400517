import Foundation
import Testing
import SceneFormat
import Compose
import Output

/// Ctrl-C ends a busy preview within a second, every time: while it renders a frame, renders ahead, reloads
/// the scene, exports a video, and holds connections whose requests are still arriving. Each try starts a
/// preview (scale 2, so that a frame takes long enough to be caught in the middle), sends it work over raw
/// sockets without reading the answers, waits a different delay (0 to 0.39 s: request parsing, a render,
/// the render-ahead after it), sends SIGINT and measures until the process has exited. Two threads spin
/// throughout, so the machine is loaded whatever else runs.
@Suite("Preview interrupt", .serialized)
struct PreviewInterruptTests {
    static let tries = 50
    /// The bound the command promises.
    static let limit = 1.0

    @Test("SIGINT ends a busy preview within 1 s in 50 of 50 tries, leaving no half-written export")
    func ctrlCEndsABusyPreviewWithinASecond() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forkrender-preview-sigint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scene.json").path
        let export = folder.appendingPathComponent("export")
        try Showcase.json.write(toFile: scene, atomically: true, encoding: .utf8)

        let load = Load(threads: 2)
        defer { load.stop() }
        var slow: [String] = []
        for i in 0..<Self.tries {
            let preview = try RunningPreview(file: scene, export: export.path, extra: ["--scale", "2"])
            let sockets = try busy(preview, kind: i % 4, scene: scene)
            Thread.sleep(forTimeInterval: Double(i * 37 % 40) / 100)
            let (status, seconds) = preview.interrupt()
            for fd in sockets { close(fd) }
            if status != 130 || seconds > Self.limit {
                slow.append("try \(i) (kind \(i % 4)): exit \(status.map(String.init) ?? "killed") after \(String(format: "%.2f", seconds)) s; \(preview.errors)")
            }
        }
        #expect(slow.isEmpty, "\(slow.count) of \(Self.tries) tries:\n\(slow.joined(separator: "\n"))")
        // An export cut short leaves nothing half-written: complete files or none, and no temporary name.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: export.path)) ?? []
        #expect(!left.contains { $0.hasPrefix(".") }, "\(left)")
    }

    /// Sends the try's work and returns the open sockets: every kind also leaves a request half sent.
    func busy(_ preview: RunningPreview, kind: Int, scene: String) throws -> [Int32] {
        let port = preview.port
        var fds = [try Self.connect(port, "GET /frame.png?fr")]
        switch kind {
        case 0:
            // A frame while playing: rendered, then the frames after it are rendered ahead.
            fds.append(try Self.connect(port, Self.get("/frame.png?frame=3&play=1", port)))
        case 1:
            fds.append(try Self.connect(port, Self.get("/lint?frame=40", port)))
            fds.append(try Self.connect(port, Self.get("/frame.png?frame=90&pitch=0.3&roll=-0.4", port)))
        case 2:
            // A reload: the file changes, the page asks for the version, then for a frame of the new scene.
            try Showcase.json.replacingOccurrences(of: "\"duration\": 4", with: "\"duration\": 3").write(toFile: scene, atomically: true, encoding: .utf8)
            fds.append(try Self.connect(port, Self.get("/version", port) + Self.get("/frame.png?frame=10", port)))
        default:
            let token = try Self.token(port)
            let post = "POST /export?frame=2 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n" +
                       "Sec-Fetch-Site: same-origin\r\nX-Forkrender-Token: \(token)\r\nContent-Length: 0\r\n\r\n"
            fds.append(try Self.connect(port, post))
        }
        return fds
    }

    static func get(_ target: String, _ port: Int) -> String {
        "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    }

    /// A connection to the preview that has sent `text` and reads nothing.
    static func connect(_ port: Int, _ text: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, connected == 0 else { throw PreviewStartError(message: "cannot connect to 127.0.0.1:\(port)") }
        _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// The export token from the page's meta tag.
    static func token(_ port: Int) throws -> String {
        let fd = try connect(port, get("/", port).replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n"))
        defer { close(fd) }
        var page = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            page += buffer[0..<n]
        }
        let text = String(decoding: page, as: UTF8.self)
        guard let r = text.range(of: #"name="forkrender-token" content="[0-9a-f]+""#, options: .regularExpression) else {
            throw PreviewStartError(message: "no token in the page")
        }
        return String(text[r].dropLast().split(separator: "\"").last!)
    }

    /// Threads that spin until stopped.
    final class Load: @unchecked Sendable {
        private let lock = NSLock()
        private var running = true
        init(threads: Int) {
            for _ in 0..<threads {
                Thread.detachNewThread { [self] in
                    var x = 0.0
                    while lock.withLock({ running }) { for i in 0..<10_000 { x += Double(i).squareRoot() } }
                    _ = x
                }
            }
        }
        func stop() { lock.withLock { running = false } }
    }
}
