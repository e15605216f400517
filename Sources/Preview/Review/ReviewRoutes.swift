import Foundation
import Regression

/// The routes of `forkrender review <report>` (and `check --review`): a check report served on 127.0.0.1 with
/// Accept and Reject on each frame and Accept all on each scene. The preview's access rules hold unchanged
/// (`PreviewAccess`: Host, Origin and Sec-Fetch-Site checked before any route; changes POST only, with the
/// process's token). Nothing here takes a path from the URL: the pictures are a table made at start from the
/// report's manifest (the exact URL the report links each by, to the file the manifest names), a frame is an
/// index in the manifest and a scene an index in its list of scenes (`ReviewBoard`), so an id that is not a
/// whole number in range is refused before anything is read.
///
///   GET /              the report's index.html with this process's token, the frames offered and the decisions
///                      so far (JSON in `<script id="forkrender-review">`), and review.js
///   GET <picture>      a PNG the report links (`home/0012-actual.png`), only those the manifest lists
///   POST /accept       ?id=<frame>: writes that frame's actual as its reference (`ReviewBoard.accept`)
///   POST /reject       ?id=<frame>: records the rejection
///   POST /accept-scene ?id=<scene>: accepts every frame of the scene that may be accepted
///
/// A decision answers `{"decisions": [...]}` (the decisions made); 404 for an id not in the report, 409 for a
/// decision the frame cannot take, 400 for a missing or malformed id.
public struct ReviewRoutes: Sendable {
    public let board: ReviewBoard
    public let access: PreviewAccess
    /// URL path -> file, for every picture of the report.
    private let pictures: [String: String]

    public init(board: ReviewBoard, access: PreviewAccess = PreviewAccess()) {
        self.board = board
        self.access = access
        var table: [String: String] = [:]
        for f in board.manifest.frames {
            for p in [f.actual] + f.pictures { table["/" + ReviewReport.link(p)] = (board.folder as NSString).appendingPathComponent(p) }
        }
        pictures = table
    }

    static let changes: [String: String] = ["/accept": "Accept", "/reject": "Reject", "/accept-scene": "Accept all"]

    public func respond(_ request: PreviewRequest) -> PreviewResponse {
        if let refusal = access.refusal(request) { return refusal }
        if let button = Self.changes[request.path] {
            if let refusal = access.changeRefusal(request, button: button) { return refusal }
            return decide(request)
        }
        if request.path == "/" || pictures[request.path] != nil, let refusal = PreviewAccess.readRefusal(request) { return refusal }
        if request.path == "/" { return page() }
        guard let file = pictures[request.path] else {
            return PreviewResponse(status: 404, text: "not found: \(request.path.prefix(200)) (this server answers /, the report's pictures, and POST /accept, /reject, /accept-scene)")
        }
        guard let bytes = FileManager.default.contents(atPath: file) else {
            return PreviewResponse(status: 404, text: "the report's picture \(request.path.prefix(200)) is gone (was the report written again?)")
        }
        return PreviewResponse(status: 200, contentType: "image/png", body: Array(bytes))
    }

    private func decide(_ request: PreviewRequest) -> PreviewResponse {
        guard request.arguments.count == 1, let argument = request.arguments.first, argument.0 == "id" else {
            return PreviewResponse(status: 400, text: "\(request.path) takes one parameter, id (a number the page was given)")
        }
        let value = argument.1
        guard !value.isEmpty, value.count <= 9, value.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(value) else {
            return PreviewResponse(status: 400, text: "id '\(value.prefix(60))' is not a number the page was given")
        }
        do throws(ReviewBoard.Refusal) {
            let made: [ReviewDecisions.Decision]
            switch request.path {
            case "/accept": made = [try board.accept(id)]
            case "/reject": made = [try board.reject(id)]
            default: made = try board.acceptScene(id)
            }
            return .json(Self.json(["decisions": made.map(Self.object)]))
        } catch {
            let status = switch error.kind { case .unknown: 404; case .conflict: 409; case .failed: 500 }
            return PreviewResponse(status: status, text: error.description)
        }
    }

    /// The report with the review's data and script before `</body>`.
    private func page() -> PreviewResponse {
        let index = (board.folder as NSString).appendingPathComponent("index.html")
        guard let html = (try? String(contentsOfFile: index, encoding: .utf8)), let end = html.range(of: "</body>", options: .backwards) else {
            return PreviewResponse(status: 500, text: "cannot read the report's page \(index)")
        }
        // `<` never appears raw inside the script element, so its text cannot end it.
        let data = Self.json(configuration()).replacingOccurrences(of: "<", with: "\\u003c")
        let added = "<style>\n\(Self.css)\n</style>\n<script type=\"application/json\" id=\"forkrender-review\">\(data)</script>\n"
            + "<script>\n\(Self.script)\n</script>\n"
        // An empty icon, as the preview's page has: the browser asks no /favicon.ico (a 404 in its console).
        let page = (html[..<end.lowerBound] + added + html[end.lowerBound...])
            .replacingOccurrences(of: "</head>", with: "<link rel=\"icon\" href=\"data:,\">\n</head>", options: [], range: nil)
        return PreviewResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
    }

    private func configuration() -> [String: Any] {
        let decisions = board.decisions
        let scenes = board.scenes
        let frames: [[String: Any]] = board.manifest.frames.enumerated().map { k, f in
            var o: [String: Any] = ["id": k, "scene": f.scene, "sceneId": scenes.firstIndex(of: f.scene) ?? 0, "frame": f.frame,
                                    "anchor": f.anchor, "reference": f.reference]
            if let why = f.refusal { o["refusal"] = why }
            if let d = decisions.decision(scene: f.scene, frame: f.frame) { o["decision"] = d.decision.rawValue }
            return o
        }
        let sceneList: [[String: Any]] = scenes.enumerated().map { k, name in
            ["id": k, "name": name, "offered": board.manifest.frames.filter { $0.scene == name && $0.refusal == nil }.count]
        }
        return ["token": access.token, "frames": frames, "scenes": sceneList]
    }

    static func object(_ d: ReviewDecisions.Decision) -> [String: Any] {
        ["scene": d.scene, "frame": d.frame, "decision": d.decision.rawValue, "reference": d.reference, "at": d.at]
    }

    static func json(_ value: Any) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static let script: String = {
        let s = String(decoding: PackageResources.review_js, as: UTF8.self)
        return s.hasSuffix("\n") ? String(s.dropLast()) : s
    }()

    static let css = """
    .review-banner { background: #e8f7ee; border: 1px solid #34c759; padding: 8px 12px; border-radius: 8px; margin: 8px 0; }
    .review-banner p { margin: 4px 0 0; color: #ff3b30; font-weight: 600; }
    .review, .review-scene { display: flex; gap: 10px; align-items: center; margin: 6px 0 10px; }
    .review button, .review-scene button { font: inherit; padding: 3px 14px; border-radius: 8px; border: 1px solid #c7c7cc; background: #fff; cursor: pointer; }
    .review button.accept, .review-scene button { border-color: #34c759; color: #1d7a37; }
    .review button.reject { border-color: #ff3b30; color: #b3261e; }
    .review button:disabled { opacity: 0.45; cursor: default; }
    .review[data-decision=accepted] .decision { color: #1d7a37; font-weight: 600; }
    .review[data-decision=rejected] .decision { color: #b3261e; font-weight: 600; }
    """
}
