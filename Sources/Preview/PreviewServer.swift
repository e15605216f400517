import CHTTP

/// A request as the routes see it: the path and the query arguments, nothing else (no headers, no body).
public struct PreviewRequest: Sendable {
    public var path: String
    public var arguments: [(String, String)]
    public init(path: String, arguments: [(String, String)] = []) {
        self.path = path
        self.arguments = arguments
    }
}

public struct PreviewResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
    public init(status: Int, text: String) {
        self.init(status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
    }
    public static func json(_ text: String) -> PreviewResponse {
        PreviewResponse(status: 200, contentType: "application/json; charset=utf-8", body: Array(text.utf8))
    }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// The HTTP server: GNU libmicrohttpd through the CHTTP shim, listening on 127.0.0.1 (and ::1) only. It hands
/// each finished GET or HEAD request to `handle` and sends back what it returns; the shim refuses everything
/// else (other methods, bodies, too many arguments) and holds the connection and memory limits.
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
            var arguments: [(String, String)] = []
            withUnsafePointer(to: r.keys) { keys in
                withUnsafePointer(to: r.values) { values in
                    keys.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: Int(CHTTP_MAX_ARGS)) { k in
                        values.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: Int(CHTTP_MAX_ARGS)) { v in
                            for i in 0..<r.arg_count {
                                arguments.append((k[i].map { String(cString: $0) } ?? "", v[i].map { String(cString: $0) } ?? ""))
                            }
                        }
                    }
                }
            }
            let response = box.handle(PreviewRequest(path: String(cString: r.path), arguments: arguments))
            _ = response.body.withUnsafeBytes { bytes in
                chttp_reply_set(reply, Int32(response.status), response.contentType, bytes.baseAddress, bytes.count)
            }
        }, context) else {
            throw StartError(port: port)
        }
        server = s
        self.port = Int(chttp_port(s))
    }

    /// Closes the listening sockets and waits for libmicrohttpd's threads to finish.
    public func stop() {
        if let s = server { chttp_stop(s) }
        server = nil
    }

    deinit { stop() }
}
