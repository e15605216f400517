import CHTTP

/// A request as the routes see it: method, path, query arguments, headers (names lowercased) and the local port it
/// came in on; never a body (the shim refuses bodies).
public struct PreviewRequest: Sendable {
    public var method: String
    public var path: String
    public var arguments: [(String, String)]
    /// In the order sent; names lowercased (HTTP header names are case-insensitive), values as sent.
    public var headers: [(String, String)]
    /// The server's port the request arrived on: the only port its `Host` may name (PreviewAccess).
    public var port: Int

    public init(method: String = "GET", path: String, arguments: [(String, String)] = [],
                headers: [(String, String)] = [], port: Int = 0) {
        self.method = method
        self.path = path
        self.arguments = arguments
        self.headers = headers.map { ($0.0.lowercased(), $0.1) }
        self.port = port
    }

    /// Every value of header `name` (lowercase).
    public func values(of name: String) -> [String] { headers.filter { $0.0 == name }.map(\.1) }
}

public struct PreviewResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    /// Headers besides Content-Type (and the shim's Cache-Control and X-Content-Type-Options): `Allow` on a 405,
    /// `X-Forkrender-Patch` on a patch.
    public var headers: [(String, String)] = []

    public init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }
    public init(status: Int, text: String, headers: [(String, String)] = []) {
        self.init(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8), headers: headers)
    }
    public static func json(_ text: String) -> PreviewResponse {
        PreviewResponse(status: 200, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// The HTTP server: GNU libmicrohttpd through the CHTTP shim, listening on 127.0.0.1 (and ::1) only. It hands
/// each finished GET, HEAD or POST request to `handle` and sends back what it returns; the shim refuses everything
/// else (other methods, bodies, too many arguments or headers) and holds the connection and memory limits. Who may
/// ask is decided by the handler (PreviewRoutes checks PreviewAccess first).
public final class PreviewServer: @unchecked Sendable {
    private final class Box {
        let handle: @Sendable (PreviewRequest) -> PreviewResponse
        init(_ handle: @escaping @Sendable (PreviewRequest) -> PreviewResponse) { self.handle = handle }
    }
    private let box: Box
    private var server: OpaquePointer?
    public let port: Int

    public struct StartError: Error, CustomStringConvertible {
        public var port: Int
        public var description: String {
            "cannot listen on 127.0.0.1:\(port): the port is in use or not allowed (try another --port, or --port 0 for a free one)"
        }
    }

    /// Starts listening at once; `port` 0 picks a free port (read it from `port`).
    public init(port: Int, handle: @escaping @Sendable (PreviewRequest) -> PreviewResponse) throws(StartError) {
        box = Box(handle)
        let context = Unmanaged.passUnretained(box).toOpaque()
        guard let s = chttp_start(UInt16(port), { context, request, reply in
            guard let context, let request, let reply else { return }
            let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
            let r = request.pointee
            let arguments = PreviewServer.pairs(r.keys, r.values, count: r.arg_count, capacity: Int(CHTTP_MAX_ARGS))
            let headers = PreviewServer.pairs(r.header_names, r.header_values, count: r.header_count, capacity: Int(CHTTP_MAX_HEADERS))
            let response = box.handle(PreviewRequest(method: String(cString: r.method), path: String(cString: r.path),
                                                     arguments: arguments, headers: headers, port: Int(r.port)))
            let set = response.body.withUnsafeBytes { bytes in
                chttp_reply_set(reply, Int32(response.status), response.contentType, bytes.baseAddress, bytes.count)
            }
            if set == 0 { for (name, value) in response.headers { _ = chttp_reply_header(reply, name, value) } }
        }, context) else {
            throw StartError(port: port)
        }
        server = s
        self.port = Int(chttp_port(s))
    }

    /// The first `count` name/value pairs of two C string arrays (tuples of `capacity` pointers, as imported).
    fileprivate static func pairs<T>(_ names: T, _ values: T, count: Int, capacity: Int) -> [(String, String)] {
        var out: [(String, String)] = []
        withUnsafePointer(to: names) { n in
            withUnsafePointer(to: values) { v in
                n.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: capacity) { n in
                    v.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: capacity) { v in
                        for i in 0..<min(count, capacity) {
                            out.append((n[i].map { String(cString: $0) } ?? "", v[i].map { String(cString: $0) } ?? ""))
                        }
                    }
                }
            }
        }
        return out
    }

    /// Closes the listening sockets and waits for libmicrohttpd's threads to finish.
    public func stop() {
        if let s = server { chttp_stop(s) }
        server = nil
    }

    deinit { stop() }
}
