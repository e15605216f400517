import Foundation
import FuzzDriver
import Preview
import Raster

/// One input: a request as libmicrohttpd hands it to the preview (method, path, query arguments, headers),
/// written as lines, sent straight to `PreviewRoutes.respond` (no socket):
///
///     METHOD
///     /path
///     key=value&key=value      (at most 16 pairs, as the shim allows; values as libmicrohttpd decoded them)
///     Name: value              (any number of header lines, at most 48, as the shim allows)
///
/// The routes serve a tiny scene (3 frames of 24 x 24 pixels) with export on. Findings besides crashes and
/// sanitizer reports: a status outside 200/400/403/404/405/421 (500 means the server failed on a request it
/// accepted), a request with a Host other than the allowed ones answered with anything but 421 (or 400 for a
/// repeated header), a CORS header, and the export folder appearing without a POST that carries the token from
/// an allowed Host (the fuzzer cannot know the token, so the folder must never appear).
enum Harness {
    static let folder: String = {
        let f = NSTemporaryDirectory() + "forkrender-fuzz-preview-\(getpid())"
        try? FileManager.default.createDirectory(atPath: f, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Harness.folder) }
        return f
    }()
    static let exportFolder = folder + "/export"
    static let token = PreviewAccess.randomToken()
    static let port = 8040
    static let routes: PreviewRoutes = {
        let file = folder + "/scene.json"
        let scene = #"{"canvas": {"width": 24, "height": 24, "scale": 1}, "duration": 0.1, "glass": [{"id": "a", "frame": [2, 2, 20, 10]}]}"#
        try! scene.write(toFile: file, atomically: true, encoding: .utf8)
        let session = try! PreviewSession(file: file, scale: 1, exportFolder: exportFolder, workers: .single)
        return PreviewRoutes(session: session, access: PreviewAccess(token: token))
    }()

    static func request(_ text: String) -> PreviewRequest {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func next() -> String { lines.isEmpty ? "" : lines.removeFirst() }
        let method = next(), path = next(), query = next()
        let arguments: [(String, String)] = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
            .prefix(16).map { pair in
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(kv[0]), kv.count > 1 ? String(kv[1]) : "")
            }
        let headers: [(String, String)] = lines.prefix(48).compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
        }
        return PreviewRequest(method: method, path: path, arguments: arguments, headers: headers, port: port)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPreview(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let r = Harness.request(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    let response = Harness.routes.respond(r)
    precondition([200, 400, 403, 404, 405, 421].contains(response.status), "status \(response.status): \(response.text)")
    let hosts = r.values(of: "host")
    if !(hosts.count == 1 && PreviewAccess.allowedHosts(port: Harness.port).contains(hosts[0].lowercased())) {
        precondition(response.status == 421 || response.status == 400, "a request for Host \(hosts) was answered \(response.status)")
    }
    precondition(!response.headers.contains { $0.0.lowercased().hasPrefix("access-control-") }, "a CORS header")
    if FileManager.default.fileExists(atPath: Harness.exportFolder) {
        preconditionFailure("the export folder was written by \(r.method) \(r.path) without the token")
    }
    return 0
}

/// The entry point SwiftPM links as `main` on Linux; libFuzzer's driver takes over from here.
@_cdecl("FuzzPreview_main")
public func fuzzPreviewMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    _ = Harness.routes
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in data.map { fuzzPreview($0, size) } ?? 0 }
}
